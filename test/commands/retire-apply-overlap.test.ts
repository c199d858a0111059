import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import { main } from '../../src/main.js';
import { runCli, testIO } from '../support/io.js';
import { serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// What `retire apply` does side by side before it writes (issue 33, item 11): the instance id,
// the environments, the project's list and its history are all in flight at once, and the
// plan's paths are searched again while they are, not after them. Through main(), against the
// strict fixture, its answers held until the test has seen what it must.

const { server, dir, tree, clock, env } = useRetireCli('retire-overlap');

const FLAGS: FixtureFlag[] = [
  { name: 'gone-a', stale: true },
  { name: 'gone-b', stale: true },
  { name: 'gone-c', stale: true },
];
const READY = FLAGS.map((f) => f.name);

async function writePlan(): Promise<string> {
  serveCleanup(server, FLAGS);
  const r = await runCli(['retire', 'plan', tree, '-o', 'json'], { env: env(), clock: clock() });
  expect(r.code, r.stderr).toBe(0);
  const path = join(dir, 'plan.json');
  writeFileSync(path, r.stdout);
  server.reset();
  return path;
}

const READS = [
  '/api/admin/ui-config',
  '/api/admin/environments',
  '/api/admin/projects/default/features',
  '/api/admin/search/events',
];
const SEARCHED = (n: number) => `debug: references: the plan's paths searched again for ${n} flags (1 file)\n`;

describe('retire apply overlaps its reads and its second search of the code', () => {
  it('the four reads are all in flight at once, and the plan paths are searched while they are', async () => {
    const path = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const io = testIO({ env: env(), clock: clock() });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    for (const p of READS) server.hold(p, gate);
    // Opened once every read has arrived unanswered and the search has said it is done. Code
    // that waits for one answer before the next read, or for the reads before the search,
    // never gets there: a real-time guard then opens the gate, and the checks below fail.
    let arrivedAll = false;
    const arrived = () => READS.every((p) => server.requests.some((r) => r.url.split('?')[0] === p));
    const check = () => {
      if (!arrivedAll && arrived()) arrivedAll = true;
      if (arrivedAll && io.err.text.includes(SEARCHED(3))) open();
    };
    server.onRequest = check;
    const write = io.err._write.bind(io.err);
    io.err._write = (chunk, enc, done) => {
      write(chunk, enc, done);
      check();
    };
    const guard = setTimeout(open, 3000);
    try {
      const code = await main(['retire', 'apply', path, '--yes', '--debug'], io);
      expect(code, io.err.text).toBe(0);
    } finally {
      clearTimeout(guard);
      server.onRequest = undefined;
    }
    expect(arrivedAll).toBe(true);
    const lines = io.err.text.split('\n');
    const searched = lines.indexOf(SEARCHED(3).slice(0, -1));
    const firstAnswer = lines.findIndex((l) => / -> \d{3} /.test(l));
    expect(searched).toBeGreaterThanOrEqual(0);
    // The search ended before the first of the held reads was answered.
    expect(searched).toBeLessThan(firstAnswer);
    expect(c.writes).toEqual([{ path: 'archive', features: READY }]);
  });

  it('when the judgement keeps fewer flags, the paths are searched again for exactly those, and a reference still stops one', async () => {
    const path = await writePlan();
    const c = serveCleanup(server, FLAGS);
    c.active.get('gone-a')!.stale = false; // no longer stale: skipped by the judgement
    writeFileSync(join(tree, 'late.ts'), "if (unleash.isEnabled('gone-c')) render();\n");
    try {
      const r = await runCli(['retire', 'apply', path, '--yes', '-o', 'json', '--debug'], {
        env: env(),
        clock: clock(),
      });
      expect(r.code, r.stderr).toBe(0);
      // Besides the early search (all three, stopped once it is not wanted), one for the two judged ready.
      expect(r.stderr).toContain(SEARCHED(2).replace('(1 file)', '(2 files)'));
      expect(c.writes).toEqual([{ path: 'archive', features: ['gone-b'] }]);
      const skipped = (JSON.parse(r.stdout) as { skipped: { name: string; reason: string }[] }).skipped;
      expect(skipped.map((s) => s.name).sort()).toEqual(['gone-a', 'gone-c']);
      expect(skipped.find((s) => s.name === 'gone-c')!.reason).toBe(
        `referenced since the plan: 1 reference in ${join(tree, 'late.ts')}`,
      );
    } finally {
      rmSync(join(tree, 'late.ts'));
    }
  });
});
