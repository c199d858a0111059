import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkippingClock } from '../support/clock.js';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { SEARCH_PATH, searchOver, searchV8, serveStaleAges } from '../support/search-fixture.js';
import { serveProject, v8Project } from '../support/export-fixture.js';
import { makeRepo } from '../support/refs-diff-repo.js';
import { NOW, serveCleanup } from '../support/retire-fixture.js';

// Issue 36, item 5: the flag's name is one key, `name`, in every record flagctl itself defines,
// in every format that prints keys (json, ndjson, yaml) or a header (csv, the piped table).
// Until this change refs rows, summaries and --diff rows said `flag`, diff's changes and
// feature get's rows `feature`, cleanup's leftovers `flag`, and the piped tables of retire
// plan, retire apply and features revive headed the column FLAG. Server documents (export,
// api, feature history's events, evaluate -o json) stay as the server sends them.

const server = useFixtureServer();
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-name-key-'));
const repo = makeRepo({ 'src/a.ts': 'if (isEnabled("live-flag")) go();\n' });
repo.commit('base');
// The change adds a reference to a stale flag: one flag row, one change row.
repo.write({ 'src/a.ts': 'if (isEnabled("live-flag")) go();\nif (isEnabled("old-flag")) stop();\n' });
afterAll(() => {
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const tree = join(scratch, 'tree');
mkdirSync(tree);
writeFileSync(join(tree, 'app.ts'), 'if (isEnabled("live-flag")) go();\nif (isEnabled("old-flag")) stop();\n');
// cleanup leaves the name in the comment: a leftover, with the flag's name.
const cleanupDir = join(scratch, 'cleanup');
mkdirSync(cleanupDir);
writeFileSync(
  join(cleanupDir, 'worker.ts'),
  "// remove with 'old-flag'\nexport function work() {\n  if (unleash.isEnabled('old-flag')) return modern();\n  return legacy();\n}\n",
);

/** What `refs` and `refs --diff` read: the projects, the flag listing, the archive and each flag's lifecycle. */
function serveRefs(s: FixtureServer): void {
  const flags = [
    { name: 'live-flag', stale: false },
    { name: 'old-flag', stale: true },
  ];
  s.json('/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'default' }] });
  s.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: 40 }] });
  s.route(SEARCH_PATH, (_req, res) => sendJson(res, 200, { features: [], total: 0 }));
  s.json('/api/admin/projects/default/features', {
    version: 2,
    features: flags.map((f) => ({ ...f, type: 'release', createdAt: new Date().toISOString(), environments: [] })),
  });
  for (const f of flags) s.json(`/api/admin/projects/default/features/${f.name}/lifecycle`, [{ stage: 'live' }]);
}

function serveEvaluate(s: FixtureServer): void {
  const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
  s.json('/api/admin/environments', load('environments-v8.json'));
  s.route('/api/admin/playground', (_req, res) => sendJson(res, 200, load('playground-v8.json')), 'POST');
}

type Records = (stdout: string) => unknown[];
const json =
  (...keys: string[]): Records =>
  (stdout) => {
    const doc = JSON.parse(stdout) as Record<string, unknown[]>;
    return keys.flatMap((k) => doc[k] ?? []);
  };
const ndjson: Records = (stdout) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
/** A header row as one record whose keys are its cells: the csv header, or a piped table's (in capitals). */
const header =
  (sep: string): Records =>
  (stdout) => [
    Object.fromEntries(
      stdout
        .split('\n')[0]!
        .trim()
        .split(sep)
        .map((h) => [h.toLowerCase(), 'header']),
    ),
  ];

interface Case {
  args: string[];
  serve(s: FixtureServer): void;
  records: Records;
  /** The exit code: 3 where the command finds what it reports (drift). */
  code?: number;
}

const refs = (...more: string[]) => ['refs', tree, ...more];
const refsDiff = (...more: string[]) => ['refs', '--root', repo.dir, '--diff', 'HEAD', ...more];
const feature = 'search-ranking_v3';
const CASES: Case[] = [
  { args: refs('-o', 'json'), serve: serveRefs, records: json('references', 'flags') },
  { args: refs('-o', 'ndjson'), serve: serveRefs, records: ndjson },
  { args: refs('-o', 'csv'), serve: serveRefs, records: header(',') },
  { args: refs(), serve: serveRefs, records: header('\t') },
  { args: refs('--summary', '-o', 'json'), serve: serveRefs, records: json('flags') },
  { args: refs('--summary', '-o', 'ndjson'), serve: serveRefs, records: ndjson },
  { args: refs('--summary', '-o', 'csv'), serve: serveRefs, records: header(',') },
  { args: refsDiff('-o', 'json'), serve: serveRefs, records: json('flags') },
  { args: refsDiff('-o', 'ndjson'), serve: serveRefs, records: ndjson },
  { args: refsDiff('-o', 'csv'), serve: serveRefs, records: header(',') },
  {
    args: ['diff', 'development', 'production', '--feature', feature, '-o', 'json'],
    serve: (s) => serveProject(s, v8Project()),
    records: json('changes'),
    code: 3,
  },
  { args: ['feature', 'get', feature, '-o', 'ndjson'], serve: (s) => serveProject(s, v8Project()), records: ndjson },
  {
    args: ['feature', 'get', feature, '-o', 'csv'],
    serve: (s) => serveProject(s, v8Project()),
    records: header(','),
  },
  {
    args: ['cleanup', 'old-flag', cleanupDir, '--keep', 'on', '--allow-leftovers', '-o', 'json'],
    serve: () => {},
    records: json('leftovers', 'flags'),
  },
  { args: ['evaluate', '--all', '--env', 'development', '-o', 'ndjson'], serve: serveEvaluate, records: ndjson },
  { args: ['evaluate', '--all', '--env', 'development', '-o', 'csv'], serve: serveEvaluate, records: header(',') },
  {
    args: ['features', 'search', '-o', 'ndjson'],
    serve: (s) => s.route(SEARCH_PATH, searchOver(searchV8.features)),
    records: ndjson,
  },
  {
    args: ['features', 'stale', '-o', 'ndjson'],
    serve: (s) => {
      const stale = searchV8.features.filter((f) => f.stale);
      s.json(SEARCH_PATH, { features: stale, total: stale.length });
      serveStaleAges(s);
    },
    records: ndjson,
  },
  {
    args: ['retire', 'plan', tree, '-o', 'json'],
    serve: (s) =>
      void serveCleanup(s, [
        { name: 'old-flag', stale: true },
        { name: 'gone-flag', stale: true },
      ]),
    records: json('flags'),
  },
  {
    args: ['retire', 'plan', tree],
    serve: (s) => void serveCleanup(s, [{ name: 'gone-flag', stale: true }]),
    records: header('\t'),
  },
  {
    args: ['features', 'revive', 'gone-flag'],
    serve: (s) => {
      const c = serveCleanup(s, [{ name: 'gone-flag', stale: true }]);
      c.archived.set('gone-flag', c.active.get('gone-flag')!);
      c.active.delete('gone-flag');
    },
    records: header('\t'),
  },
];

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' });
const clock = () => {
  const c = new SkippingClock();
  c.advance(NOW);
  return c;
};
const run = (args: string[]) => runCli(args, { env: env(), clock: clock() });

describe("the flag's name is `name` in every record flagctl defines", { timeout: 30_000 }, () => {
  for (const c of CASES) {
    it(`flagctl ${c.args.map((a) => (a.startsWith(scratch) || a === repo.dir ? '<dir>' : a)).join(' ')}`, async () => {
      c.serve(server);
      const r = await run(c.args);
      expect(r.code, r.stderr).toBe(c.code ?? 0);
      const records = c.records(r.stdout) as Record<string, unknown>[];
      expect(records.length).toBeGreaterThan(0);
      for (const rec of records) {
        expect(Object.keys(rec), JSON.stringify(rec)).toContain('name');
        expect(Object.keys(rec)).not.toContain('flag');
        expect(Object.keys(rec)).not.toContain('feature');
      }
    });
  }
});

describe('retire apply: the piped table of the result', () => {
  it('heads the flag column NAME', async () => {
    serveCleanup(server, [{ name: 'gone-flag', stale: true }]);
    const plan = await run(['retire', 'plan', tree, '-o', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const file = join(scratch, 'plan.json');
    writeFileSync(file, plan.stdout);
    const r = await run(['retire', 'apply', file, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('NAME\tRESULT\tDETAIL');
    expect(r.stdout.split('\n')[1]).toMatch(/^gone-flag\tarchived\t/);
  });
});

describe('-o yaml prints the json document, the same keys', () => {
  it('diff -o yaml', async () => {
    serveProject(server, v8Project());
    const r = await run(['diff', 'development', 'production', '--feature', feature, '-o', 'yaml']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toContain(`changes:\n- name: ${feature}\n`);
    expect(r.stdout).not.toMatch(/^\s*-?\s*feature:/m);
  });
});

describe('the old ids of the name column still pick it, under the id asked for', { timeout: 30_000 }, () => {
  it('refs --columns flag,file', async () => {
    serveRefs(server);
    const r = await run(refs('--columns', 'flag,file', '-o', 'ndjson'));
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      { flag: 'live-flag', file: join(tree, 'app.ts') },
      { flag: 'old-flag', file: join(tree, 'app.ts') },
    ]);
  });

  it('feature get --columns feature,environment', async () => {
    serveProject(server, v8Project());
    const r = await run(['feature', 'get', feature, '--columns', 'feature,environment', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\r\n')[0]).toBe('feature,environment');
    expect(r.stdout.split('\r\n')[1]).toBe(`${feature},development`);
  });
});
