import { execFile as execFileCb, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';

// The package as npm ships it: `npm pack`, extracted into an empty directory, run with node and
// nothing else. Every runtime dependency is inside dist/flagctl.mjs, so no node_modules (and
// no network) is needed. Also checked here: heavy modules stay out of a start-up that does
// not need them.

const execFile = promisify(execFileCb);
const root = new URL('../../', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const feature = JSON.parse(readFileSync(join(root, 'test/fixtures/feature.json'), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const PATH = '/api/admin/projects/default/features/checkout-v2';

const tmp = mkdtempSync(join(tmpdir(), 'flagctl-pack-'));
const server = useFixtureServer();
let packed: { path: string; mode: number }[] = [];
let installed = '';

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'ignore' });
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out) as [{ filename: string; files: { path: string; mode: number }[] }];
  packed = info.files;
  mkdirSync(join(tmp, 'install'));
  execFileSync('tar', ['-xzf', join(tmp, info.filename), '-C', join(tmp, 'install')]);
  installed = join(tmp, 'install/package');
}, 120_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs the installed package's bin the way a shell would: by its #! line. */
function flagctl(args: string[], env: Record<string, string> = {}) {
  return execFile(join(installed, 'bin/flagctl'), args, { cwd: tmp, env: { PATH: process.env.PATH!, HOME: tmp, ...env } });
}

describe('npm pack', () => {
  it('ships the bin, the bundle, the completions and nothing of the sources', () => {
    const paths = packed.map((f) => f.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['bin/flagctl', 'dist/flagctl.mjs', 'completions/_flagctl', 'completions/flagctl.bash', 'completions/flagctl.fish', 'package.json']));
    const unexpected = paths.filter((p) => !/^(bin\/flagctl|dist\/flagctl\.mjs|completions\/[^/]+|package\.json|README\.md|LICENSE(\.md)?)$/.test(p));
    expect(unexpected).toEqual([]);
    expect(packed.find((f) => f.path === 'bin/flagctl')!.mode & 0o111).toBe(0o111);
  });

  it('declares the bin and the Node versions it runs on', () => {
    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(shipped.bin).toEqual({ flagctl: 'bin/flagctl' });
    expect(shipped.engines.node).toBe('>=20');
    expect(readFileSync(join(installed, 'bin/flagctl'), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('the extracted package has no node_modules within reach: what runs is the bundle alone', () => {
    const dirs: string[] = [];
    for (let dir = installed; dir !== dirname(dir); dir = dirname(dir)) dirs.push(join(dir, 'node_modules'));
    expect(dirs.filter((d) => existsSync(d))).toEqual([]);
  });

  it('--version prints the package version', async () => {
    const r = await flagctl(['--version']);
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(r.stderr).toBe('');
  });

  it('--help lists the commands', async () => {
    const r = await flagctl(['--help']);
    for (const name of ['feature', 'features', 'project', 'insights', 'auth', 'completion']) expect(r.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
  });

  it('answers a real query against a server', async () => {
    server.json(PATH, feature);
    const r = await flagctl(['feature', 'get', 'checkout-v2', '-o', 'json'], { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(server.requests[0]!.headers['user-agent']).toBe(`flagctl/${pkg.version}`);
    expect(server.requests[0]!.headers.authorization).toBe(TOKEN);
  });

  it('maps a failed request to its exit code', async () => {
    server.route(PATH, (_req, res) => sendJson(res, 404, { name: 'NotFoundError', message: 'Could not find feature' }));
    const err = await flagctl(['feature', 'get', 'checkout-v2'], { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN }).catch((e) => e);
    expect(err.code).toBe(5);
    expect(err.stderr).toContain('Could not find feature');
  });
});

describe('the bundle loads heavy modules only when a command needs them', () => {
  const dir = join(tmp, 'traced');
  const LAZY = ['ora', 'cli-table3'];

  // A build of the same bundle in which each lazy package, when its code runs, says so on stderr.
  beforeAll(() => {
    mkdirSync(dir);
    const tracer = `
      import { readFile } from 'node:fs/promises';
      import { bundle } from ${JSON.stringify(join(root, 'scripts/build.mjs'))};
      const pattern = /node_modules[\\\\/](${LAZY.join('|')})[\\\\/].*\\.[cm]?js$/;
      const trace = { name: 'trace', setup(b) {
        b.onLoad({ filter: pattern }, async (args) => {
          const name = pattern.exec(args.path)[1];
          const mark = '\\n;(globalThis.__traced ??= new Set()).has("' + name + '") || (globalThis.__traced.add("' + name + '"), process.stderr.write("[evaluated ' + name + ']\\\\n"));\\n';
          return { contents: (await readFile(args.path, 'utf8')) + mark, loader: 'js' };
        });
      } };
      await bundle({ outfile: process.argv[1], plugins: [trace] });`;
    execFileSync(process.execPath, ['--input-type=module', '-e', tracer, join(dir, 'flagctl.mjs')], { stdio: 'inherit' });
    writeFileSync(join(dir, 'run.mjs'), "import('./flagctl.mjs').then((m) => m.run());\n");
    // As on a terminal: stdout and stderr are TTYs, so tables are drawn and a slow request gets a spinner.
    writeFileSync(
      join(dir, 'tty.mjs'),
      `const { main } = await import('./flagctl.mjs');
const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: false, columns: 100 };
process.exitCode = await main(process.argv.slice(2), io);\n`,
    );
  }, 60_000);

  const traced = (stderr: string) => [...stderr.matchAll(/\[evaluated (\S+)\]/g)].map((m) => m[1]).sort();
  const run = (script: string, args: string[]) =>
    execFile(process.execPath, [join(dir, script), ...args], { env: { PATH: process.env.PATH!, HOME: tmp, FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN } });

  it.each([[['--version']], [['--help']], [['features', 'search', '--help']], [['completion', 'bash']]])('%j evaluates none of them', async (args) => {
    const r = await run('run.mjs', args);
    expect(r.stdout).not.toBe('');
    expect(traced(r.stderr)).toEqual([]);
  });

  it('a piped query evaluates neither', async () => {
    server.json(PATH, feature);
    const r = await run('run.mjs', ['feature', 'get', 'checkout-v2', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(traced(r.stderr)).toEqual([]);
  });

  it('a slow query drawn as a table on a terminal evaluates both (the instrumentation works)', async () => {
    server.route(PATH, (_req, res) => void setTimeout(() => sendJson(res, 200, feature), 500));
    const r = await run('tty.mjs', ['feature', 'get', 'checkout-v2', '--columns', 'environment,enabled']);
    expect(r.stdout).toContain('development');
    expect(traced(r.stderr)).toEqual(['cli-table3', 'ora']);
  });
});
