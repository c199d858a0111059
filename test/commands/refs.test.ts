import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/io.js';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { makeTree, sarifValidator, TREE_FLAGS } from '../support/refs-tree.js';
import type { Reference } from '../../src/refs/model.js';
import refsCommand from '../../src/commands/refs/index.js';

// `flagctl refs` end to end in-process, against a strict fixture server: the flags listing,
// every format, the summary's verdicts, the gate, and bad input.

const server = useFixtureServer();
const { dir } = makeTree();
afterAll(() => rmSync(dirname(dir), { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;
const recent = new Date(Date.now() - DAY).toISOString();
const old = '2020-01-01T00:00:00.000Z';

// The tree's four flags: active, stale, archived, and potentially stale (a release older than 40 days).
// `unused-stale` and `unused-old` have no reference; `quiet` is active and unreferenced.
const PROJECT_FEATURES = [
  {
    name: TREE_FLAGS.active,
    type: 'release',
    stale: false,
    createdAt: recent,
    lastSeenAt: null,
    environments: [{ name: 'production', lastSeenAt: '2026-01-02T03:04:05.000Z' }],
  },
  {
    name: TREE_FLAGS.stale,
    type: 'release',
    stale: true,
    createdAt: recent,
    lastSeenAt: '2025-05-05T00:00:00.000Z',
    environments: [],
  },
  { name: TREE_FLAGS.prefix, type: 'release', stale: false, createdAt: old, lastSeenAt: null, environments: [] },
  { name: 'unused-stale', type: 'experiment', stale: true, createdAt: recent, environments: [] },
  { name: 'unused-old', type: 'operational', stale: false, createdAt: old, environments: [] },
  { name: 'quiet', type: 'kill-switch', stale: false, createdAt: old, environments: [] },
];
const ARCHIVED = [
  {
    name: TREE_FLAGS.archived,
    type: 'release',
    project: 'default',
    stale: false,
    createdAt: old,
    archivedAt: recent,
    lifecycle: { stage: 'archived', enteredStageAt: recent },
    environments: [],
  },
];
const LIFECYCLE: Record<string, string> = {
  [TREE_FLAGS.active]: 'live',
  [TREE_FLAGS.stale]: 'completed',
  [TREE_FLAGS.prefix]: 'pre-live',
  'unused-stale': 'completed',
  'unused-old': 'initial',
  quiet: 'live',
};

function serve(s: FixtureServer, projects = ['default']) {
  s.json('/api/admin/projects', { version: 1, projects: projects.map((id) => ({ id, name: id })) });
  s.json('/api/admin/feature-types', {
    version: 1,
    types: [
      { id: 'release', lifetimeDays: 40 },
      { id: 'experiment', lifetimeDays: 40 },
      { id: 'operational', lifetimeDays: 7 },
      { id: 'kill-switch', lifetimeDays: null },
    ],
  });
  s.route('/api/admin/search/features', (_req, res, url) => {
    expect(url.searchParams.get('archived')).toBe('IS:true');
    const offset = Number(url.searchParams.get('offset'));
    sendJson(res, 200, { features: offset === 0 ? ARCHIVED : [], total: ARCHIVED.length });
  });
  for (const p of projects)
    s.json(`/api/admin/projects/${p}/features`, { version: 1, features: p === 'default' ? PROJECT_FEATURES : [] });
  for (const [name, stage] of Object.entries(LIFECYCLE)) {
    s.json(`/api/admin/projects/default/features/${encodeURIComponent(name)}/lifecycle`, [
      { stage, enteredStageAt: recent },
    ]);
  }
}

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' });
const refs = (args: string[], extra: Record<string, string> = {}, tty = false) =>
  runCli(['refs', ...args], { env: { ...env(), ...extra }, stdoutIsTTY: tty });
const rel = (file: string) => file.slice(dir.length + 1);
/** The tree's four links (not followed) and its one file over the default cap, said on stderr. */
const HUGE =
  `flagctl: not read: 4 symbolic links not followed (${dir}/loop, ${dir}/out, ${dir}/src/link-to-checkout.ts, …); ` +
  `1 over 1024 KiB (${dir}/bin/huge.txt; raise --max-file-kb to read it)\n`;

type Ref = Reference;

describe('flagctl refs', () => {
  it('-o ndjson: every reference with its flag facts, in walk order', async () => {
    serve(server);
    const r = await refs([dir, '-o', 'ndjson']);
    expect(r.stderr).toBe(HUGE);
    expect(r.code).toBe(0);
    const got = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Ref);
    expect(got).toHaveLength(20);
    expect(Object.keys(got[0]!)).toEqual([
      'name',
      'project',
      'state',
      'archived',
      'lifecycle',
      'file',
      'line',
      'column',
      'text',
      'match',
    ]);
    const checkout = got.filter((x) => rel(x.file) === 'src/checkout.ts');
    expect(checkout).toEqual([
      {
        name: TREE_FLAGS.active,
        project: 'default',
        state: 'active',
        archived: false,
        lifecycle: 'live',
        file: `${dir}/src/checkout.ts`,
        line: 4,
        column: 26,
        text: 'if (unleash.isEnabled("new-checkout-flow")) {',
        match: 'exact',
      },
      {
        name: TREE_FLAGS.stale,
        project: 'default',
        state: 'stale',
        archived: false,
        lifecycle: 'completed',
        file: `${dir}/src/checkout.ts`,
        line: 7,
        column: 18,
        text: "// TODO: drop 'legacy-search_v1' once search-ranking ships (a comment still counts)",
        match: 'exact',
      },
      {
        name: TREE_FLAGS.active,
        project: 'default',
        state: 'active',
        archived: false,
        lifecycle: 'live',
        file: `${dir}/src/checkout.ts`,
        line: 8,
        column: 18,
        text: "const both = ['new-checkout-flow', 'legacy-search_v1'];",
        match: 'exact',
      },
      {
        name: TREE_FLAGS.stale,
        project: 'default',
        state: 'stale',
        archived: false,
        lifecycle: 'completed',
        file: `${dir}/src/checkout.ts`,
        line: 8,
        column: 39,
        text: "const both = ['new-checkout-flow', 'legacy-search_v1'];",
        match: 'exact',
      },
    ]);
    expect(got.find((x) => x.name === TREE_FLAGS.prefix)).toMatchObject({
      state: 'potentially-stale',
      lifecycle: 'pre-live',
    });
    expect(got.find((x) => x.name === TREE_FLAGS.archived)).toMatchObject({
      state: 'active',
      archived: true,
      lifecycle: 'archived',
    });
    // Lifecycle is asked once per referenced active flag, never for an unreferenced one.
    const lookups = server.requests.filter((q) => q.url.startsWith('/api/admin/projects/default/features/'));
    expect(lookups.map((q) => decodeURIComponent(q.url.split('/').at(-2)!)).sort()).toEqual(
      [TREE_FLAGS.stale, TREE_FLAGS.active, TREE_FLAGS.prefix].sort(),
    );
    expect(server.requests.every((q) => q.method === 'GET')).toBe(true);
  });

  it('--summary: one row per flag that is not active, archived or referenced, with the verdict', async () => {
    serve(server);
    const r = await refs([dir, '--summary', '-o', 'json']);
    expect(r.code).toBe(0);
    const rows = (JSON.parse(r.stdout) as { flags: unknown }).flags as {
      name: string;
      verdict: string;
      references: number;
      files: number;
      lifecycle: string;
      lastSeenAt: string | null;
    }[];
    expect(rows.map((x) => [x.name, x.verdict, x.references, x.files])).toEqual([
      [TREE_FLAGS.stale, 'remove-code', 7, 6],
      [TREE_FLAGS.prefix, 'remove-code', 4, 3],
      [TREE_FLAGS.archived, 'restore-or-remove', 3, 3],
      ['unused-old', 'archive', 0, 0],
      ['unused-stale', 'archive', 0, 0],
      [TREE_FLAGS.active, 'keep', 6, 5],
    ]);
    expect(rows.find((x) => x.name === 'unused-stale')!.lifecycle).toBe('completed');
    expect(rows.find((x) => x.name === TREE_FLAGS.active)!.lastSeenAt).toBe('2026-01-02T03:04:05.000Z');
    const all = await refs([dir, '--summary', '--all-flags', '-o', 'csv', '--columns', 'name,verdict']);
    expect(all.stdout.split('\r\n')).toContain('quiet,keep');
  });

  it('a piped table heads its columns with their --columns ids (a terminal shows "last seen")', async () => {
    serve(server);
    const r = await refs([dir, '--summary']);
    expect(r.stdout.split('\n')[0]).toBe(
      'NAME\tSTATE\tLIFECYCLE\tARCHIVED\tREFERENCES\tFILES\tLASTSEENAT\tVERDICT\tKEEPBRANCH',
    );
  });

  it('-o json: {references, flags}', async () => {
    serve(server);
    const r = await refs([dir, '-o', 'json']);
    const doc = JSON.parse(r.stdout) as { references: Ref[]; flags: { name: string }[] };
    expect(Object.keys(doc)).toEqual(['references', 'flags']);
    expect(doc.references).toHaveLength(20);
    expect(doc.flags.map((f) => f.name)).toContain('unused-stale');
  });

  it('the lifecycles of flags the rows show unreferenced (stale, potentially stale) are asked for beside the scan, not after it', async () => {
    // The referenced flags' stage rows are held until both unreferenced flags the rows show
    // were asked for: a refs that asks for those only once the scan is over (it was, until this
    // change) never gets them, and the safety release below tells it apart.
    const held = [TREE_FLAGS.active, TREE_FLAGS.stale, TREE_FLAGS.prefix];
    const early = ['unused-stale', 'unused-old'];
    for (const args of [
      ['--summary', '-o', 'csv'],
      ['-o', 'json'],
      ['-o', 'yaml'],
    ]) {
      const waiting: (() => void)[] = [];
      let askedEarly = 0;
      let releasedBy: 'requests' | 'safety' | undefined;
      const release = (by: 'requests' | 'safety') => {
        releasedBy ??= by;
        for (const w of waiting.splice(0)) w();
      };
      const safety = setTimeout(() => release('safety'), 5_000);
      for (const name of held)
        server.route(`/api/admin/projects/default/features/${encodeURIComponent(name)}/lifecycle`, (_req, res) => {
          const answer = () => sendJson(res, 200, [{ stage: LIFECYCLE[name], enteredStageAt: recent }]);
          if (releasedBy) answer();
          else waiting.push(answer);
        });
      for (const name of early)
        server.route(`/api/admin/projects/default/features/${name}/lifecycle`, (_req, res) => {
          if (++askedEarly === early.length) release('requests');
          sendJson(res, 200, [{ stage: LIFECYCLE[name], enteredStageAt: recent }]);
        });
      serve(server);
      const r = await refs([dir, ...args]);
      clearTimeout(safety);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(releasedBy, args.join(' ')).toBe('requests');
      expect(r.stdout, args.join(' ')).toContain('unused-old');
      // One read per flag all the same: the scan's and the rows' lookups are the same ones.
      const reads = server.requests.filter((q) => q.url.endsWith('/lifecycle')).map((q) => q.url);
      expect(reads.length, args.join(' ')).toBe(new Set(reads).size);
      server.reset();
    }
  });

  it('--fail-on: exit 3 after printing when a flag in one of the states is referenced', async () => {
    const cases: [string, number, string][] = [
      ['stale', 3, 'flagctl: 7 references to flags that are stale (--fail-on)\n'],
      ['potentially-stale', 3, 'flagctl: 4 references to flags that are potentially-stale (--fail-on)\n'],
      ['archived', 3, 'flagctl: 3 references to flags that are archived (--fail-on)\n'],
      [
        'stale,archived,potentially-stale',
        3,
        'flagctl: 14 references to flags that are stale or archived or potentially-stale (--fail-on)\n',
      ],
    ];
    for (const [states, code, stderr] of cases) {
      serve(server);
      const r = await refs([dir, '--fail-on', states, '-o', 'ndjson']);
      expect(r.code, states).toBe(code);
      expect(r.stderr).toBe(HUGE + stderr);
      expect(r.stdout.trim().split('\n')).toHaveLength(20);
      server.reset();
    }
    serve(server);
    expect((await refs([`${dir}/go`, '--fail-on', 'stale,archived'])).code).toBe(0);
  });

  it('-o github: a warning at each reference to a stale, potentially stale or archived flag, and a step summary', async () => {
    serve(server);
    const summary = join(dirname(dir), 'summary.md');
    writeFileSync(summary, '');
    const r = await refs([dir, '-o', 'github'], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    // 14 references to flag: GitHub shows 10 warnings a step, the other 4 are in the summary (failed before: 14 annotations).
    expect(lines).toHaveLength(10);
    expect(r.stderr).toContain(
      'flagctl: 4 more references not annotated (GitHub shows 10 warnings a step); they are listed in the job summary\n',
    );
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('the first 10 references are annotated, and 4 more references are listed here:');
    const rest = md
      .slice(md.indexOf('4 more references are listed here:'))
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| flag') && !l.startsWith('| ---'));
    expect(rest).toHaveLength(4);
    expect(
      rest.every((l) => l.includes(dir)),
      rest.join('\n'),
    ).toBe(true);
    // Each reference is either annotated or listed (at its file and line).
    const annotatedOrListed = (annotation: string, row: string) =>
      lines.includes(annotation) || rest.some((l) => l.startsWith(row));
    expect(
      annotatedOrListed(
        `::warning file=${dir}/src/checkout.ts,line=7,col=18,title=Stale flag%3A legacy-search_v1::legacy-search_v1 (project default, lifecycle completed) is marked stale and still referenced here`,
        `| legacy-search\\_v1 | ${dir}/src/checkout.ts | 7 |`,
      ),
    ).toBe(true);
    expect(
      annotatedOrListed(
        `::warning file=${dir}/web/app.js,line=1,col=31,title=Archived flag%3A old-onboarding~2019::old-onboarding~2019 (project default, lifecycle archived) is archived and still referenced here`,
        `| old-onboarding\\~2019 | ${dir}/web/app.js | 1 |`,
      ),
    ).toBe(true);
    expect(lines.filter((l) => l.includes('new-checkout-flow ('))).toEqual([]);
    expect(md).toContain('### Feature flag references');
    expect(md).toContain('| flag | state | lifecycle | archived | references | files | last seen | verdict |');
    expect(md).toMatch(
      /\| legacy-search\\_v1 \| stale \| completed \| false \| 7 \| 6 \| 2025-05-05T00:00:00.000Z \| remove-code \|/,
    );
  });

  it('-o sarif: valid against the official SARIF 2.1.0 schema; a result per reference to a flagged flag', async () => {
    serve(server);
    const r = await refs([dir, '-o', 'sarif']);
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((x: { id: string }) => x.id)).toEqual([
      'flagctl/stale-flag',
      'flagctl/potentially-stale-flag',
      'flagctl/archived-flag',
      'flagctl/unknown-flag',
    ]);
    expect(run.results).toHaveLength(14);
    const first = run.results.find((x: { properties: { flag: string } }) => x.properties.flag === TREE_FLAGS.stale);
    expect(first.properties).toEqual({
      flag: TREE_FLAGS.stale,
      project: 'default',
      state: 'stale',
      archived: false,
      lifecycle: 'completed',
    });
    expect(first.ruleId).toBe('flagctl/stale-flag');
    // A path with spaces and non-ASCII is a valid URI reference.
    expect(
      run.results.some((x: any) =>
        x.locations[0].physicalLocation.artifactLocation.uri.endsWith('docs/notes%20with%20spaces%20%C3%BC.md'),
      ),
    ).toBe(true);
    // The schema check can fail: a result without a message is refused.
    delete run.results[0].message;
    expect(validate(log)).toBe(false);
  });

  it('on a terminal: grouped by flag, file text made safe', async () => {
    const hostile = join(dir, 'hostile');
    mkdirSync(hostile, { recursive: true });
    writeFileSync(join(hostile, 'x.ts'), 'const a = "legacy-search_v1"; // \u001b]0;pwned\u0007\u001b[31mred\n');
    try {
      serve(server);
      const r = await refs([hostile], { NO_COLOR: '1' }, true);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('\u001b');
      expect(r.stdout).toContain('legacy-search_v1 (marked stale, lifecycle completed, project default): 1 reference');
      expect(r.stdout).toContain(
        `${hostile}/x.ts:1:12  const a = "legacy-search_v1"; // \\x1b]0;pwned\\x07\\x1b[31mred`,
      );
    } finally {
      rmSync(hostile, { recursive: true, force: true });
    }
  });

  it('csv guards cells a spreadsheet would run', async () => {
    const sheet = join(dirname(dir), 'sheet');
    mkdirSync(sheet, { recursive: true });
    writeFileSync(join(sheet, 'f.txt'), '=HYPERLINK("legacy-search_v1")\n');
    serve(server);
    const r = await refs([sheet, '-o', 'csv', '--columns', 'name,text']);
    expect(r.stdout).toBe('name,text\r\nlegacy-search_v1,"\'=HYPERLINK(""legacy-search_v1"")"\r\n');
  });

  it('--project narrows the listing and the archived search', async () => {
    serve(server, ['default', 'web']);
    const r = await refs([`${dir}/go`, '--project', 'web', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const urls = server.requests.map((q) => decodeURIComponent(q.url));
    expect(urls).toContain('/api/admin/projects/web/features');
    // One project list: the kit's check that `web` exists (refs itself needs none with --project).
    expect(urls.filter((u) => u === '/api/admin/projects')).toHaveLength(1);
    expect(urls).not.toContain('/api/admin/projects/default/features');
    expect(urls.find((u) => u.startsWith('/api/admin/search/features'))).toContain('project=IS_ANY_OF:web');
  });

  it('--delimiters and --aliases', async () => {
    serve(server);
    const yaml = await refs([`${dir}/config/flags.yaml`, '--delimiters', ' \n', '-o', 'ndjson']);
    expect(
      yaml.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as Ref).name),
    ).toEqual([TREE_FLAGS.stale]);
    serve(server);
    const kt = await refs([`${dir}/kotlin`, '--aliases', '-o', 'ndjson', '--columns', 'name,line,match']);
    expect(
      kt.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { name: TREE_FLAGS.prefix, line: 1, match: 'alias' },
      { name: TREE_FLAGS.prefix, line: 1, match: 'exact' },
      { name: TREE_FLAGS.stale, line: 2, match: 'alias' },
    ]);
  });

  it('a lifecycle is asked for only where the output or a gate holds it (issue 26)', async () => {
    const lifecycleGets = () =>
      server.requests.filter((q) => /^\/api\/admin\/projects\/default\/features\/./.test(q.url)).length;
    const cases: [string[], boolean][] = [
      [['-o', 'csv'], false], // the default columns have no lifecycle
      [[], false], // the piped table, likewise
      [['-o', 'ndjson', '--columns', 'name,file,line'], false],
      [['-o', 'ndjson'], true], // whole rows
      [['-o', 'json'], true],
      [['-o', 'csv', '--columns', 'name,lifecycle'], true],
      [['-o', 'csv', '--fail-on', 'completed'], true],
      [['--summary', '-o', 'csv'], true],
      [['-o', 'github'], true],
    ];
    for (const [args, asks] of cases) {
      serve(server);
      const r = await refs([`${dir}/src`, ...args]);
      expect([0, 3], args.join(' ')).toContain(r.code);
      expect(lifecycleGets() > 0, args.join(' ')).toBe(asks);
      server.reset();
    }
    // Where it is not asked for, a reference row is the same but for the lifecycle.
    serve(server);
    const bare = await refs([`${dir}/src`, '-o', 'ndjson', '--columns', 'name,state,file,line,column,text']);
    serve(server);
    const whole = await refs([`${dir}/src`, '-o', 'ndjson']);
    const pick = (l: string) => {
      const x = JSON.parse(l) as Record<string, unknown>;
      return { name: x.name, state: x.state, file: x.file, line: x.line, column: x.column, text: x.text };
    };
    expect(
      bare.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(whole.stdout.trim().split('\n').map(pick));
  });

  it(
    "without --project, the default project's flags are asked for beside the project list, not after it",
    { timeout: 10_000 },
    async () => {
      // The project list is answered only once the default project's flags were asked for:
      // a client that waits for the list first never gets it.
      let asked!: () => void;
      const defaultAsked = new Promise<void>((resolve) => (asked = resolve));
      server.route('/api/admin/projects/default/features', (_req, res) => {
        asked();
        sendJson(res, 200, { version: 1, features: PROJECT_FEATURES });
      });
      server.route('/api/admin/projects', (_req, res) => {
        void defaultAsked.then(() =>
          sendJson(res, 200, { version: 1, projects: [{ id: 'default', name: 'default' }] }),
        );
      });
      serve(server); // the rest; the first route given for a path is the one used
      const r = await refs([`${dir}/src`, '-o', 'csv', '--columns', 'name,file,line']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('legacy-search_v1');
      const urls = server.requests.map((q) => q.url);
      expect(urls.filter((u) => u === '/api/admin/projects/default/features')).toHaveLength(1);
    },
  );

  it('a server without a default project: the early request for it goes unused, whatever it answered', async () => {
    server.json('/api/admin/projects/default/features', { name: 'NotFoundError', message: 'no such project' }, 404);
    serve(server, ['web']);
    const r = await refs([`${dir}/src`, '-o', 'csv', '--columns', 'name,file']);
    expect(r.code).toBe(0);
    // Only the tree's own line (its links are not followed): nothing of the unused answer.
    expect(r.stderr).toMatch(/^flagctl: not read: 2 symbolic links not followed \([^\n]*\)\n$/);
    expect(r.stdout).toBe('name,file\r\n');
  });

  it("--all-flags with many flags: each lifecycle is its document's (the furthest of its stage rows), never a search page, which can hold an older stage", async () => {
    // Search reports a flag's latest stage row, the document its furthest stage: a flag completed
    // before the server wrote its 'initial' row reads 'initial' in search and 'completed' in its
    // document (seen on Unleash 6.10.1 and 8.2.0; test/e2e/refs-lifecycles.test.ts).
    const many = Array.from({ length: 250 }, (_, i) => ({
      name: `gen-${i}`,
      type: 'kill-switch',
      stale: false,
      createdAt: recent,
      environments: [],
    }));
    server.json('/api/admin/projects', { version: 1, projects: [{ id: 'default' }] });
    server.json('/api/admin/feature-types', { version: 1, types: [{ id: 'kill-switch', lifetimeDays: null }] });
    server.json('/api/admin/projects/default/features', { version: 1, features: many });
    server.route('/api/admin/search/features', (_req, res, url) => {
      if (url.searchParams.get('archived') === 'IS:true') return sendJson(res, 200, { features: [], total: 0 });
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const page = many
        .slice(offset, offset + limit)
        .map((f) => ({ ...f, project: 'default', lifecycle: { stage: 'initial' } }));
      sendJson(res, 200, { features: page, total: many.length });
    });
    // The stage rows as the servers list them, oldest first: gen-7 was completed before its
    // 'initial' row was written, so that row is its latest, and search's.
    for (const f of many)
      server.json(
        `/api/admin/projects/default/features/${f.name}/lifecycle`,
        f.name === 'gen-7'
          ? [
              { stage: 'completed', status: 'kept', enteredStageAt: '2026-01-01T00:00:00.000Z' },
              { stage: 'initial', enteredStageAt: '2026-01-01T00:00:01.000Z' },
            ]
          : [{ stage: 'initial', enteredStageAt: '2026-01-01T00:00:01.000Z' }],
      );
    const r = await refs([`${dir}/go`, '--summary', '--all-flags', '-o', 'ndjson', '--fail-on', 'completed']);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; lifecycle: string; verdict: string });
    expect(rows).toHaveLength(250);
    expect(rows.find((x) => x.name === 'gen-7')).toMatchObject({ lifecycle: 'completed', verdict: 'archive' });
    expect(rows.filter((x) => x.lifecycle === 'initial')).toHaveLength(249);
    expect(r.code).toBe(0); // gen-7 is unreferenced: the gate counts references
    // The archived flags' one search, and one read of the stage rows per flag shown, no document.
    expect(server.requests.filter((q) => q.url.startsWith('/api/admin/search/features'))).toHaveLength(1);
    const reads = server.requests.filter((q) => /^\/api\/admin\/projects\/default\/features\/gen-/.test(q.url));
    expect(reads).toHaveLength(250);
    expect(reads.every((q) => /^\/api\/admin\/projects\/default\/features\/gen-\d+\/lifecycle$/.test(q.url))).toBe(
      true,
    );
  });

  it('--all-flags with many flags where the search limit has no room for the pages: one read of the stage rows each, no wait', async () => {
    // Unleash 8's limit: 15 a minute, 2 left after the archived search; 3 pages would wait out the window.
    const limited = (res: import('node:http').ServerResponse) =>
      res
        .setHeader('ratelimit-limit', '15')
        .setHeader('ratelimit-remaining', '2')
        .setHeader('ratelimit-reset', '60')
        .setHeader('ratelimit-policy', '15;w=60');
    const many = Array.from({ length: 250 }, (_, i) => ({
      name: `gen-${i}`,
      type: 'kill-switch',
      stale: false,
      createdAt: recent,
      environments: [],
    }));
    server.json('/api/admin/projects', { version: 1, projects: [{ id: 'default' }] });
    server.json('/api/admin/feature-types', { version: 1, types: [{ id: 'kill-switch', lifetimeDays: null }] });
    server.json('/api/admin/projects/default/features', { version: 1, features: many });
    server.route('/api/admin/search/features', (_req, res, url) => {
      expect(url.searchParams.get('archived')).toBe('IS:true'); // the archived flags' one search, and no other
      limited(res);
      sendJson(res, 200, { features: [], total: 0 });
    });
    for (const f of many) server.json(`/api/admin/projects/default/features/${f.name}/lifecycle`, [{ stage: 'live' }]);
    const r = await refs([`${dir}/go`, '--summary', '--all-flags', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('waiting');
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { lifecycle: string });
    expect(rows).toHaveLength(250);
    expect(rows.every((x) => x.lifecycle === 'live')).toBe(true);
    expect(server.requests.filter((q) => q.url.startsWith('/api/admin/search/features'))).toHaveLength(1);
  });

  it('a project list that breaks the contract is exit 1 naming the field, never a partial scan', async () => {
    server.json('/api/admin/projects/default/features', {
      version: 1,
      features: [PROJECT_FEATURES[0], { ...PROJECT_FEATURES[1], name: 42 }],
    });
    serve(server);
    const r = await refs([`${dir}/src`, '-o', 'csv', '--columns', 'name,file']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the server's answer (HTTP 200) is not the expected shape at features.1.name");
    expect(r.stdout).toBe('');
  });

  it('bad input: exit 2, a one-line message, nothing sent', async () => {
    const rest = refsCommand.formats!.filter((f) => f !== 'github' && f !== 'sarif');
    const summaryFormats = `${rest.slice(0, -1).join(', ')} or ${rest.at(-1)}`;
    expect(rest).toEqual(expect.arrayContaining(['table', 'json', 'ndjson', 'csv', 'markdown', 'yaml']));
    const cases: [string[], string][] = [
      [['/nonexistent/src'], 'flagctl: path "/nonexistent/src" does not exist; give files or directories to search\n'],
      [
        [dir, '--fail-on', 'stale,old'],
        'flagctl: --fail-on "stale,old": unknown state "old"; accepted: any of stale, potentially-stale, archived, completed, unknown, comma-separated\n',
      ],
      [
        [dir, '--delimiters', ''],
        'flagctl: --delimiters "": give at least one delimiter character, e.g. --delimiters "\\"\'`"\n',
      ],
      [[dir, '--max-file-kb', '0'], 'flagctl: --max-file-kb "0": expected a whole number of KiB from 1 to 1048576\n'],
      [
        [dir, '--summary', '-o', 'sarif'],
        // Every format of the record but the two that report references: a new format needs no edit here.
        `flagctl: --summary: not with -o sarif, which reports references; use -o ${summaryFormats}\n`,
      ],
    ];
    for (const [args, stderr] of cases) {
      const r = await refs(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(stderr);
      expect(r.stdout).toBe('');
    }
    expect(server.requests).toEqual([]);
  });

  it('a refused token exits 4 and a failed request 1, never 3', async () => {
    server.json('/api/admin/projects', { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' }, 401);
    server.json(
      '/api/admin/feature-types',
      { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' },
      401,
    );
    server.json(
      '/api/admin/search/features',
      { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' },
      401,
    );
    // Asked for beside the project list (the default project's flags), refused alike.
    server.json(
      '/api/admin/projects/default/features',
      { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' },
      401,
    );
    const r = await refs([dir, '--fail-on', 'stale']);
    expect(r.code).toBe(4);
    expect(r.stderr).not.toContain('unit-secret');
    // The flags are fetched while the walk starts; a tree with no file still waits for them.
    const empty = join(dirname(dir), 'empty');
    mkdirSync(empty, { recursive: true });
    expect((await refs([empty, '-o', 'ndjson'])).code).toBe(4);
    const down = await runCli(['refs', dir, '--fail-on', 'stale', '--retries', '0', '--timeout', '2'], {
      env: { ...env(), FLAGCTL_URL: 'http://127.0.0.1:9' },
    });
    expect(down.code).toBe(1);
  });
});
