import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import { NOW, serveCleanup, type Cleanup, type FixtureFlag } from '../support/retire-fixture.js';

// Apply's "touched since the plan" judged on the server's clock: the machine that made the plan
// may run minutes ahead of the server, and an archive and revive inside that gap is still after
// the plan. Through main(), against the strict fixture, whose events carry the servers' ids.

const { server, dir, tree, cli } = useRetireCli('retire-skew');

const FLAGS: FixtureFlag[] = [
  { name: 'gone-a', stale: true },
  { name: 'gone-b', stale: true },
];

/** The server's clock: ten minutes behind the machine that runs flagctl (NOW). */
const SERVER_BEHIND_MS = 10 * 60_000;
const serverTime = (minutesAfterPlan: number) =>
  new Date(NOW - SERVER_BEHIND_MS + minutesAfterPlan * 60_000).toISOString();

let nextId = 1;
const event = (c: Cleanup, minutesAfterPlan: number, type: string, featureName: string) =>
  c.events.unshift({
    id: nextId++,
    type,
    featureName,
    project: 'default',
    createdAt: serverTime(minutesAfterPlan),
  });

const skips = (stdout: string) =>
  Object.fromEntries(
    (JSON.parse(stdout) as { skipped: { name: string; reason: string }[] }).skipped.map((s) => [s.name, s.reason]),
  );

describe('retire apply and a server whose clock is behind the plan machine', () => {
  it('a flag archived and revived minutes after the plan (by the server clock, before the plan time by ours) is skipped', async () => {
    const c = serveCleanup(server, FLAGS);
    // The project's history before the plan: both flags created a month ago.
    event(c, -43_200, 'feature-created', 'gone-a');
    event(c, -43_199, 'feature-created', 'gone-b');
    const plan = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const path = join(dir, 'plan.json');
    writeFileSync(path, plan.stdout);
    server.reset();

    const d = serveCleanup(server, FLAGS);
    d.events.push(...c.events);
    // Two and three minutes after the plan, on the server's clock: seven minutes before NOW.
    event(d, 2, 'feature-archived', 'gone-a');
    event(d, 3, 'feature-revived', 'gone-a');
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(d.writes).toEqual([{ path: 'archive', features: ['gone-b'] }]);
    expect(skips(r.stdout)).toEqual({
      'gone-a': `archived and revived since the plan (${serverTime(3)}): not the flag that was reviewed`,
    });
  });
});
