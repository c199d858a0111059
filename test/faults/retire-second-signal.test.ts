import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { SkippingClock } from '../support/clock.js';
import { NOW, serveCleanup } from '../support/retire-fixture.js';

// A second SIGTERM quits at once, while the archive request is in flight: the record on disk is
// the one written before that request, which names its batch sent and not verified. From that
// record a re-run of the plan finishes the job, and `features revive --from` undoes exactly
// what was archived, whichever way the request in flight went.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = new FixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-second-'));

beforeAll(async () => {
  mkdirSync(join(dir, 'empty'));
  await server.start();
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Doc {
  archived: string[];
  revived?: string[];
  skipped: { name: string; reason: string }[];
  unverified: { name: string; message: string }[];
  notAttempted: string[];
  complete: boolean;
}

it('a second SIGTERM during the request in flight: exit 143 at once, a true record; apply again finishes, revive --from undoes', async () => {
  const flags = Array.from({ length: 150 }, (_, i) => ({ name: `twice-${String(i).padStart(3, '0')}`, stale: true }));
  const cleanup = serveCleanup(server, flags);
  const names = flags.map((f) => f.name);
  const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.twice-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
  // The plan is made at the fixture's NOW, so that the events the fixture stamps after NOW are after the plan.
  const clock = new SkippingClock();
  clock.advance(NOW);
  const plan = await runCli(['retire', 'plan', join(dir, 'empty'), '-o', 'json'], { env, clock });
  expect(plan.code, plan.stderr).toBe(0);
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, plan.stdout);
  const result = join(dir, 'result.json');
  const child = spawn(process.execPath, [BIN, 'retire', 'apply', planFile, '--yes', '--result', result], {
    env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const closed = new Promise((resolve) => child.on('close', resolve));
  let release!: () => void;
  const answered = new Promise<void>((r) => (release = r));
  cleanup.onArchive = async () => {
    cleanup.onArchive = undefined;
    child.kill('SIGTERM');
    while (!err.includes('stopping after the request in flight')) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGTERM');
    await answered; // the server carries the batch out only after the process is gone
  };
  expect(await closed).toBe(143);
  release();
  // The request the process no longer waited for still archived its 100 flags.
  while (cleanup.archived.size < 100) await new Promise((r) => setTimeout(r, 20));
  const stopped = JSON.parse(readFileSync(result, 'utf8')) as Doc;
  expect(stopped.complete).toBe(false);
  expect(stopped.archived).toEqual([]);
  expect(stopped.unverified.map((u) => u.name)).toEqual(names.slice(0, 100));
  expect(stopped.notAttempted).toEqual(names.slice(100));

  // Finish from the plan: the 100 archived by the request in flight are skipped as already
  // archived, the 50 never sent are archived.
  const again = join(dir, 'again.json');
  const finish = await runCli(['retire', 'apply', planFile, '--yes', '--result', again], { env });
  expect(finish.code, finish.stderr).toBe(0);
  const done = JSON.parse(readFileSync(again, 'utf8')) as Doc;
  expect(done.archived).toEqual(names.slice(100));
  expect(done.skipped).toEqual(names.slice(0, 100).map((name) => ({ name, reason: 'already archived' })));

  // Undo from the two records: the stopped one names the 100 in flight, the second the 50.
  for (const [record, revived] of [
    [result, names.slice(0, 100)],
    [again, names.slice(100)],
  ] as const) {
    const undo = await runCli(['features', 'revive', '--from', record, '-o', 'json'], { env });
    expect(undo.code, undo.stderr).toBe(0);
    expect((JSON.parse(undo.stdout) as Doc).revived).toEqual(revived);
  }
  expect(cleanup.archived.size).toBe(0);
  expect(cleanup.active.size).toBe(150);
}, 60_000);
