import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeNames, useOwnServers, versions, type Server } from './own-servers.js';
import { adminGet, flagctl, target } from './cli.js';

// `retire plan`, `retire apply` and `features revive` against real Unleash servers of their
// own: archiving changes feature counts, which the other e2e files assert on the shared ones.
// The open-source server has only the `default` project (projects need Enterprise), so each
// fresh server's `default` holds only this file's flags, one per case.

const own = useOwnServers('retire', (servers) => Promise.all(servers.map(seedCases)));
const dir = own.dir;
mkdirSync(join(dir, 'src'));
writeFileSync(join(dir, 'src', 'app.ts'), "if (unleash.isEnabled('r-stale-used')) showNewThing();\n");

const CASES = {
  'r-stale-free': 'archive', // stale, not referenced
  'r-stale-used': 'remove-code', // stale, referenced
  'r-old': 'archive', // potentially stale: a release created in 2020
  'r-completed': 'archive', // lifecycle completed (discarded)
  'r-parent': 'blocked', // stale, parent of r-child
  'r-seen': 'blocked', // stale, seen by an SDK just now
  'r-change': 'archive', // stale at plan time, un-staled before apply
} as const;

async function post(s: Server, path: string, body: unknown, token = s.adminToken): Promise<unknown> {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function seedCases(s: Server): Promise<void> {
  const create = (name: string, extra: Record<string, unknown> = {}) =>
    post(s, '/api/admin/projects/default/features', { name, type: 'release', ...extra });
  for (const name of Object.keys(CASES))
    await create(name, name === 'r-old' ? { createdAt: '2020-03-02T09:00:00.000Z' } : {});
  await create('r-child');
  await post(s, '/api/admin/projects/default/features/r-child/dependencies', { feature: 'r-parent' });
  await post(s, '/api/admin/projects/default/stale', {
    features: ['r-stale-free', 'r-stale-used', 'r-parent', 'r-seen', 'r-change'],
    stale: true,
  });
  // Seen: metrics through a client token; the server's scheduled job sets lastSeenAt (a few seconds here).
  const token = (await post(s, '/api/admin/api-tokens', {
    type: 'client',
    environment: 'development',
    projects: ['*'],
    tokenName: 'retire-e2e',
  })) as { secret: string };
  const at = new Date().toISOString();
  await post(
    s,
    '/api/client/metrics',
    {
      appName: 'retire-e2e',
      instanceId: 'e2e',
      bucket: { start: at, stop: at, toggles: { 'r-seen': { yes: 5, no: 1 } } },
    },
    token.secret,
  );
  for (let i = 0; ; i++) {
    const doc = (await adminGet(s, '/api/admin/projects/default/features/r-seen')) as {
      environments: { lastSeenAt: string | null }[];
    };
    if (doc.environments.some((e) => e.lastSeenAt)) break;
    if (i >= 60) throw new Error('r-seen: no lastSeenAt after 60 s of polling');
    await new Promise((r) => setTimeout(r, 1000));
  }
  // Completed last, and until it holds: the servers record a new flag's 'initial' stage
  // asynchronously, and a late 'initial' overwrites 'completed' (the shared seed does the same).
  for (let i = 0; ; i++) {
    await post(s, '/api/admin/projects/default/features/r-completed/lifecycle/complete', { status: 'discarded' });
    await new Promise((r) => setTimeout(r, 500));
    const doc = (await adminGet(s, '/api/admin/projects/default/features/r-completed')) as {
      lifecycle?: { stage?: string };
    };
    if (doc.lifecycle?.stage === 'completed') break;
    if (i >= 20) throw new Error(`r-completed: lifecycle stage ${doc.lifecycle?.stage} after 20 tries to complete it`);
  }
}

const archivedNames = async (s: Server) =>
  (
    (await adminGet(s, '/api/admin/search/features?archived=IS:true&project=IS:default&limit=100')) as {
      features: { name: string }[];
    }
  ).features
    .map((f) => f.name)
    .sort();

describe.each(versions)('retire on Unleash %s', (version) => {
  const server = () => own.server(version);

  it('plan, change one flag, apply, check the archived set, revive', async () => {
    const s = server();
    const env = target(s, s.adminToken);
    const plan = await flagctl(['retire', 'plan', join(dir, 'src'), '-o', 'json', '--debug'], env);
    expect(plan.code, plan.stderr).toBe(0);
    // What the plan reads: the history's newest event, the list, the types, ONE search (lifecycle completed), one page of the
    // project's completion, uncompletion, archive, revive and delete events (no flag here is
    // completed without search knowing: no stage rows read), the instance's dependency answer
    // (true: r-child depends on r-parent), then each candidate's document.
    const gets = plan.stderr
      .split('\n')
      .filter((l) => /^debug: GET \S+ -> \d{3} /.test(l))
      .map((l) => l.split(' ')[2]!.replace(s.url, ''));
    expect(gets.filter((u) => u.startsWith('/api/admin/search/')).sort()).toEqual([
      // The history's newest event: apply's "since the plan" (the plan's historyMark).
      '/api/admin/search/events?project=IS%3Adefault&offset=0&limit=1',
      expect.stringMatching(
        /^\/api\/admin\/search\/events\?project=IS%3Adefault&type=IS_ANY_OF%3Afeature-completed%2C/,
      ),
      expect.stringMatching(/^\/api\/admin\/search\/features\?.*lifecycle=IS%3Acompleted/),
    ]);
    expect(gets.filter((u) => u.endsWith('/lifecycle'))).toEqual([]);
    expect(gets).toContain('/api/admin/projects/default/dependencies');
    expect(gets.filter((u) => u.startsWith('/api/admin/projects/default/features/')).sort()).toEqual(
      Object.keys(CASES)
        .sort()
        .map((n) => `/api/admin/projects/default/features/${n}`),
    );
    const doc = JSON.parse(plan.stdout) as {
      historyMark: { id: number; createdAt: string | null; settled?: boolean } | null;
      flags: {
        name: string;
        verdict: string;
        keep: string | null;
        files: string[];
        checks: { check: string; pass: boolean }[];
      }[];
    };
    // Both servers give their events ids: the mark is the seeded project's newest event.
    // `settled` when the server's Date header was more than 3 s past the event: it depends on how
    // long ago the test's last write was, so it may be either; when set, the event is that old.
    const settled = doc.historyMark?.settled;
    expect(doc.historyMark).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      ...(settled === undefined ? {} : { settled: true }),
    });
    expect(doc.historyMark!.id).toBeGreaterThan(0);
    if (settled) expect(Date.now() - Date.parse(doc.historyMark!.createdAt!)).toBeGreaterThan(3000);
    expect(Object.fromEntries(doc.flags.map((f) => [f.name, f.verdict]))).toEqual(CASES);
    expect(doc.flags.find((f) => f.name === 'r-stale-used')!.files).toEqual([join(dir, 'src', 'app.ts')]);
    expect(
      doc.flags
        .find((f) => f.name === 'r-parent')!
        .checks.filter((c) => !c.pass)
        .map((c) => c.check),
    ).toEqual(['no-dependents']);
    expect(
      doc.flags
        .find((f) => f.name === 'r-seen')!
        .checks.filter((c) => !c.pass)
        .map((c) => c.check),
    ).toEqual(['not-seen']);
    expect(await archivedNames(s)).toEqual([]); // the plan wrote nothing

    const planFile = join(dir, `plan-${version}.json`);
    writeFileSync(planFile, plan.stdout);
    await post(s, '/api/admin/projects/default/stale', { features: ['r-change'], stale: false });

    const resultFile = join(dir, `result-${version}.json`);
    const apply = await flagctl(['retire', 'apply', planFile, '--yes', '--result', resultFile, '--debug'], env);
    expect(apply.code, apply.stderr).toBe(0);
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as {
      archived: string[];
      skipped: { name: string; reason: string }[];
      failed: unknown[];
    };
    expect(result.archived.sort()).toEqual(['r-completed', 'r-old', 'r-stale-free']);
    expect(result.skipped).toEqual([{ name: 'r-change', reason: 'changed since the plan: no longer marked stale' }]);
    expect(result.failed).toEqual([]);
    // One bulk archive, after validate (a read that names parents with a new child): under --yes
    // asked beside the judgement's reads about every planned flag, and again about the rest
    // since the judgement skipped r-change.
    const posts = apply.stderr
      .split('\n')
      .filter((l) => /^debug: POST \S+ -> \d{3} /.test(l))
      .map((l) => l.split(' ')[2]!.replace(s.url, ''));
    expect(posts).toEqual([
      '/api/admin/projects/default/archive/validate',
      '/api/admin/projects/default/archive/validate',
      '/api/admin/projects/default/archive',
    ]);
    expect(apply.stderr.split('\n').filter((l) => l.startsWith('debug: write: POST '))).toEqual([
      'debug: write: POST /api/admin/projects/default/archive {features: 3 names: r-completed, r-old, r-stale-free}',
    ]);
    expect(await archivedNames(s)).toEqual(['r-completed', 'r-old', 'r-stale-free']);
    // Why apply verifies through search: a flag's document answers 404 once it is archived, as for a deleted flag.
    const archivedDoc = await fetch(`${s.url}/api/admin/projects/default/features/r-old`, {
      headers: { authorization: s.adminToken },
    });
    expect(archivedDoc.status).toBe(404);

    const again = await flagctl(['retire', 'apply', planFile, '--yes', '-o', 'json'], env);
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { archived: string[] }).archived).toEqual([]);

    const revive = await flagctl(['features', 'revive', '--from', resultFile], env);
    expect(revive.code, revive.stderr).toBe(0);
    expect(await archivedNames(s)).toEqual([]);
    expect(await activeNames(s)).toEqual([...Object.keys(CASES), 'r-child'].sort());
  });

  it('a child added since the plan: validate names its parent, apply skips it and archives the rest in one request, unrefused', async () => {
    const s = server();
    const env = target(s, s.adminToken);
    // Archiving the child deletes the dependency (a revived child does not get it back), so
    // r-parent is ready at plan time; then a new child names it before apply.
    await post(s, '/api/admin/projects/default/archive', { features: ['r-child'] });
    // The first test's revive resets r-completed's lifecycle, but the servers do it in an event
    // listener after answering the revive: wait until it shows, as the seed waits for its stages.
    for (let i = 0; ; i++) {
      const doc = (await adminGet(s, '/api/admin/projects/default/features/r-completed')) as {
        lifecycle?: { stage?: string };
      };
      if (doc.lifecycle?.stage !== 'completed') break;
      if (i >= 40) throw new Error('r-completed: still in lifecycle stage completed 20 s after its revive');
      await new Promise((r) => setTimeout(r, 500));
    }
    const plan = await flagctl(['retire', 'plan', join(dir, 'src'), '-o', 'json'], env);
    expect(plan.code, plan.stderr).toBe(0);
    const verdicts = Object.fromEntries(
      (JSON.parse(plan.stdout) as { flags: { name: string; verdict: string }[] }).flags.map((f) => [f.name, f.verdict]),
    );
    // The first test's revive put r-completed back in lifecycle stage initial: no longer a candidate.
    expect(verdicts).toEqual({
      'r-parent': 'archive',
      'r-stale-free': 'archive',
      'r-old': 'archive',
      'r-stale-used': 'remove-code',
      'r-seen': 'blocked',
    });
    const planFile = join(dir, `plan-parent-${version}.json`);
    writeFileSync(planFile, plan.stdout);
    await post(s, '/api/admin/projects/default/features', { name: 'r-child2', type: 'release' });
    await post(s, '/api/admin/projects/default/features/r-child2/dependencies', { feature: 'r-parent' });
    const resultFile = join(dir, `result-parent-${version}.json`);
    const apply = await flagctl(['retire', 'apply', planFile, '--yes', '--result', resultFile, '--debug'], env);
    expect(apply.code, apply.stderr).toBe(0);
    // One archive request, answered 202: the parent was left out before the server could refuse the batch for it.
    expect(
      apply.stderr
        .split('\n')
        .filter((l) => /^debug: POST \S+\/archive -> /.test(l))
        .map((l) => l.split(' -> ')[1]!.slice(0, 3)),
    ).toEqual(['202']);
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as {
      archived: string[];
      skipped: { name: string; reason: string }[];
    };
    expect(result.skipped).toContainEqual({
      name: 'r-parent',
      reason: 'changed since the plan: other flags now depend on it',
    });
    expect(result.archived.sort()).toEqual(['r-old', 'r-stale-free']);
    expect(await activeNames(s)).toContain('r-parent');
    await flagctl(['features', 'revive', '--from', resultFile], env);
  });
});
