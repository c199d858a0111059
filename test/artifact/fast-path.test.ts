import { execFile as execFileCb } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';

// The fast path of `feature get` as it ships: bin/flagctl and the single executable try
// dist/feature-get.cjs first, and run the whole CLI for what it declines. Whichever runs, a
// command line must give the very stdout, stderr and exit code that the whole CLI alone
// (dist/flagctl.cjs, run here directly) gives. test/commands/feature-get-fast.test.ts compares
// the two in-process on many more command lines.

const execFile = promisify(execFileCb);
const root = new URL('../../', import.meta.url).pathname;
const feature = JSON.parse(readFileSync(join(root, 'test/fixtures/feature.json'), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const base = '/api/admin/projects/default/features';
const tmp = mkdtempSync(join(tmpdir(), 'flagctl-fast-path-'));
const binary = join(root, 'dist', `flagctl-${process.platform}-${process.arch}`);
const server = useFixtureServer();

beforeAll(async () => {
  await execFile(process.execPath, [join(root, 'scripts/build-binary.mjs'), '--if-changed'], {
    cwd: root,
    timeout: 280_000,
  });
  writeFileSync(join(tmp, 'full.cjs'), `require(${JSON.stringify(join(root, 'dist/flagctl.cjs'))}).run();\n`);
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Way = 'full' | 'bin' | 'binary';
async function run(way: Way, args: string[]) {
  const env = {
    PATH: process.env.PATH!,
    HOME: tmp,
    XDG_CACHE_HOME: join(tmp, way),
    FLAGCTL_URL: server.url,
    FLAGCTL_TOKEN: TOKEN,
    FLAGCTL_CONFIG_DIR: '/nonexistent',
  };
  const [file, argv] =
    way === 'full'
      ? [process.execPath, [join(tmp, 'full.cjs'), ...args]]
      : way === 'bin'
        ? [join(root, 'bin/flagctl'), args]
        : [binary, args];
  const r = await execFile(file, argv, { env }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
  // --debug shows times, and a failure's stack frames, which name each bundle's own code.
  return { ...r, stderr: r.stderr.replace(/\(\d+ ms, /g, '(N ms, ').replace(/\n {4}at [^\n]*/g, '') };
}

const LINES: [string, string[]][] = [
  ['-o json', ['feature', 'get', 'checkout-v2', '-o', 'json']],
  ['the table', ['feature', 'get', 'checkout-v2']],
  ['csv columns', ['feature', 'get', 'checkout-v2', '-o', 'csv', '--columns', 'environment,enabled']],
  ['--debug', ['feature', 'get', 'checkout-v2', '-o', 'json', '--debug']],
  ['a 404', ['feature', 'get', 'missing']],
  ['a 404 with --debug', ['feature', 'get', 'missing', '--debug']],
  ['a refused shape', ['feature', 'get', 'bad-shape']],
  ['-ojson (declined)', ['feature', 'get', 'checkout-v2', '-ojson']],
  ['--help (declined)', ['feature', 'get', '--help']],
  ['an unknown option (declined)', ['feature', 'get', 'checkout-v2', '--bogus']],
  ['no name (declined)', ['feature', 'get']],
  ['an unknown format (declined)', ['feature', 'get', 'checkout-v2', '-o', 'xml']],
];

describe('feature get as it ships: the fast path, else the whole CLI', () => {
  it.each(LINES)('bin/flagctl and the single executable say what the whole CLI says: %s', async (_what, args) => {
    server.json(`${base}/checkout-v2`, feature);
    server.json(`${base}/missing`, { name: 'NotFoundError', message: 'Could not find feature missing' }, 404);
    // After a 404, feature get looks in the archive (issue 35): not there either.
    server.json('/api/admin/search/features', { features: [], total: 0 });
    server.route(`${base}/bad-shape`, (_req, res) =>
      sendJson(res, 200, { ...feature, environments: [{ name: 'e', yes: 'many' }] }),
    );
    server.json('/api/admin/segments', { segments: [{ id: 1, name: 'beta-users' }] });
    const full = await run('full', args);
    expect(full.stdout + full.stderr).not.toBe('');
    // Twice each: without a code cache, then with the one the first run made.
    for (const way of ['bin', 'bin', 'binary', 'binary'] as const) expect(await run(way, args), way).toEqual(full);
  });
});
