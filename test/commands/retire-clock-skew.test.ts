import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
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

/** The record `retire apply` writes of a plan made at NOW whose history mark is `mark`, naming `archived`. */
function writeRecord(c: Cleanup, file: string, mark: { id: number; createdAt: string }, archived: string[]): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    JSON.stringify({
      kind: 'flagctl-retire-result',
      version: 1,
      server: server.url,
      instance: c.instanceId.value,
      project: 'default',
      plan: 'sha256:0',
      planCreatedAt: new Date(NOW).toISOString(),
      planHistoryMark: mark,
      complete: true,
      archived,
      skipped: [],
      failed: [],
      unverified: [],
      unclear: [],
      notAttempted: [],
      interrupted: false,
      earlier: [],
      notes: [],
    }),
  );
  return path;
}

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
    c.serverDate = new Date(Date.parse(serverTime(0))).toUTCString();
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
    // The record carries the plan's mark, for revive --from to judge by.
    expect((JSON.parse(r.stdout) as { planHistoryMark: unknown }).planHistoryMark).toEqual({
      id: 2,
      createdAt: serverTime(-43_199),
      settled: true,
    });
  });
});

describe('features revive --from and a server whose clock is ahead of the plan machine', () => {
  it("a flag revived minutes before the plan (by the server clock, after the plan time by ours), then archived by apply, is the record's archive: revived", async () => {
    const c = serveCleanup(server, [{ name: 'gone-b', stale: true }]);
    c.archived.set('gone-a', { name: 'gone-a', stale: true });
    // The server's clock runs ten minutes ahead of ours: the plan made at NOW (ours) read the
    // server at NOW + 10 min (its), five minutes after someone revived gone-a.
    const ahead = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
    c.events.unshift(
      { id: 1, type: 'feature-created', featureName: 'gone-a', project: 'default', createdAt: ahead(-43_200) },
      { id: 2, type: 'feature-revived', featureName: 'gone-a', project: 'default', createdAt: ahead(5) },
    );
    c.events.unshift({
      id: 3,
      type: 'feature-archived',
      featureName: 'gone-a',
      project: 'default',
      createdAt: ahead(11),
    });
    c.events.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    // The record apply writes of that plan: its time by our clock, its mark by the server's ids.
    const record = writeRecord(c, 'result.json', { id: 2, createdAt: ahead(5) }, ['gone-a']);
    const r = await cli(['features', 'revive', '--from', record, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'revive', features: ['gone-a'] }]);
    expect((JSON.parse(r.stdout) as { revived: string[]; skipped: unknown[] }).skipped).toEqual([]);
  });
});

describe('features revive --from and a record edited by hand', () => {
  it('a name added to archived, whose archive came before the plan, is skipped; the record own archive is revived', async () => {
    const c = serveCleanup(server, []);
    c.archived.set('gone-a', { name: 'gone-a', stale: true });
    // Archived a month ago, by someone else, for reasons of their own.
    c.archived.set('old-decision', { name: 'old-decision' });
    const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
    c.events.unshift(
      { id: 1, type: 'feature-archived', featureName: 'old-decision', project: 'default', createdAt: at(-43_200) },
      { id: 2, type: 'feature-created', featureName: 'other', project: 'default', createdAt: at(-1) },
      { id: 3, type: 'feature-archived', featureName: 'gone-a', project: 'default', createdAt: at(1) },
    );
    c.events.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    const record = writeRecord(c, 'edited.json', { id: 2, createdAt: at(-1) }, ['gone-a', 'old-decision']);
    const r = await cli(['features', 'revive', '--from', record, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'revive', features: ['gone-a'] }]);
    expect(skips(r.stdout)).toEqual({
      'old-decision':
        "no archive of it in the project's history since the plan: not archived by this record (was the file edited?)",
    });
  });
});

describe("retire apply reads the history since the plan's mark, and no further", () => {
  it('a burst of events seconds before the plan is not read past: one page', async () => {
    const c = serveCleanup(server, FLAGS);
    // A thousand flags revived ten seconds before the plan, then one more change: the mark.
    for (let i = 0; i < 1000; i++) event(c, -10 / 60, 'feature-revived', `burst-${i}`);
    event(c, 0, 'feature-strategy-updated', 'gone-b');
    const plan = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const path = join(dir, 'plan-burst.json');
    writeFileSync(path, plan.stdout);
    server.reset();

    const d = serveCleanup(server, FLAGS);
    d.events.push(...c.events);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(d.writes).toEqual([{ path: 'archive', features: ['gone-a', 'gone-b'] }]);
    const before = server.requests.slice(
      0,
      server.requests.findIndex((q) => q.url === '/api/admin/projects/default/archive'),
    );
    const history = before.filter((q) => q.url.startsWith('/api/admin/search/events'));
    expect(history.map((q) => new URL(q.url, server.url).searchParams.get('limit'))).toEqual(['100']);
  });
});

describe("retire apply and a mark the server's clock had already left behind", () => {
  /** The plan's history, as retire plan reads it with the server's Date header at `secondsAfterMark`. */
  async function planAt(c: Cleanup, secondsAfterMark: number, file: string): Promise<string> {
    c.serverDate = new Date(Date.parse(serverTime(0)) + secondsAfterMark * 1000).toUTCString();
    const plan = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const path = join(dir, file);
    writeFileSync(path, plan.stdout);
    server.reset();
    return path;
  }

  it('a burst within 2 s of the mark, read 10 s after it: apply reads the history up to the mark only, one page', async () => {
    const c = serveCleanup(server, FLAGS);
    // 1,000 archives and 1,000 revives within the second before the mark (the bench's history).
    for (let i = 0; i < 1000; i++) event(c, -0.9 / 60, 'feature-archived', `burst-${i}`);
    for (let i = 0; i < 1000; i++) event(c, -0.5 / 60, 'feature-revived', `burst-${i}`);
    event(c, 0, 'feature-revived', 'burst-last');
    const path = await planAt(c, 10, 'plan-settled.json');
    expect((JSON.parse(readFileSync(path, 'utf8')) as { historyMark: unknown }).historyMark).toEqual({
      id: nextId - 1,
      createdAt: serverTime(0),
      settled: true,
    });

    const d = serveCleanup(server, FLAGS);
    d.events.push(...c.events);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(d.writes).toEqual([{ path: 'archive', features: ['gone-a', 'gone-b'] }]);
    const before = server.requests.slice(
      0,
      server.requests.findIndex((q) => q.url === '/api/admin/projects/default/archive'),
    );
    const history = before.filter((q) => q.url.startsWith('/api/admin/search/events'));
    expect(history.map((q) => new URL(q.url, server.url).searchParams.get('limit'))).toEqual(['100']);
  });

  it('a mark read within 2 s of its time: an archive and revive with later ids and an earlier time (commit order) are still found', async () => {
    const c = serveCleanup(server, FLAGS);
    event(c, -1, 'feature-created', 'gone-a');
    event(c, 0, 'feature-strategy-updated', 'gone-b');
    const path = await planAt(c, 0.5, 'plan-unsettled.json');
    expect((JSON.parse(readFileSync(path, 'utf8')) as { historyMark: { settled?: boolean } }).historyMark.settled).toBe(
      undefined,
    );

    const d = serveCleanup(server, FLAGS);
    d.events.push(...c.events);
    // Writes that began a second before the mark's and committed after the plan read it.
    event(d, -1 / 60, 'feature-archived', 'gone-a');
    event(d, -0.5 / 60, 'feature-revived', 'gone-a');
    d.events.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(d.writes).toEqual([{ path: 'archive', features: ['gone-b'] }]);
    expect(skips(r.stdout)['gone-a']).toMatch(/^archived and revived since the plan/);
  });
});
