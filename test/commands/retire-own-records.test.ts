import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/retire/model.js';
import { SkippingClock } from '../support/clock.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { NOW, serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// flagctl's own plans and results kept in the searched paths (a weekly job's earlier runs) name
// every flag they hold; they are not references, for `retire plan` nor for apply's rescan. Any
// other file naming a flag still is.

const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-own-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tree = join(dir, 'repo');
mkdirSync(join(tree, 'retire'), { recursive: true });
writeFileSync(join(tree, 'app.ts'), 'render();\n');

const FLAGS: FixtureFlag[] = [
  { name: 'gone-a', stale: true },
  { name: 'gone-b', stale: true },
  { name: 'gone-c', stale: true },
  { name: 'active-one' },
];
const clock = () => {
  const c = new SkippingClock();
  c.advance(NOW);
  return c;
};
const cli = (args: string[]) =>
  runCli(args, {
    env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' },
    clock: clock(),
  });

describe("flagctl's own records in the searched paths", () => {
  it('retire plan: an earlier plan (json) and result (yaml) are not references; a notes file naming a flag is', async () => {
    const old = JSON.stringify({ kind: 'flagctl-retire-plan', version: 2, flags: [{ name: 'gone-a' }] }, null, 2);
    writeFileSync(join(tree, 'retire', 'plan-2026-11-19.json'), old);
    writeFileSync(
      join(tree, 'retire', 'result-2026-11-19.yaml'),
      'kind: flagctl-retire-result\narchived:\n  - gone-b\n',
    );
    writeFileSync(join(tree, 'notes.json'), '{"todo": "gone-c"}\n');
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '-o', 'json']).finally(() => rmSync(join(tree, 'notes.json')));
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    expect(Object.fromEntries(plan.flags.map((f) => [f.name, f.verdict]))).toEqual({
      'gone-a': 'archive',
      'gone-b': 'archive',
      'gone-c': 'remove-code',
    });
    expect(plan.flags.find((f) => f.name === 'gone-c')!.files).toEqual([join(tree, 'notes.json')]);
  });

  it('retire apply: a result of another run, written into the paths since the plan, stops no flag', async () => {
    serveCleanup(server, FLAGS);
    const made = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(made.code, made.stderr).toBe(0);
    const path = join(dir, 'plan.json');
    writeFileSync(path, made.stdout);
    server.reset();
    writeFileSync(
      join(tree, 'retire', 'result-other.json'),
      JSON.stringify({ kind: 'flagctl-retire-result', archived: [{ name: 'gone-a' }, { name: 'gone-c' }] }, null, 2),
    );
    const c = serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-a', 'gone-b', 'gone-c'] }]);
  });
});
