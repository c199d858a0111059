import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { SkippingClock } from '../support/clock.js';
import { runCli } from '../support/io.js';
import { FIXTURE_TREE } from '../support/refs-tree.js';

// `flagctl refs` tells the whole truth (issue 20 items 6-8, issue 22 item 3 and its small refs
// items): what it did not read, names at the edges of lines and files, --exclude with printed
// paths, the completed lifecycle stage, and the output details.

const server = useFixtureServer();
const base = mkdtempSync(join(tmpdir(), 'flagctl-refs-truth-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' });
const refs = (args: string[]) => runCli(['refs', ...args], { env: env() });
const recent = new Date(Date.now() - 24 * 3600 * 1000).toISOString();

/** stale-one is marked stale; live-one is active; done-kept and done-dropped are completed. */
const FEATURES = [
  { name: 'stale-one', type: 'kill-switch', stale: true, createdAt: recent, environments: [] },
  { name: 'live-one', type: 'kill-switch', stale: false, createdAt: recent, environments: [] },
  { name: 'done-kept', type: 'kill-switch', stale: false, createdAt: recent, environments: [] },
  { name: 'done-dropped', type: 'kill-switch', stale: false, createdAt: recent, environments: [] },
];
const LIFECYCLE: Record<string, { stage: string; status?: string }> = {
  'stale-one': { stage: 'live' },
  'live-one': { stage: 'live' },
  'done-kept': { stage: 'completed', status: 'kept' },
  'done-dropped': { stage: 'completed', status: 'discarded' },
};

function serve(
  s: FixtureServer,
  archivedSearch?: (res: import('node:http').ServerResponse, url: URL) => void,
  extra: typeof FEATURES = [],
) {
  s.json('/api/admin/projects', { version: 1, projects: [{ id: 'default' }] });
  s.json('/api/admin/feature-types', { version: 1, types: [{ id: 'kill-switch', lifetimeDays: null }] });
  s.route('/api/admin/search/features', (_req, res, url) =>
    archivedSearch ? archivedSearch(res, url) : sendJson(res, 200, { features: [], total: 0 }),
  );
  s.json('/api/admin/projects/default/features', { version: 1, features: [...FEATURES, ...extra] });
  for (const [name, lifecycle] of Object.entries(LIFECYCLE)) {
    s.json(`/api/admin/projects/default/features/${name}/lifecycle`, [{ ...lifecycle, enteredStageAt: recent }]);
  }
}

function tree(name: string, files: Record<string, string | Buffer>): string {
  const dir = join(base, name);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

const lines = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('refs says what it did not read', () => {
  it('a name that is not UTF-8 is counted and named; a gate exits 1 unless --allow-skipped', async () => {
    const dir = tree('badname', { 'ok.ts': 'x("live-one")\n' });
    // caf\xE9.ts: Latin-1, not UTF-8; it holds a reference to a stale flag.
    writeFileSync(
      Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.ts')]),
      'x("stale-one")\n',
    );
    serve(server);
    const r = await refs([dir, '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'name']);
    expect(r.stdout).toBe('{"name":"live-one"}\n');
    expect(r.stderr).toBe(
      `flagctl: not read: 1 with a name that is not UTF-8 (${dir}/caf\uFFFD.ts)\n` +
        'flagctl: --fail-on: 1 path could not be read, so the gate cannot pass; --allow-skipped passes without them\n',
    );
    expect(r.code).toBe(1);
    serve(server);
    const allowed = await refs([dir, '--fail-on', 'stale', '--allow-skipped', '-o', 'ndjson', '--columns', 'name']);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toBe(`flagctl: not read: 1 with a name that is not UTF-8 (${dir}/caf\uFFFD.ts)\n`);
  });

  it('symbolic links met in a walk are counted and named, not followed; the gate does not fail on them', async () => {
    const dir = tree('links', {
      'app.ts': 'x("live-one")\n',
      'sub/real.ts': 'x("live-one")\n',
      '.gitignore': 'ignored-link\n',
    });
    symlinkSync('app.ts', join(dir, 'a-link.ts'));
    symlinkSync('sub', join(dir, 'b-dir'));
    symlinkSync('.', join(dir, 'c-loop'));
    symlinkSync('..', join(dir, 'sub/d-up'));
    // A rule's skips are not told: an ignored link, an excluded one.
    symlinkSync('app.ts', join(dir, 'ignored-link'));
    symlinkSync('app.ts', join(dir, 'e-excluded'));
    serve(server);
    const r = await refs([
      dir,
      '--exclude',
      'e-excluded',
      '--fail-on',
      'archived',
      '-o',
      'ndjson',
      '--columns',
      'file',
    ]);
    expect(r.stdout).toBe(`{"file":"${dir}/app.ts"}\n{"file":"${dir}/sub/real.ts"}\n`);
    expect(r.stderr).toBe(
      `flagctl: not read: 4 symbolic links not followed (${dir}/a-link.ts, ${dir}/b-dir, ${dir}/c-loop, …)\n`,
    );
    expect(r.code).toBe(0);
  });

  it('a symbolic link git lists is told the same way', async () => {
    const dir = tree('links-git', { 'app.ts': 'x("stale-one")\n' });
    symlinkSync('app.ts', join(dir, 'link.ts'));
    execFileSync('git', ['-C', dir, 'init', '-q'], {
      stdio: 'ignore',
      env: { ...process.env, HOME: base, GIT_CONFIG_NOSYSTEM: '1' },
    });
    execFileSync('git', ['-C', dir, 'add', '.'], {
      stdio: 'ignore',
      env: { ...process.env, HOME: base, GIT_CONFIG_NOSYSTEM: '1' },
    });
    serve(server);
    const r = await refs([dir, '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'file']);
    expect(r.stdout).toBe(`{"file":"${dir}/app.ts"}\n`);
    expect(r.stderr).toBe(
      `flagctl: not read: 1 symbolic link not followed (${dir}/link.ts)\nflagctl: 1 reference to flags that are stale (--fail-on)\n`,
    );
    expect(r.code).toBe(3);
  });

  it('files over --max-file-kb: how many, the first few, how to raise it; the cap is a rule the gate accepts', async () => {
    const big = `${'x'.repeat(2048)}\nload("stale-one")\n`;
    const dir = tree('big', {
      'a.min.js': big,
      'b.min.js': big,
      'c.min.js': big,
      'd.min.js': big,
      'small.ts': 'x("live-one")\n',
    });
    serve(server);
    const r = await refs([dir, '--max-file-kb', '1', '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'name']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"name":"live-one"}\n');
    expect(r.stderr).toBe(
      `flagctl: not read: 4 over 1 KiB (${dir}/a.min.js, ${dir}/b.min.js, ${dir}/c.min.js, …; raise --max-file-kb to read them)\n`,
    );
    serve(server);
    const raised = await refs([dir, '--max-file-kb', '4', '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'name']);
    expect(raised.code).toBe(3);
    expect(raised.stderr).toBe('flagctl: 4 references to flags that are stale (--fail-on)\n');
  });

  it('a symbolic link named on the command line is read, as rg does', async () => {
    const dir = tree('link', { 'real.ts': 'x("stale-one")\n' });
    symlinkSync('real.ts', join(dir, 'link.ts'));
    serve(server);
    const r = await refs([join(dir, 'link.ts'), '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'name,file,line']);
    expect(r.stdout).toBe(`{"name":"stale-one","file":"${dir}/link.ts","line":1}\n`);
    expect(r.code).toBe(3);
  });

  it('a file given twice, or inside a directory given, is read once', async () => {
    const dir = tree('twice', { 'app.ts': 'x("stale-one")\n', 'lib/b.ts': 'x("stale-one")\n' });
    serve(server);
    const r = await refs([
      dir,
      join(dir, 'app.ts'),
      join(dir, 'lib'),
      `${dir}/./app.ts`,
      '-o',
      'ndjson',
      '--columns',
      'file',
    ]);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual([{ file: `${dir}/app.ts` }, { file: `${dir}/lib/b.ts` }]);
  });
});

describe('--delimiters: the start and end of a file and of a line are delimiters; CR belongs to the line end', () => {
  it("the README's YAML recipe finds names on the first line, in CRLF files and on a last line without a newline", async () => {
    const dir = tree('yaml', {
      'crlf.yaml': 'flags:\r\n  - stale-one\r\n  - live-one\r\n',
      'first.yaml': 'stale-one is first\nother: 1\n',
      'last.yaml': 'a: 1\nflag: live-one',
      'lastcr.yaml': 'flag: done-kept\r',
      'alone.txt': 'done-dropped',
    });
    serve(server);
    const r = await refs([dir, '--delimiters', ' \n', '-o', 'ndjson', '--columns', 'name,file,line,column,text']);
    expect(r.code).toBe(0);
    expect(lines(r.stdout).map((x) => ({ ...x, file: relative(dir, x.file as string) }))).toEqual([
      { name: 'done-dropped', file: 'alone.txt', line: 1, column: 1, text: 'done-dropped' },
      { name: 'stale-one', file: 'crlf.yaml', line: 2, column: 5, text: '- stale-one' },
      { name: 'live-one', file: 'crlf.yaml', line: 3, column: 5, text: '- live-one' },
      { name: 'stale-one', file: 'first.yaml', line: 1, column: 1, text: 'stale-one is first' },
      { name: 'live-one', file: 'last.yaml', line: 2, column: 7, text: 'flag: live-one' },
      { name: 'done-kept', file: 'lastcr.yaml', line: 1, column: 7, text: 'flag: done-kept' },
    ]);
  });
});

describe('--exclude takes the paths refs prints', () => {
  it('from a parent directory, the printed path, its glob form and a relative spelling all exclude', async () => {
    const dir = tree('repo', {
      'app.ts': 'x("stale-one")\n',
      'vendor/lib.js': 'x("stale-one")\n',
      'vendor/deep/x.js': 'x("stale-one")\n',
    });
    const files = async (...exclude: string[]) => {
      serve(server);
      const r = await refs([dir, ...exclude.flatMap((e) => ['--exclude', e]), '-o', 'ndjson', '--columns', 'file']);
      expect(r.code).toBe(0);
      return lines(r.stdout).map((x) => relative(dir, x.file as string));
    };
    expect(await files()).toEqual(['app.ts', 'vendor/deep/x.js', 'vendor/lib.js']);
    expect(await files(`${dir}/vendor`)).toEqual(['app.ts']);
    expect(await files(`${dir}/vendor/lib.js`)).toEqual(['app.ts', 'vendor/deep/x.js']);
    expect(await files(`${dir}/vendor/**/*.js`)).toEqual(['app.ts']);
    // Another spelling of the same place (../../tmp/…/vendor from here) names the same files.
    expect(await files(relative(process.cwd(), join(dir, 'vendor')))).toEqual(['app.ts']);
    // Relative to the searched root, as before.
    expect(await files('vendor/')).toEqual(['app.ts']);
    expect(await files('deep')).toEqual(['app.ts', 'vendor/lib.js']);
  });
});

describe('the completed lifecycle stage', () => {
  it('--summary: remove-code with the branch to keep; --fail-on completed exits 3', async () => {
    const dir = tree('done', { 'a.ts': 'if (on("done-kept")) {}\nif (on("done-dropped")) {}\nx("live-one")\n' });
    serve(server);
    const r = await refs([dir, '--summary', '-o', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      flags: { name: string; lifecycle: string; verdict: string; keepBranch: string | null }[];
    };
    expect(Object.keys(doc)).toEqual(['flags']);
    expect(doc.flags.map((x) => [x.name, x.lifecycle, x.verdict, x.keepBranch])).toEqual([
      ['done-dropped', 'completed', 'remove-code', 'disabled'],
      ['done-kept', 'completed', 'remove-code', 'enabled'],
      ['stale-one', 'live', 'archive', null],
      ['live-one', 'live', 'keep', null],
    ]);
    expect(doc.flags.map((x) => (x as { cleanup?: string | null }).cleanup)).toEqual([
      `flagctl cleanup done-dropped ${dir} --keep off`,
      `flagctl cleanup done-kept ${dir} --keep on`,
      null,
      null,
    ]);
    serve(server);
    const table = await refs([dir, '--summary', '-o', 'csv', '--columns', 'name,verdict,keepBranch']);
    expect(table.stdout.split('\r\n')).toContain('done-kept,remove-code,enabled');
    serve(server);
    const gate = await refs([dir, '--fail-on', 'completed', '-o', 'ndjson', '--columns', 'name']);
    expect(gate.code).toBe(3);
    expect(gate.stderr).toBe('flagctl: 2 references to flags that are completed (--fail-on)\n');
  });
});

describe('--summary on a terminal names cleanup', () => {
  it('after the table, the command of each flag whose branch is decided, whole; the table still fits 80 columns; piped, no footer', async () => {
    const dir = tree('done-tty', { 'a.ts': 'if (on("done-kept")) {}\nif (on("done-dropped")) {}\nx("live-one")\n' });
    serve(server);
    const tty = await runCli(['refs', dir, '--summary'], {
      env: { ...env(), NO_COLOR: '1' },
      stdoutIsTTY: true,
      columns: 80,
    });
    expect(tty.code, tty.stderr).toBe(0);
    const lines = tty.stdout.trimEnd().split('\n');
    const table = lines.filter((l) => /^[│┌├└]/.test(l));
    expect(table.length).toBeGreaterThan(3);
    for (const line of table) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(lines.slice(table.length)).toEqual([
      'Remove the code of the flags the lifecycle decided (a patch to review):',
      `  flagctl cleanup done-dropped ${dir} --keep off`,
      `  flagctl cleanup done-kept ${dir} --keep on`,
    ]);
    serve(server);
    const piped = await refs([dir, '--summary']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain('flagctl cleanup');
  });

  it('past ten commands, the rest are counted and the way to all of them is named', async () => {
    const extra = Array.from({ length: 12 }, (_, i) => ({
      name: `done-${String(i).padStart(2, '0')}`,
      type: 'kill-switch',
      stale: false,
      createdAt: recent,
      environments: [],
    }));
    const dir = tree('done-many', { 'a.ts': extra.map((f) => `on("${f.name}")\n`).join('') });
    serve(server, undefined, extra);
    for (const f of extra)
      server.json(`/api/admin/projects/default/features/${f.name}/lifecycle`, [
        { stage: 'completed', status: 'kept', enteredStageAt: recent },
      ]);
    const tty = await runCli(['refs', dir, '--summary'], {
      env: { ...env(), NO_COLOR: '1' },
      stdoutIsTTY: true,
      columns: 80,
    });
    expect(tty.code, tty.stderr).toBe(0);
    const footer = tty.stdout
      .trimEnd()
      .split('\n')
      .filter((l) => !/^[│┌├└]/.test(l));
    expect(footer).toHaveLength(12);
    expect(footer.filter((l) => l.startsWith('  flagctl cleanup done-'))).toHaveLength(10);
    expect(footer.at(-1)).toBe('  … and 2 more: --columns name,cleanup or -o json lists every command');
  });
});

describe('the output says what it is', () => {
  it('-o sarif: a file under the working directory is relative to %SRCROOT%; one outside it is a file:// URI', async () => {
    serve(server, undefined, [
      { name: 'legacy-search_v1', type: 'kill-switch', stale: true, createdAt: recent, environments: [] },
    ]);
    server.json('/api/admin/projects/default/features/legacy-search_v1/lifecycle', [{ stage: 'live' }]);
    const inside = JSON.parse((await refs([FIXTURE_TREE, '-o', 'sarif'])).stdout);
    const uris = inside.runs[0].results.map((x: any) => x.locations[0].physicalLocation.artifactLocation);
    expect(uris.length).toBeGreaterThan(0);
    for (const u of uris) {
      expect(u.uriBaseId).toBe('%SRCROOT%');
      expect(u.uri.startsWith('test/fixtures/refs-tree/')).toBe(true);
    }
    const dir = tree('sarif', { 'a b.ts': 'x("stale-one")\n' });
    serve(server);
    const outside = JSON.parse((await refs([dir, '-o', 'sarif'])).stdout);
    expect(outside.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({
      uri: `file://${dir}/a%20b.ts`,
    });
  });

  it('--all-flags without --summary or -o json is refused, naming the combination', async () => {
    const r = await refs([base, '--all-flags', '-o', 'ndjson']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'flagctl: --all-flags: only with --summary or -o json, which list flags; -o ndjson without --summary lists references\n',
    );
    expect(r.stdout).toBe('');
    const allow = await refs([base, '--allow-skipped']);
    expect(allow.code).toBe(2);
    expect(allow.stderr).toBe('flagctl: --allow-skipped: only with --fail-on, whose exit code it changes\n');
    expect(server.requests).toEqual([]);
  });

  it('--threads above the CPU count is clamped, with a warning', async () => {
    const cpus = availableParallelism();
    const dir = tree('threads', { 'a.ts': 'x("live-one")\n' });
    serve(server);
    const r = await refs([dir, '--threads', '16', '-o', 'ndjson', '--columns', 'name']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"name":"live-one"}\n');
    expect(r.stderr).toBe(
      cpus >= 16
        ? ''
        : `flagctl: --threads 16: this machine has ${cpus} CPU${cpus === 1 ? '' : 's'}; using ${cpus} threads\n`,
    );
  });

  it('a rate-limit wait says what it waits for', async () => {
    const dir = tree('wait', { 'a.ts': 'x("live-one")\n' });
    const archived = Array.from({ length: 150 }, (_, i) => ({
      name: `gone-${i}`,
      project: 'default',
      type: 'kill-switch',
      archived: true,
      lifecycle: { stage: 'archived' },
      environments: [],
    }));
    serve(server, (res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      res.setHeader('RateLimit-Limit', '1');
      res.setHeader('RateLimit-Remaining', '0');
      res.setHeader('RateLimit-Reset', '2');
      sendJson(res, 200, { features: archived.slice(offset, offset + limit), total: archived.length });
    });
    // The pacer waits on the injected clock, which jumps over the wait once nothing is in flight.
    const r = await runCli(['refs', dir, '-o', 'ndjson', '--columns', 'name'], {
      env: env(),
      clock: new SkippingClock(() => server.inFlight > 0, { turns: 20 }),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^flagctl: the server allows 1 search.*; waiting 2 s \(page 2 of 2\) before searching for the archived flags\n$/,
    );
  });
});
