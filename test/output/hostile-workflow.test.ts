import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// The GitHub Actions runner reads every line a step writes, stdout and stderr, for workflow
// commands. Besides `::command::` at the start of a line it still honours the legacy form
// `##[command]data` ANYWHERE in a line (actions/runner, ActionCommand.TryParse:
// `message.IndexOf("##[")`), for every registered command: set-output, add-mask,
// stop-commands, error, ... So a description or a source line holding
// `##[set-output name=gate;]pass` set a step output when flagctl's piped table reached the log.
// Text shown for people now spells it `##\x5b`; json keeps the same value (see json-inert).

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef' });
const LEGACY = 'see ##[set-output name=gate;]pass and ##[add-mask]x';

function search(): void {
  const feature = { name: 'f', type: 'release', project: 'default', description: LEGACY, environments: [] };
  server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [feature], total: 1 }));
}

describe('no output line for people holds a legacy workflow command', () => {
  for (const [label, args, tty] of [
    ['piped table', [], false],
    ['terminal table', [], true],
    ['markdown', ['-o', 'markdown'], false],
  ] as const) {
    it(`features search, ${label}`, async () => {
      search();
      const r = await runCli(['features', 'search', '--columns', 'name,description', ...args], {
        env: env(),
        stdoutIsTTY: tty,
        columns: 400,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('##[');
      expect(r.stdout).toMatch(/##\\+(x5b|\[)set-output name=gate;/);
    });
  }

  it('the record view of feature get', async () => {
    server.json('/api/admin/projects/default/features/f', {
      name: 'f',
      type: 'release',
      project: 'default',
      description: LEGACY,
      environments: [],
    });
    server.json('/api/admin/segments', { segments: [] });
    server.json('/api/admin/features/f/tags', { version: 1, tags: [] });
    const r = await runCli(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('##[');
    expect(r.stdout).toContain('see ##\\x5bset-output name=gate;]pass and ##\\x5badd-mask]x');
  });

  it('a server error message on stderr', async () => {
    server.json('/api/admin/projects/default/features/f', { name: 'NotFoundError', message: LEGACY }, 404);
    server.json('/api/admin/search/features', { features: [], total: 0 }); // the archive: not there either
    const r = await runCli(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).not.toContain('##[');
    expect(r.stderr).toContain('##\\x5bset-output');
  });
});

describe('refs: a source line from a pull request', () => {
  it('the piped table and the terminal view spell it ##\\x5b', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-legacy-'));
    writeFileSync(join(dir, 'a.ts'), `if (isEnabled("old-flag")) x(); // ${LEGACY}\n`);
    server.json('/api/admin/projects', { projects: [{ id: 'default', name: 'default' }] });
    server.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
    server.json('/api/admin/projects/default/features', {
      features: [
        { name: 'old-flag', type: 'release', stale: true, createdAt: '2020-01-01T00:00:00.000Z', environments: [] },
      ],
    });
    server.json('/api/admin/projects/default/features/old-flag/lifecycle', [
      { stage: 'live', enteredStageAt: '2020-01-01T00:00:00.000Z' },
    ]);
    server.json('/api/admin/search/features', { features: [], total: 0 });
    for (const tty of [false, true]) {
      const r = await runCli(['refs', dir], {
        env: { ...env(), FLAGCTL_CONFIG_DIR: '/nonexistent' },
        stdoutIsTTY: tty,
        columns: 400,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('##\\x5bset-output name=gate;]pass');
      expect(r.stdout).not.toContain('##[');
    }
    // sarif and json keep the line's value, with the bracket as a JSON escape.
    for (const output of ['sarif', 'json']) {
      const r = await runCli(['refs', dir, '-o', output], { env: { ...env(), FLAGCTL_CONFIG_DIR: '/nonexistent' } });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('##[');
      expect(r.stdout).toContain('##\\u005bset-output name=gate;]pass');
      expect(JSON.stringify(JSON.parse(r.stdout))).toContain('##[set-output name=gate;]pass');
    }
  });
});

describe('no output line for people starts with a workflow command', () => {
  // The runner takes a line whose text, after leading white space, starts with `::` as a
  // command. Line breaks in server text are escaped, but the piped table starts each line with
  // its first cell, and record views start with the feature's name: server text.
  const NAME = '::error title=pwned::fake failure';
  const LEADING = '  ::add-mask::secret';
  const startsACommand = (text: string) => text.split(/\r\n|\n|\r/).filter((l) => /^\s*::/.test(l));

  for (const tty of [false, true]) {
    it(`features search, table ${tty ? 'on a terminal' : 'piped'}`, async () => {
      const features = [NAME, LEADING].map((name) => ({ name, type: 'release', project: 'default', environments: [] }));
      server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features, total: 2 }));
      const r = await runCli(['features', 'search', '--columns', 'name,type', '--no-headers'], {
        env: env(),
        stdoutIsTTY: tty,
      });
      expect(r.code).toBe(0);
      expect(startsACommand(r.stdout)).toEqual([]);
      if (!tty)
        expect(r.stdout).toBe('\\x3a:error title=pwned::fake failure\trelease\n  \\x3a:add-mask::secret\trelease\n');
    });
  }

  it('the record view of feature get', async () => {
    server.json('/api/admin/projects/default/features/f', {
      name: NAME,
      type: 'release',
      project: 'default',
      environments: [],
    });
    server.json('/api/admin/segments', { segments: [] });
    server.json(`/api/admin/features/${encodeURIComponent(NAME)}/tags`, { version: 1, tags: [] });
    const r = await runCli(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(0);
    expect(startsACommand(r.stdout)).toEqual([]);
    expect(r.stdout.split('\n')[0]).toBe('\\x3a:error title=pwned::fake failure');
  });

  it('-o github still prints its own annotations', async () => {
    server.route('/api/admin/search/features', (_req, res) =>
      sendJson(res, 200, {
        features: [{ name: NAME, type: 'release', project: 'default', stale: true, environments: [] }],
        total: 1,
      }),
    );
    server.json('/api/admin/projects', { projects: [{ id: 'default', name: 'default' }] });
    server.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
    const r = await runCli(['features', 'stale', '-o', 'github'], { env: env() });
    expect(r.stdout).toMatch(/^::warning title=Stale flag%3A %3A%3Aerror title=pwned%3A%3Afake failure::/);
  });
});

describe('flagctl api --paginate, piped: its own JSON never holds ##[', () => {
  // Without --paginate the body is printed as it came (see docs/untrusted-data.md); with it,
  // flagctl writes the JSON itself, and writes ##[ as ##\u005b: the same strings.
  for (const output of ['json', 'ndjson']) {
    it(`-o ${output}`, async () => {
      const item = { name: 'f', description: LEGACY };
      server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [item], total: 1 }));
      const r = await runCli(['api', '/api/admin/search/features', '--paginate', '-o', output], { env: env() });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('##[');
      expect(r.stdout).toContain('##\\u005bset-output');
      expect(JSON.stringify(JSON.parse(output === 'json' ? r.stdout : r.stdout.trim()))).toContain(
        JSON.stringify(LEGACY),
      );
    });
  }
});

describe('csv to a pipe (a CI log): the default guard covers workflow commands too', () => {
  // A quoted cell may span lines; its inner lines, and a record's first cell, start lines of
  // the log. The spreadsheet guard (off with --csv-raw) now also spells `##[` and a line's
  // opening `::` as escapes; --csv-raw stays exact.
  const DESC = 'first line\n::error title=x::pwned\n  ::add-mask::s ##[set-output name=gate;]pass';
  function serve(): void {
    const feature = { name: '::warning::w', type: 'release', project: 'default', description: DESC, environments: [] };
    server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [feature], total: 1 }));
  }

  it('-o csv', async () => {
    serve();
    const r = await runCli(['features', 'search', '-o', 'csv', '--columns', 'name,description', '--no-headers'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '\\x3a:warning::w,"first line\n\\x3a:error title=x::pwned\n  \\x3a:add-mask::s ##\\x5bset-output name=gate;]pass"\r\n',
    );
  });

  it('--csv-raw keeps the values exact', async () => {
    serve();
    const r = await runCli(
      ['features', 'search', '-o', 'csv', '--csv-raw', '--columns', 'name,description', '--no-headers'],
      { env: env() },
    );
    expect(r.stdout).toBe(`::warning::w,"${DESC}"\r\n`);
  });
});
