import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import { planDigest, stateDigest, type Plan } from '../../src/retire/model.js';
import { expectUsageError } from '../support/usage.js';
import { iso, NOW, serveCleanup, type Cleanup, type FixtureFlag } from '../support/retire-fixture.js';

// What `retire apply` judges before it writes (issue 33, items 4, 5, 7 and 9), and how a
// reviewer narrows a plan (--only, --skip): through main(), against the strict fixture.

const { server, dir, tree, cli } = useRetireCli('retire-judge');

const FLAGS: FixtureFlag[] = [
  { name: 'gone-a', stale: true },
  { name: 'gone-b', stale: true },
  { name: 'gone-c', stale: true },
  { name: 'active-one' },
];
const READY = ['gone-a', 'gone-b', 'gone-c'];

async function writePlan(paths = [tree], setup?: (c: Cleanup) => void): Promise<{ path: string; plan: Plan }> {
  const c = serveCleanup(server, FLAGS);
  setup?.(c);
  const r = await cli(['retire', 'plan', ...paths, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const path = join(dir, 'plan.json');
  writeFileSync(path, r.stdout);
  server.reset();
  return { path, plan: JSON.parse(r.stdout) as Plan };
}

/** An event in the project's history after the plan (which was made at NOW). */
const after = (c: Cleanup, minutes: number, type: string, featureName: string) =>
  c.events.unshift({
    type,
    featureName,
    project: 'default',
    createdAt: new Date(NOW + minutes * 60_000).toISOString(),
  });

const skips = (stdout: string) =>
  Object.fromEntries(
    (JSON.parse(stdout) as { skipped: { name: string; reason: string }[] }).skipped.map((s) => [s.name, s.reason]),
  );

describe('retire apply judges the live state by the plan rules', () => {
  it('a plan whose digests were recomputed after an edit does not archive a flag no longer stale, nor one seen minutes ago', async () => {
    const { path, plan } = await writePlan();
    const c = serveCleanup(
      server,
      FLAGS.map((f) =>
        f.name === 'gone-a'
          ? { ...f, stale: false }
          : f.name === 'gone-b'
            ? { ...f, lastSeen: new Date(NOW - 2 * 60_000).toISOString() }
            : f,
      ),
    );
    // The edit: each flag's state made to match the server, its digest and the plan's recomputed.
    for (const f of plan.flags) {
      if (f.name === 'gone-a') f.state.stale = false;
      if (f.name === 'gone-b')
        f.state.seen = f.state.seen.map(([w, at]) => [
          w,
          w === 'production' ? new Date(NOW - 2 * 60_000).toISOString() : at,
        ]);
      f.stateDigest = stateDigest(f.state);
    }
    plan.digest = planDigest(plan);
    writeFileSync(path, JSON.stringify(plan));
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-c'] }]);
    expect(skips(r.stdout)).toEqual({
      'gone-a': 'no longer a candidate: not stale, potentially stale or in lifecycle stage completed',
      'gone-b': `not-seen: seen ${new Date(NOW - 2 * 60_000).toISOString()} in production, within the last 30 days (--unseen-days)`,
    });
  });

  it('a flag deleted and created again under the same name is not the flag reviewed: skipped, by its history and by its createdAt', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(
      server,
      FLAGS.map((f) => (f.name === 'gone-a' || f.name === 'gone-b' ? { ...f, createdAt: iso(0) } : f)),
    );
    // gone-a's history says so; gone-b's was not kept (only its createdAt differs).
    after(c, 1, 'feature-archived', 'gone-a');
    after(c, 2, 'feature-deleted', 'gone-a');
    after(c, 3, 'feature-created', 'gone-a');
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-c'] }]);
    expect(skips(r.stdout)).toEqual({
      'gone-a': `created again since the plan (${new Date(NOW + 3 * 60_000).toISOString()}): not the flag that was reviewed`,
      'gone-b': `changed since the plan: a different flag under the same name (created ${iso(0)}; the plan's was created ${iso(5)})`,
    });
  });

  it('a flag archived and revived since the plan is skipped; one archived or deleted since is named so', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    after(c, 1, 'feature-archived', 'gone-a');
    after(c, 2, 'feature-revived', 'gone-a');
    c.active.delete('gone-b');
    after(c, 1, 'feature-deleted', 'gone-b');
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-c'] }]);
    expect(skips(r.stdout)).toEqual({
      'gone-a': `archived and revived since the plan (${new Date(NOW + 2 * 60_000).toISOString()}): not the flag that was reviewed`,
      'gone-b': 'deleted since the plan',
    });
  });

  it('the history since the plan: a first page of 100 when the project is quiet; pages of 1,000 after it when busy, read until the plan', async () => {
    const { path } = await writePlan();
    const limits = () =>
      server.requests
        .slice(
          0,
          server.requests.findIndex((q) => q.url === '/api/admin/projects/default/archive'),
        )
        .filter((q) => q.url.startsWith('/api/admin/search/events'))
        .map((q) => new URL(q.url, server.url).searchParams.get('limit'));
    serveCleanup(server, FLAGS);
    const quiet = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(limits()).toEqual(['100']);

    server.reset();
    const { path: again } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    after(c, 1, 'feature-archived', 'gone-a');
    after(c, 2, 'feature-revived', 'gone-a');
    // 150 newer events of other flags: gone-a's revive is on the second page.
    for (let i = 0; i < 150; i++) after(c, 3, 'feature-created', `other-${i}`);
    const busy = await cli(['retire', 'apply', again, '--yes', '-o', 'json']);
    expect(busy.code, busy.stderr).toBe(0);
    expect(limits()).toEqual(['100', '1000']);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-b', 'gone-c'] }]);
    expect(skips(busy.stdout)).toEqual({
      'gone-a': `archived and revived since the plan (${new Date(NOW + 2 * 60_000).toISOString()}): not the flag that was reviewed`,
    });
  });

  it('a feature list or history of the wrong shape stops apply before any write, naming where', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    c.onList = () => ({ status: 200, body: { features: [{ name: 'gone-a', stale: 'yes' }] } });
    const list = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(list.code).not.toBe(0);
    expect(list.stderr).toMatch(/features\.0\.stale: expected boolean, received string/);
    expect(c.writes).toEqual([]);

    server.reset();
    const d = serveCleanup(server, FLAGS);
    d.onEvents = () => ({ status: 200, body: { events: [{ type: 'feature-created', createdAt: 5 }], total: 1 } });
    const history = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(history.code).not.toBe(0);
    expect(history.stderr).toMatch(/events\.0\.createdAt: expected string, received number/);
    expect(d.writes).toEqual([]);
  });

  it('another instance behind the same URL is refused (exit 2), nothing written', async () => {
    const { path, plan } = await writePlan();
    expect(plan.instance).toBe('a1b2c3d4-0000-4000-8000-000000000001');
    const c = serveCleanup(server, FLAGS);
    c.instanceId.value = 'ffffffff-0000-4000-8000-000000000002';
    const r = await cli(['retire', 'apply', path, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flagctl: the plan was made on the instance a1b2c3d4-0000-4000-8000-000000000001 at ${server.url}, but that URL now answers as the instance ffffffff-0000-4000-8000-000000000002: another server; nothing was archived. Make a new plan there\n`,
    );
    expect(r.stdout).toBe('');
    expect(c.writes).toEqual([]);
    expect(server.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('an environment of the instance that the project does not enable: the plan claims no "not seen" there, and apply judges it again', async () => {
    const { plan } = await writePlan([tree], (c) => c.environments.push({ name: 'staging', enabled: true }));
    expect(plan.environments).toEqual({
      instance: ['development', 'production', 'staging'],
      project: ['development', 'production'],
    });
    expect(plan.flags.filter((f) => f.verdict === 'archive')).toEqual([]);
    expect(plan.flags.find((f) => f.name === 'gone-a')!.checks.find((x) => x.check === 'not-seen')).toEqual({
      check: 'not-seen',
      pass: false,
      evidence:
        'never seen in development, production, but not known for environment staging: not enabled in the project, so the server reports no lastSeenAt there',
    });

    // Made while the project saw every environment; one added to the instance before apply.
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    c.environments.push({ name: 'staging', enabled: true });
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([]);
    expect(skips(r.stdout)['gone-a']).toBe(
      'not-seen: never seen in development, production, but not known for environment staging: not enabled in the project, so the server reports no lastSeenAt there',
    );
  });

  it('a reference added since the plan stops its flag; paths that are not here are said on stderr and in the result', async () => {
    const { path } = await writePlan();
    writeFileSync(join(tree, 'late.ts'), "if (unleash.isEnabled('gone-b')) render();\n");
    try {
      const c = serveCleanup(server, FLAGS);
      const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(c.writes).toEqual([{ path: 'archive', features: ['gone-a', 'gone-c'] }]);
      expect(skips(r.stdout)).toEqual({
        'gone-b': `referenced since the plan: 1 reference in ${join(tree, 'late.ts')}`,
      });
    } finally {
      rmSync(join(tree, 'late.ts'));
    }

    server.reset();
    const gone = join(dir, 'checkout');
    mkdirSync(gone);
    const { path: elsewhere } = await writePlan([gone]);
    rmSync(gone, { recursive: true });
    const c = serveCleanup(server, FLAGS);
    const result = join(dir, 'result.json');
    const r = await cli(['retire', 'apply', elsewhere, '--yes', '--result', result]);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: READY }]);
    const note = `references not checked again in ${gone}: not found here (the plan's paths, from where retire plan ran)`;
    expect(r.stderr).toContain(`note: ${note}\n`);
    expect((JSON.parse(readFileSync(result, 'utf8')) as { notes: string[] }).notes).toEqual([note]);
  });

  it('the plan and result files lying in the searched paths are not references: `retire plan . --out plan.json`, then apply, twice', async () => {
    const here = join(dir, 'repo');
    mkdirSync(here, { recursive: true });
    writeFileSync(join(here, 'app.ts'), 'render();\n');
    const file = join(here, 'plan.json');
    const result = join(here, 'result.json');
    // A plan of last week is already there, and is overwritten.
    writeFileSync(file, JSON.stringify({ flags: READY.map((name) => ({ name })) }));
    let c = serveCleanup(server, FLAGS);
    const plan = await cli(['retire', 'plan', here, '--out', file]);
    expect(plan.code, plan.stderr).toBe(0);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Plan).flags.map((f) => [f.name, f.verdict])).toEqual(
      READY.map((n) => [n, 'archive']),
    );
    server.reset();
    c = serveCleanup(server, FLAGS);
    const apply = await cli(['retire', 'apply', file, '--yes', '--result', result]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: READY }]);
    const again = await cli(['retire', 'apply', file, '--yes', '--result', result, '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    // Already archived, by the first run, whose record this one replaces: carried over, nothing sent again.
    expect(skips(again.stdout)).toEqual({});
    expect(JSON.parse(again.stdout)).toMatchObject({ archived: READY, earlier: READY });
    expect(c.writes).toHaveLength(1);
    rmSync(here, { recursive: true });
  });

  it('a version 1 plan (made before these checks) is refused with how to make a new one', async () => {
    const { path, plan } = await writePlan();
    writeFileSync(path, JSON.stringify({ ...plan, version: 1 }));
    expectUsageError(
      await cli(['retire', 'apply', path, '--yes']),
      `flagctl: plan file "${path}": plan version 1 is not one this flagctl reads (version 2) (it lacks the instance id, the flags' creation times and the environments that apply checks). Make a new one with \`flagctl retire plan --out plan.json\`.\n`,
      server,
    );
  });
});

describe('retire apply --only and --skip', () => {
  it('narrow the plan at apply time; the others are reported skipped by the option', async () => {
    const { path } = await writePlan();
    let c = serveCleanup(server, FLAGS);
    const only = await cli(['retire', 'apply', path, '--yes', '-o', 'json', '--only', 'gone-a,gone-b']);
    expect(only.code, only.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-a', 'gone-b'] }]);
    expect(skips(only.stdout)).toEqual({ 'gone-c': 'not in --only' });

    server.reset();
    c = serveCleanup(server, FLAGS);
    const skip = await cli(['retire', 'apply', path, '--yes', '-o', 'json', '--skip', 'gone-b', '--skip', 'gone-c']);
    expect(skip.code, skip.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-a'] }]);
    expect(skips(skip.stdout)).toEqual({ 'gone-b': 'by --skip', 'gone-c': 'by --skip' });
  });

  it('a name that is not in the plan is refused before anything is sent (exit 2), naming the plan names', async () => {
    const { path } = await writePlan();
    expectUsageError(
      await cli(['retire', 'apply', path, '--yes', '--only', 'gone-a,gone-x']),
      'flagctl: --only: "gone-x" is not in the plan; the plan\'s flags: gone-a, gone-b, gone-c\n',
      server,
    );
    expectUsageError(
      await cli(['retire', 'apply', path, '--yes', '--skip', 'nope']),
      'flagctl: --skip: "nope" is not in the plan; the plan\'s flags: gone-a, gone-b, gone-c\n',
      server,
    );
  });
});

describe('retire apply on a terminal', () => {
  it('lists the flags it will archive before it asks', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'apply', path, '--skip', 'gone-c'], {
      stdinIsTTY: true,
      stderrIsTTY: true,
      stdin: 'n\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `Flags to archive:\n  gone-a\n  gone-b\nArchive 2 flags in project default on ${server.url} (1 skipped)? [y/N] `,
    );
    expect(c.writes).toEqual([]);
  });

  it('a long list shows a screenful and the count', async () => {
    const many: FixtureFlag[] = Array.from({ length: 45 }, (_, i) => ({
      name: `old-${String(i).padStart(2, '0')}`,
      stale: true,
    }));
    serveCleanup(server, many);
    const planned = await cli(['retire', 'plan', tree, '-o', 'json']);
    const path = join(dir, 'plan-many.json');
    writeFileSync(path, planned.stdout);
    server.reset();
    serveCleanup(server, many);
    const r = await cli(['retire', 'apply', path], { stdinIsTTY: true, stderrIsTTY: true, stdin: 'n\n' });
    const listed = r.stderr.split('\n').filter((l) => l.startsWith('  old-'));
    expect(listed).toEqual(many.slice(0, 19).map((f) => `  ${f.name}`));
    expect(r.stderr).toContain('  … and 26 more (45 in all; `flagctl retire show` lists the plan)\n');
  });
});

// flagctl's own plans and results kept in the searched paths (a weekly job's earlier runs) name
// every flag they hold; they are not references, for `retire plan` nor for apply's rescan. Any
// other file naming a flag still is.
describe("flagctl's own records in the searched paths", () => {
  const records = join(tree, 'retire');
  const withRecords = async (files: Record<string, string>, run: () => Promise<void>) => {
    mkdirSync(records, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(records, name), text);
    try {
      await run();
    } finally {
      rmSync(records, { recursive: true, force: true });
    }
  };

  it('retire plan: an earlier plan (json) and result (yaml) are not references; a notes file naming a flag is', () =>
    withRecords(
      {
        'plan-2026-11-19.json': JSON.stringify({ kind: 'flagctl-retire-plan', flags: [{ name: 'gone-a' }] }, null, 2),
        'result-2026-11-19.yaml': 'kind: flagctl-retire-result\narchived:\n  - name: gone-b\n',
        'notes.json': '{"todo": "gone-c"}\n',
      },
      async () => {
        const { plan } = await writePlan();
        expect(Object.fromEntries(plan.flags.map((f) => [f.name, f.verdict]))).toEqual({
          'gone-a': 'archive',
          'gone-b': 'archive',
          'gone-c': 'remove-code',
        });
        expect(plan.flags.find((f) => f.name === 'gone-c')!.files).toEqual([join(records, 'notes.json')]);
      },
    ));

  it('retire apply: a result of another run, written into the paths since the plan, stops no flag', async () => {
    const { path } = await writePlan();
    const other = { kind: 'flagctl-retire-result', archived: [{ name: 'gone-a' }, { name: 'gone-c' }] };
    await withRecords({ 'result-other.json': JSON.stringify(other, null, 2) }, async () => {
      const c = serveCleanup(server, FLAGS);
      const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(c.writes).toEqual([{ path: 'archive', features: READY }]);
    });
  });
});
