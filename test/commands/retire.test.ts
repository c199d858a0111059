import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import { main } from '../../src/main.js';
import type { Plan } from '../../src/retire/model.js';
import { runCli, testIO } from '../support/io.js';
import { serveProjects } from '../support/projects-fixture.js';
import { expectUsageError } from '../support/usage.js';
import { iso, NOW, serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// `retire plan`, `retire apply` and `features revive` through main(), against a strict fixture
// that answers as the real servers do.

const { server, dir, tree, clock, env, cli } = useRetireCli(
  'retire',
  'if (unleash.isEnabled("still-used")) render();\n',
);

const FLAGS: FixtureFlag[] = [
  { name: 'gone-a', stale: true },
  { name: 'gone-b', stale: true, lastSeen: iso(90) },
  { name: 'still-used', stale: true, stage: 'completed', status: 'kept' },
  { name: 'old-release', createdAt: iso(400) },
  { name: 'done-flag', stage: 'completed', status: 'discarded' },
  { name: 'parent', stale: true, children: ['child'] },
  { name: 'seen-lately', stale: true, lastSeen: iso(2) },
  { name: 'child' },
  { name: 'active-one' },
];

const posts = () => server.requests.filter((r) => r.method === 'POST');

async function writePlan(flags = FLAGS, name = 'plan.json'): Promise<{ path: string; plan: Plan }> {
  serveCleanup(server, flags);
  const r = await cli(['retire', 'plan', tree, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const path = join(dir, name);
  writeFileSync(path, r.stdout);
  server.reset();
  return { path, plan: JSON.parse(r.stdout) as Plan };
}

describe('retire plan', () => {
  it('judges each candidate with evidence, and never writes', async () => {
    const { plan } = await writePlan();
    expect(posts()).toEqual([]);
    const verdicts = Object.fromEntries(plan.flags.map((f) => [f.name, f.verdict]));
    expect(verdicts).toEqual({
      'gone-a': 'archive',
      'gone-b': 'archive',
      'old-release': 'archive',
      'done-flag': 'archive',
      'still-used': 'remove-code',
      parent: 'blocked',
      'seen-lately': 'blocked',
    });
    const used = plan.flags.find((f) => f.name === 'still-used')!;
    expect(used.files).toEqual([`${tree}/app.ts`]);
    expect(used.keep).toBe('enabled');
    expect(plan.flags.find((f) => f.name === 'parent')!.checks.find((c) => !c.pass)).toEqual({
      check: 'no-dependents',
      pass: false,
      evidence: 'parent of child',
    });
    expect(plan.flags.find((f) => f.name === 'seen-lately')!.checks.find((c) => !c.pass)?.check).toBe('not-seen');
    expect(plan.flags.find((f) => f.name === 'old-release')!.reasons).toEqual(['potentially stale']);
    expect(plan).toMatchObject({
      kind: 'flagctl-retire-plan',
      version: 2,
      server: server.url,
      instance: 'a1b2c3d4-0000-4000-8000-000000000001',
      project: 'default',
      paths: [tree],
    });
    expect(plan.environments).toEqual({
      instance: ['development', 'production'],
      project: ['development', 'production'],
    });
  }, 30_000); // the file's first main() loads every module of the command: seconds on a busy machine

  it('a file it could not read (over --max-file-kb) means no flag is judged free of references', async () => {
    writeFileSync(join(tree, 'big.ts'), 'x'.repeat(3000));
    try {
      serveCleanup(server, FLAGS);
      const r = await cli(['retire', 'plan', tree, '-o', 'json', '--max-file-kb', '1']);
      expect(r.code, r.stderr).toBe(0);
      const plan = JSON.parse(r.stdout) as Plan;
      expect(plan.flags.filter((f) => f.verdict === 'archive')).toEqual([]);
      expect(plan.flags.find((f) => f.name === 'gone-a')!.checks[0]).toMatchObject({
        pass: false,
        evidence: expect.stringContaining('1 file could not be read (1 over 1 KiB'),
      });
    } finally {
      rmSync(join(tree, 'big.ts'));
    }
  });

  it('-o github: a warning at each file of a remove-code flag, a notice for the others', async () => {
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '-o', 'github']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines).toContain(
      `::warning file=${tree}/app.ts,title=Flag to remove%3A still-used::still-used (stale, lifecycle completed (kept)) can be archived once this file no longer names it`,
    );
    expect(lines.filter((l) => l.startsWith('::notice title=Flag ready to archive%3A '))).toHaveLength(4);
    expect(lines.find((l) => l.includes('seen-lately'))).toMatch(
      /^::notice title=Flag blocked%3A seen-lately::seen-lately: blocked: not-seen: seen /,
    );
  });

  it("a flag completed before its 'initial' row (search: initial) is a candidate: the history names it, its stage rows confirm it", async () => {
    const c = serveCleanup(server, [
      { name: 'raced', stage: 'completed', status: 'discarded', searchStage: 'initial' },
      { name: 'undone', stage: 'live' }, // completed, then uncompleted
      { name: 'revived-after', stage: 'initial' }, // completed, then the revive announced after it deleted the row
      { name: 'plain', stage: 'live' },
    ]);
    const at = (h: number) => iso(h / 24);
    c.events.push(
      { type: 'feature-completed', featureName: 'raced', project: 'default', createdAt: at(3) },
      { type: 'feature-uncompleted', featureName: 'undone', project: 'default', createdAt: at(2) },
      { type: 'feature-completed', featureName: 'undone', project: 'default', createdAt: at(4) },
      { type: 'feature-completed', featureName: 'revived-after', project: 'default', createdAt: at(5) },
      { type: 'feature-revived', featureName: 'revived-after', project: 'default', createdAt: at(6) },
      { type: 'feature-archived', featureName: 'revived-after', project: 'default', createdAt: at(7) },
    );
    // revived-after's newest event is the completion, but the revive, announced after it, deleted
    // its row: only its stage rows can tell.
    const r = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    expect(plan.flags.map((f) => [f.name, f.lifecycle, f.reasons])).toEqual([
      ['raced', { stage: 'completed', status: 'discarded' }, ['lifecycle completed (discarded)']],
    ]);
    // Stage rows read for the flags the history alone names as completed, no other.
    const rows = server.requests.filter((q) => q.url.endsWith('/lifecycle')).map((q) => q.url.split('/').at(-2));
    expect(rows.sort()).toEqual(['raced', 'revived-after']);
  });

  it('reads a project of 5,000 flags in eight requests: the history mark, the list, the types, one filtered search, the completions in the history, the dependency check, the instance id and environments', async () => {
    const many: FixtureFlag[] = Array.from({ length: 5000 }, (_, i) => ({
      name: `f-${String(i).padStart(4, '0')}`,
      stale: i < 1000,
      ...(i >= 4990 ? { stage: 'completed', status: 'kept' } : {}),
    }));
    serveCleanup(server, many);
    const r = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    expect(plan.flags).toHaveLength(1010);
    const paths = server.requests.map((q) => q.url.split('?')[0]).sort();
    expect(paths).toEqual([
      '/api/admin/environments',
      '/api/admin/feature-types',
      '/api/admin/projects/default/dependencies',
      '/api/admin/projects/default/features',
      '/api/admin/search/events',
      '/api/admin/search/events',
      '/api/admin/search/features',
      '/api/admin/ui-config',
    ]);
    // The history's newest event, asked before the list the plan judges (apply's "since the plan").
    const urls = server.requests.map((q) => q.url);
    const mark = urls.findIndex((u) => /^\/api\/admin\/search\/events\?project=IS%3Adefault&offset=0&limit=1$/.test(u));
    expect(mark).toBeGreaterThanOrEqual(0);
    expect(urls.indexOf('/api/admin/projects/default/features')).toBeGreaterThan(mark);
    expect(plan.historyMark).toEqual({ id: 0, createdAt: null });
    const search = new URL(server.requests.find((q) => q.url.startsWith('/api/admin/search/features'))!.url, server.url)
      .searchParams;
    expect([search.get('project'), search.get('lifecycle')]).toEqual(['IS:default', 'IS:completed']);
    // No dependency on the instance, so no flag's document is read: a completed flag's lifecycle comes from the search, the others' stays unknown.
    expect(plan.flags.find((f) => f.name === 'f-4995')!).toMatchObject({
      lifecycle: { stage: 'completed', status: 'kept' },
      reasons: ['lifecycle completed (kept)'],
    });
    expect(plan.flags.find((f) => f.name === 'f-0001')!).toMatchObject({ lifecycle: null, reasons: ['stale'] });
  });

  it("dependencies on the instance: each candidate's document is read for its children, no other flag's", async () => {
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const documents = server.requests
      .map((q) => q.url)
      .filter((u) => u.startsWith('/api/admin/projects/default/features/'));
    expect(documents.sort()).toEqual(
      ['done-flag', 'gone-a', 'gone-b', 'old-release', 'parent', 'seen-lately', 'still-used'].map(
        (n) => `/api/admin/projects/default/features/${n}`,
      ),
    );
    const plan = JSON.parse(r.stdout) as Plan;
    expect(plan.flags.find((f) => f.name === 'gone-a')!.lifecycle).toEqual({ stage: 'live', status: null });
  });

  it('--include adds named flags with the reason, to candidates or not; an archived one is blocked; an unknown one exits 5', async () => {
    const c = serveCleanup(server, FLAGS);
    c.archived.set('old-gone', { name: 'old-gone', stale: true });
    const r = await cli([
      'retire',
      'plan',
      tree,
      '-o',
      'json',
      '--include',
      'active-one,gone-a',
      '--include',
      'old-gone',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    const by = Object.fromEntries(plan.flags.map((f) => [f.name, f]));
    expect(by['active-one']).toMatchObject({ reasons: ['--include'], verdict: 'archive' });
    expect(by['gone-a']!.reasons).toEqual(['stale', '--include']);
    expect(by['old-gone']).toMatchObject({ reasons: ['--include'], verdict: 'blocked' });
    expect(by['old-gone']!.checks.find((x) => !x.pass)).toEqual({
      check: 'not-archived',
      pass: false,
      evidence: 'already archived',
    });
    expect(by.child).toBeUndefined();
    const missing = await cli(['retire', 'plan', tree, '--include', 'never-was']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('--include: no flag named "never-was" in project "default"');
  });

  it('--project narrows the plan to that project: its flags only, and no request for another', async () => {
    const home = serveCleanup(server, FLAGS);
    serveCleanup(
      server,
      [
        { name: 'web-old', stale: true },
        { name: 'web-new' },
        { name: 'web-done', stage: 'completed', status: 'discarded' },
      ],
      'web',
      home,
    );
    server.json('/api/admin/projects', {
      version: 1,
      projects: [
        { id: 'default', name: 'Default' },
        { id: 'web', name: 'Web' },
      ],
    });
    const r = await cli(['retire', 'plan', tree, '-o', 'json', '--project', 'web']);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    expect(plan.project).toBe('web');
    expect(plan.flags.map((f) => [f.name, f.verdict, f.state.project])).toEqual([
      ['web-done', 'archive', 'web'],
      ['web-old', 'archive', 'web'],
    ]);
    expect(server.requests.filter((q) => q.url.includes('/projects/default'))).toEqual([]);
  });

  it('the scan looks for every name while the search is on its way: a completed flag is found in code, a flag that is no candidate is not in the plan', async () => {
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'a.ts'), 'isEnabled("done-flag"); isEnabled("active-one"); isEnabled("gone-a");\n');
    try {
      serveCleanup(server, FLAGS);
      const r = await cli(['retire', 'plan', other, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const plan = JSON.parse(r.stdout) as Plan;
      expect(plan.flags.map((f) => f.name).sort()).toEqual([
        'done-flag',
        'gone-a',
        'gone-b',
        'old-release',
        'parent',
        'seen-lately',
        'still-used',
      ]);
      expect(plan.flags.find((f) => f.name === 'done-flag')).toMatchObject({
        verdict: 'remove-code',
        files: [`${other}/a.ts`],
        keep: 'disabled',
        cleanup: `flagctl cleanup done-flag ${other} --keep off`,
      });
      // Not completed: no branch is known, so no command is offered.
      expect(plan.flags.find((f) => f.name === 'gone-a')).toMatchObject({
        verdict: 'remove-code',
        files: [`${other}/a.ts`],
        cleanup: null,
      });
      expect(plan.flags.find((f) => f.name === 'gone-b')!.verdict).toBe('archive');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a search that fails while the tree is scanned fails the plan, and prints none', async () => {
    server.json('/api/admin/search/features', { name: 'InternalError', message: 'search broke' }, 500);
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('search broke');
    expect(r.stdout).toBe('');
  });

  it("a candidate's document that cannot be read fails the plan, and prints none", async () => {
    server.json(
      '/api/admin/projects/default/features/gone-b',
      { name: 'InternalError', message: 'document broke' },
      500,
    );
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('document broke');
    expect(r.stdout).toBe('');
  });

  it('--fail-on archive exits 3 when a flag is ready to archive', async () => {
    serveCleanup(server, FLAGS);
    serveProjects(server); // the gate confirms the project it was not given (default)
    const r = await cli(['retire', 'plan', tree, '--fail-on', 'archive', '-o', 'markdown']);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('| `gone-a` | **archive** |');
    expect(r.stderr).toBe('flagctl: 4 flags are ready to archive (--fail-on archive)\n');
  });
});

describe('retire apply', () => {
  it('archives in one bulk request, verifies, writes the result; a second run is a no-op', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const result = join(dir, 'result.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['done-flag', 'gone-a', 'gone-b', 'old-release'] }]);
    const doc = JSON.parse(readFileSync(result, 'utf8')) as {
      archived: string[];
      skipped: unknown[];
      failed: unknown[];
    };
    expect(doc).toMatchObject({ archived: ['done-flag', 'gone-a', 'gone-b', 'old-release'], skipped: [], failed: [] });
    c.writes.length = 0;
    const again = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(c.writes).toEqual([]);
    expect((JSON.parse(again.stdout) as { skipped: { reason: string }[] }).skipped.map((s) => s.reason)).toEqual(
      Array(4).fill('already archived'),
    );
    // The undo.
    const back = await cli(['features', 'revive', '--from', result]);
    expect(back.code, back.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'revive', features: ['done-flag', 'gone-a', 'gone-b', 'old-release'] }]);
    expect([...c.active.keys()].sort()).toEqual(FLAGS.map((f) => f.name).sort());
  });

  it('apply of 1,000 stale flags: 16 requests (1,000/100 + 6), 10 archive posts, none of them a (rate-limited) search', async () => {
    const many: FixtureFlag[] = Array.from({ length: 1000 }, (_, i) => ({
      name: `bulk-${String(i).padStart(4, '0')}`,
      stale: true,
      createdAt: iso(100),
    }));
    const empty = join(dir, 'empty-tree');
    mkdirSync(empty, { recursive: true });
    serveCleanup(server, many);
    const planned = await cli(['retire', 'plan', empty, '-o', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    const path = join(dir, 'plan-bulk.json');
    writeFileSync(path, planned.stdout);
    server.reset();
    const c = serveCleanup(server, many);
    // A busy day of history before it: read only until every flag's last fate is known.
    c.events.push(
      ...Array.from({ length: 2500 }, (_, i) => ({
        type: 'feature-archived',
        featureName: `other-${i}`,
        project: 'default',
        createdAt: iso(0.5),
      })),
    );
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { archived: string[] }).archived).toHaveLength(1000);
    expect(c.writes.map((w) => w.features.length)).toEqual(Array(10).fill(100));
    const urls = server.requests.map((q) => `${q.method} ${q.url.split('?')[0]}`);
    // The instance id, the environments, the list and the history since the plan (no flag
    // types: every flag is marked stale); one validate of every name, 10 archives, then the
    // history, which shows every one archived (no second list). The bench's budget: 1,000/100 + 6.
    expect(urls).toHaveLength(1000 / 100 + 6);
    expect(urls.filter((u) => !u.endsWith('/archive')).sort()).toEqual([
      'GET /api/admin/environments',
      'GET /api/admin/projects/default/features',
      'GET /api/admin/search/events',
      'GET /api/admin/search/events',
      'GET /api/admin/ui-config',
      'POST /api/admin/projects/default/archive/validate',
    ]);
    // The four reads before writing and validate side by side (--yes), the archives, and the history last.
    expect(urls.slice(0, 5)).toContain('POST /api/admin/projects/default/archive/validate');
    expect(urls.slice(5)).toEqual([
      ...Array(10).fill('POST /api/admin/projects/default/archive'),
      'GET /api/admin/search/events',
    ]);
  });

  it('apply reads the flag types when a planned flag is not marked stale (before writing), and only then', async () => {
    const flags: FixtureFlag[] = [
      { name: 'old-release', createdAt: iso(100) }, // potentially stale: its type's lifetime decides
      { name: 'marked', stale: true, createdAt: iso(100) },
    ];
    const empty = join(dir, 'empty-tree-types');
    mkdirSync(empty, { recursive: true });
    serveCleanup(server, flags);
    const planned = await cli(['retire', 'plan', empty, '-o', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    const path = join(dir, 'plan-types.json');
    writeFileSync(path, planned.stdout);
    server.reset();
    serveCleanup(server, flags);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { archived: string[] }).archived.sort()).toEqual(['marked', 'old-release']);
    const urls = server.requests.map((q) => `${q.method} ${q.url.split('?')[0]}`);
    expect(urls.filter((u) => u === 'GET /api/admin/feature-types')).toHaveLength(1);
  });

  it('a flag marked stale in the plan but not any more: the types are read after the list, and it is skipped as changed', async () => {
    const flags: FixtureFlag[] = [
      { name: 'a-flag', stale: true, createdAt: iso(100) },
      { name: 'b-flag', stale: true, createdAt: iso(100) },
    ];
    const empty = join(dir, 'empty-tree-unstaled');
    mkdirSync(empty, { recursive: true });
    serveCleanup(server, flags);
    const planned = await cli(['retire', 'plan', empty, '-o', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    const path = join(dir, 'plan-unstaled.json');
    writeFileSync(path, planned.stdout);
    server.reset();
    const c = serveCleanup(server, flags);
    c.active.set('b-flag', { ...c.active.get('b-flag')!, stale: false });
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { archived: string[]; skipped: { name: string; reason: string }[] };
    expect(doc.archived).toEqual(['a-flag']);
    expect(doc.skipped).toEqual([
      // Potentially stale now: told by its type's lifetime, which only the types' read gives.
      { name: 'b-flag', reason: 'changed since the plan: no longer marked stale; now potentially stale' },
    ]);
    const urls = server.requests.map((q) => `${q.method} ${q.url.split('?')[0]}`);
    expect(urls.filter((u) => u === 'GET /api/admin/feature-types')).toHaveLength(1);
  });

  it('a result file that cannot be written before the first write (a full disk) stops the run: exit 1, nothing sent', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'apply', path, '--yes', '--result', '/dev/full', '-o', 'json']);
    expect(c.writes).toEqual([]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'flagctl: cannot write to /dev/full (--result): no space left on the device (ENOSPC); the output is incomplete\nnothing was archived; give --result a file that can be written, then run the same apply again\n',
    );
    expect(r.code).toBe(1);
    // Written in place: a device is never replaced by a file (the record is renamed into place only over a regular file).
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it('a result file in a folder that does not exist: the message names the file and the cause, not a temporary file or errno text', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const result = join(dir, 'no-such-folder', 'r.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(c.writes).toEqual([]);
    expect(r.stderr).toBe(
      `flagctl: cannot write to ${result} (--result): no such file or folder (ENOENT); the output is incomplete\nnothing was archived; give --result a file that can be written, then run the same apply again\n`,
    );
    expect(r.code).toBe(1);
  });

  it('a result file that cannot be written once the writes began exits 1 naming it, after archiving and printing the result', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const folder = join(dir, 'result-gone');
    mkdirSync(folder, { recursive: true });
    // The folder goes while the archive is in flight: every later record fails with ENOENT.
    c.onArchive = () => rmSync(folder, { recursive: true, force: true });
    const result = join(folder, 'r.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result, '-o', 'json']);
    expect(c.writes).toEqual([{ path: 'archive', features: ['done-flag', 'gone-a', 'gone-b', 'old-release'] }]);
    expect(JSON.parse(r.stdout)).toMatchObject({ archived: ['done-flag', 'gone-a', 'gone-b', 'old-release'] });
    expect(r.stderr).toMatch(
      /^4 archived, 0 skipped, 0 failed\.\nflagctl: cannot write to .*r\.json \(--result\): no such file or folder \(ENOENT\)/,
    );
    expect(r.code).toBe(1);
  });

  it('a flag seen since the plan is skipped with the reason', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(
      server,
      FLAGS.map((f) => (f.name === 'gone-b' ? { ...f, lastSeen: iso(0) } : f)),
    );
    const r = await cli(['retire', 'apply', path, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['done-flag', 'gone-a', 'old-release'] }]);
    expect(r.stdout).toContain(
      `gone-b\tskipped\tchanged since the plan: seen since the plan in production (${iso(0)})`,
    );
  });

  it('a plan made on another server is refused before anything is sent (exit 2)', async () => {
    const { path, plan } = await writePlan();
    const r = await runCli(['retire', 'apply', path, '--yes'], {
      env: env(server.url.replace('127.0.0.1', 'localhost')),
      clock: clock(),
    });
    expectUsageError(
      r,
      `flagctl: the plan was made on ${plan.server}, not on ${server.url.replace('127.0.0.1', 'localhost')}; apply it to that server (--url) or make a new plan here\n`,
      server,
    );
  });

  it('a plan for another project is refused (exit 2)', async () => {
    const { path } = await writePlan();
    const r = await cli(['retire', 'apply', path, '--yes', '--project', 'web']);
    expectUsageError(r, /^flagctl: --project "web": the plan is for project "default"/, server);
  });

  it('a plan edited by hand (a verdict changed) is refused by its digest (exit 2)', async () => {
    const { path, plan } = await writePlan();
    plan.flags.find((f) => f.name === 'parent')!.verdict = 'archive';
    writeFileSync(path, JSON.stringify(plan));
    const r = await cli(['retire', 'apply', path, '--yes']);
    expectUsageError(
      r,
      `flagctl: plan file "${path}": its content does not match its digest: it was changed after \`retire plan\` wrote it. Make a new one with \`flagctl retire plan --out plan.json\`.\n`,
      server,
    );
    writeFileSync(path, JSON.stringify({ ...plan, version: 9 }));
    expectUsageError(
      await cli(['retire', 'apply', path, '--yes']),
      /plan version 9 is not one this flagctl reads/,
      server,
    );
  });

  it.each([
    [
      'a permission',
      { status: 403, name: 'PermissionError', message: 'You need permission=DELETE_FEATURE to perform this action' },
      'permission denied (HTTP 403 PermissionError): You need permission=DELETE_FEATURE to perform this action',
    ],
    [
      'change requests',
      {
        status: 403,
        name: 'PermissionError',
        message: 'You need permission=SKIP_CHANGE_REQUEST to perform this action',
      },
      'permission denied (HTTP 403 PermissionError): You need permission=SKIP_CHANGE_REQUEST to perform this action',
    ],
    [
      'no access',
      { status: 403, name: 'NoAccessError', message: 'You need permission=DELETE_FEATURE to access this resource' },
      'permission denied (HTTP 403 NoAccessError): You need permission=DELETE_FEATURE to access this resource',
    ],
  ])(
    '%s refuses the whole request: every flag of the batch fails with the message, nothing is sent again; exit 1',
    async (_what, refusal, message) => {
      const { path } = await writePlan();
      const c = serveCleanup(server, FLAGS);
      c.refuse.set('gone-b', refusal);
      const result = join(dir, 'refused.json');
      const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
      expect(r.code).toBe(1);
      expect(c.writes.map((w) => w.features)).toEqual([['done-flag', 'gone-a', 'gone-b', 'old-release']]);
      const doc = JSON.parse(readFileSync(result, 'utf8')) as {
        archived: string[];
        failed: { name: string; message: string }[];
      };
      expect(doc.archived).toEqual([]);
      expect(doc.failed).toEqual(['done-flag', 'gone-a', 'gone-b', 'old-release'].map((name) => ({ name, message })));
      expect(r.stderr).toContain('flagctl: 4 flags were not archived');
    },
  );

  it('a child added since the plan: validate before the bulk archive skips its parent, and the rest go in one request with no refusal', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(
      server,
      FLAGS.map((f) => (f.name === 'gone-a' ? { ...f, children: ['active-one'] } : f)),
    );
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes.map((w) => w.features)).toEqual([['done-flag', 'gone-b', 'old-release']]);
    const posts = server.requests.filter((q) => q.method === 'POST').map((q) => q.url);
    expect(posts).toEqual(['/api/admin/projects/default/archive/validate', '/api/admin/projects/default/archive']);
    const out = JSON.parse(r.stdout) as { archived: string[]; skipped: unknown[]; failed: unknown[] };
    expect(out).toMatchObject({
      archived: ['done-flag', 'gone-b', 'old-release'],
      skipped: [{ name: 'gone-a', reason: 'changed since the plan: other flags now depend on it' }],
      failed: [],
    });
  });

  it('a child added between validate and archive: the parent refusal alone falls back to one request per flag', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(
      server,
      FLAGS.map((f) => (f.name === 'gone-a' ? { ...f, children: ['active-one'] } : f)),
    );
    c.validateMisses = true;
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code).toBe(1);
    expect(c.writes.map((w) => w.features)).toEqual([
      ['done-flag', 'gone-a', 'gone-b', 'old-release'],
      ['done-flag'],
      ['gone-a'],
      ['gone-b'],
      ['old-release'],
    ]);
    const out = JSON.parse(r.stdout) as { archived: string[]; failed: unknown[] };
    expect(out.archived).toEqual(['done-flag', 'gone-b', 'old-release']);
    expect(out.failed).toEqual([
      {
        name: 'gone-a',
        message:
          'permission denied (HTTP 403 InvalidOperationError): You can not archive/delete this feature since other features depend on it.',
      },
    ]);
  });

  it('a flag gone from the server after the request (deleted, not archived) is failed with the reason, not counted as archived', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    c.deleteAfterArchive = new Set(['gone-a']);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { archived: string[]; failed: unknown[] };
    expect(out.archived).toEqual(['done-flag', 'gone-b', 'old-release']);
    expect(out.failed).toEqual([
      {
        name: 'gone-a',
        message: 'the server accepted the request, but the flag is neither active nor archived now (deleted?)',
      },
    ]);
  });

  it('--debug shows each archive and revive request, with every name, before it is sent', async () => {
    const many: FixtureFlag[] = Array.from({ length: 150 }, (_, i) => ({
      name: `f-${String(i).padStart(3, '0')}`,
      stale: true,
    }));
    const { path } = await writePlan(many);
    const c = serveCleanup(server, many);
    const result = join(dir, 'debug.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--debug', '--result', result]);
    expect(r.code, r.stderr).toBe(0);
    const writes = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('debug: write: '));
    const names = (from: number, to: number) =>
      many
        .slice(from, to)
        .map((f) => f.name)
        .join(', ');
    expect(writes(r.stderr)).toEqual([
      `debug: write: POST /api/admin/projects/default/archive {features: 100 names: ${names(0, 100)}}`,
      `debug: write: POST /api/admin/projects/default/archive {features: 50 names: ${names(100, 150)}}`,
    ]);
    expect(c.writes.map((w) => [w.path, w.features.length])).toEqual([
      ['archive', 100],
      ['archive', 50],
    ]);
    c.writes.length = 0;
    const back = await cli(['features', 'revive', '--from', result, '--debug']);
    expect(back.code, back.stderr).toBe(0);
    expect(writes(back.stderr)).toEqual([
      `debug: write: POST /api/admin/projects/default/revive {features: 100 names: ${names(0, 100)}}`,
      `debug: write: POST /api/admin/projects/default/revive {features: 50 names: ${names(100, 150)}}`,
    ]);
    expect(c.writes.map((w) => [w.path, w.features.length])).toEqual([
      ['revive', 100],
      ['revive', 50],
    ]);
  });

  it('a connection that breaks before any answer is tried again (archive is idempotent); an answer never is', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    c.drop = 1;
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(c.writes.map((w) => w.features.length)).toEqual([4, 4]);
    expect((JSON.parse(r.stdout) as { archived: string[] }).archived).toHaveLength(4);
  });

  it('Ctrl-C stops after the request in flight, reports what was done, exits 130', async () => {
    const many: FixtureFlag[] = Array.from({ length: 150 }, (_, i) => ({
      name: `f-${String(i).padStart(3, '0')}`,
      stale: true,
    }));
    const { path } = await writePlan(many);
    const c = serveCleanup(server, many);
    const ctl = new AbortController();
    c.onArchive = () => ctl.abort(); // Ctrl-C while the first batch is in flight
    const io = testIO({ env: env(), clock: clock() });
    io.interrupt = { hold: () => ({ signal: ctl.signal, release: () => undefined }) };
    const result = join(dir, 'interrupted.json');
    const code = await main(['retire', 'apply', path, '--yes', '--result', result], io);
    expect(code).toBe(130);
    expect(c.writes).toHaveLength(1);
    const doc = JSON.parse(readFileSync(result, 'utf8')) as {
      archived: string[];
      notAttempted: string[];
      interrupted: boolean;
    };
    expect(doc.archived).toHaveLength(100);
    expect(doc.notAttempted).toEqual(many.slice(100).map((f) => f.name));
    expect(doc.interrupted).toBe(true);
  });

  it('without a terminal and without --yes: no prompt, exit 2, nothing sent', async () => {
    const { path } = await writePlan();
    const r = await cli(['retire', 'apply', path]);
    expectUsageError(
      r,
      'flagctl: retire apply archives flags and stdin is not a terminal, so there is no one to ask; pass --yes to archive without a prompt\n',
      server,
    );
  });

  it('with --yes validate is asked beside the reads, about every planned flag; again for the rest when the judgement skips one; after the prompt without --yes', async () => {
    const { path, plan } = await writePlan();
    const planned = plan.flags.filter((f) => f.verdict === 'archive').map((f) => f.name);
    expect(planned).toContain('gone-a');
    const c = serveCleanup(server, FLAGS);
    const all = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(all.code, all.stderr).toBe(0);
    expect(c.validates).toEqual([planned]); // nothing skipped: its answer serves the writes

    server.reset();
    const seen = new Date(NOW - 60_000).toISOString();
    const d = serveCleanup(
      server,
      FLAGS.map((f) => (f.name === 'gone-a' ? { ...f, lastSeen: seen } : f)),
    );
    const some = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(some.code, some.stderr).toBe(0);
    // Asked before the judgement (gone-a is in it), then again without the flag it skipped.
    const rest = planned.filter((n) => n !== 'gone-a');
    expect(d.validates).toEqual([planned, rest]);
    expect(d.writes).toEqual([{ path: 'archive', features: rest }]);

    server.reset();
    const e = serveCleanup(server, FLAGS);
    const asked = await cli(['retire', 'apply', path], { stdinIsTTY: true, stderrIsTTY: true, stdin: 'y\n' });
    expect(asked.code, asked.stderr).toBe(0);
    expect(e.validates).toEqual([planned]);
    // Without --yes, validate comes after the answer: after every read of the judgement.
    const urls = server.requests.map((q) => `${q.method} ${q.url.split('?')[0]}`);
    expect(urls.indexOf('POST /api/admin/projects/default/archive/validate')).toBeGreaterThan(
      urls.lastIndexOf('GET /api/admin/projects/default/features'),
    );
  });

  it('on a terminal it asks once with the count; "n" archives nothing', async () => {
    const { path } = await writePlan();
    const c = serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'apply', path], { stdinIsTTY: true, stderrIsTTY: true, stdin: 'n\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Archive 4 flags in project default on ${server.url}? [y/N] `);
    // The listing names the file and its digest, the one --expect-digest takes.
    const { digest } = JSON.parse(readFileSync(path, 'utf8')) as { digest: string };
    expect(r.stderr).toContain(`Plan ${path} (digest ${digest})\nFlags to archive:\n`);
    expect(c.writes).toEqual([]);
    const yes = await cli(['retire', 'apply', path], { stdinIsTTY: true, stderrIsTTY: true, stdin: 'y\n' });
    expect(yes.code, yes.stderr).toBe(0);
    expect(c.writes).toHaveLength(1);
  });
});

describe('features revive', () => {
  it('a name that is no archived flag stops the run before any write: exit 5, the good names not revived either', async () => {
    const c = serveCleanup(server, FLAGS);
    c.archived.set('gone-a', c.active.get('gone-a')!);
    c.active.delete('gone-a');
    const r = await cli(['features', 'revive', 'gone-a', 'never-was', '-o', 'json']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('"never-was": not an archived flag of project default');
    expect(c.writes).toEqual([]);
    expect(c.archived.has('gone-a')).toBe(true);
  });
});
