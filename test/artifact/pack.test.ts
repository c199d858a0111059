import { execFile as execFileCb, execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNode, NODE_VERSION } from '../../scripts/node-runtime.mjs';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';

// The package as npm ships it: `npm pack`, extracted into an empty directory, run with node and
// nothing else. Every runtime dependency is inside dist/flagctl.cjs, so no node_modules (and
// no network) is needed. Also checked here: `npm install -g` of the tarball installs nothing
// else, no Node runtime reaches a user or the lockfile, the compile cache in the user's cache
// directory (on Node 20 and on the pinned Node 24), and heavy modules stay out of a start-up
// that does not need them.

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
let tarball = '';

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'ignore' });
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out) as [{ filename: string; files: { path: string; mode: number }[] }];
  packed = info.files;
  tarball = join(tmp, info.filename);
  mkdirSync(join(tmp, 'install'));
  execFileSync('tar', ['-xzf', tarball, '-C', join(tmp, 'install')]);
  installed = join(tmp, 'install/package');
}, 120_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs the installed package's bin the way a shell would: by its #! line. */
function flagctl(args: string[], env: Record<string, string> = {}) {
  return execFile(join(installed, 'bin/flagctl'), args, {
    cwd: tmp,
    env: { PATH: process.env.PATH!, HOME: tmp, ...env },
  });
}

describe('npm pack', () => {
  it('ships the bin, the bundle, the completions and nothing of the sources', () => {
    const paths = packed.map((f) => f.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        'bin/flagctl',
        'bin/package.json',
        'dist/flagctl.cjs',
        'dist/feature-get.cjs',
        'dist/launch.cjs',
        'completions/_flagctl',
        'completions/flagctl.bash',
        'completions/flagctl.fish',
        'package.json',
      ]),
    );
    // dist/grammars/: cleanup's parser (tree-sitter's runtime and grammars), read only when it parses.
    expect(paths.filter((p) => p.startsWith('dist/grammars/'))).toEqual(
      [
        'tree-sitter-go.wasm',
        'tree-sitter-java.wasm',
        'tree-sitter-javascript.wasm',
        'tree-sitter-python.wasm',
        'tree-sitter-tsx.wasm',
        'tree-sitter-typescript.wasm',
        'tree-sitter.cjs',
        'tree-sitter.wasm',
      ].map((f) => `dist/grammars/${f}`),
    );
    const unexpected = paths.filter(
      (p) =>
        !/^(bin\/flagctl|bin\/package\.json|dist\/(flagctl|feature-get|launch)\.cjs|dist\/grammars\/tree-sitter[a-z-]*\.(wasm|cjs)|completions\/[^/]+|package\.json|README\.md|LICENSE(\.md)?)$/.test(
          p,
        ),
    );
    expect(unexpected).toEqual([]);
    expect(packed.find((f) => f.path === 'bin/flagctl')!.mode & 0o111).toBe(0o111);
  });

  it('depends on nothing: the libraries are bundled and no Node runtime reaches a user', () => {
    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    for (const field of [
      'dependencies',
      'optionalDependencies',
      'peerDependencies',
      'bundleDependencies',
      'bundledDependencies',
    ]) {
      expect(shipped[field], field).toBeUndefined();
    }
    expect(Object.keys(shipped.devDependencies)).toEqual(expect.arrayContaining(['chalk', 'commander', 'ora', 'zod']));
  });

  it('the pinned Node runtime is in no dependency field and not in the lockfile, so npm ci never installs one on any platform', () => {
    const fields = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
    const runtime = /^node(-(linux|darwin|win)-[a-z0-9]+)?$/;
    expect(fields.flatMap((f) => Object.keys(pkg[f] ?? {})).filter((n) => runtime.test(n))).toEqual([]);
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const locked = Object.keys(lock.packages).filter((p) => runtime.test(p.split('node_modules/').at(-1)!));
    expect(locked).toEqual([]);
    expect(pkg.seaNode.version).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.seaNode.integrity['linux-x64']).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
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

  it('cleanup parses with the grammars the package ships', async () => {
    writeFileSync(join(tmp, 'flagged.py'), 'if client.is_enabled("x"):\n    new()\nelse:\n    old()\n');
    const r = await flagctl(['cleanup', 'x', join(tmp, 'flagged.py'), '--keep', 'off']);
    expect(r.stdout).toContain('-if client.is_enabled("x"):\n');
    expect(r.stdout).toContain('+old()\n');
  });

  it('--help lists the commands', async () => {
    const r = await flagctl(['--help']);
    for (const name of ['feature', 'features', 'project', 'insights', 'auth', 'completion'])
      expect(r.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
  });

  it('answers a real query against a server', async () => {
    server.json(PATH, feature);
    const r = await flagctl(['feature', 'get', 'checkout-v2', '-o', 'json'], {
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: TOKEN,
    });
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(server.requests[0]!.headers['user-agent']).toBe(`flagctl/${pkg.version}`);
    expect(server.requests[0]!.headers.authorization).toBe(TOKEN);
  });

  it('maps a failed request to its exit code', async () => {
    server.route(PATH, (_req, res) => sendJson(res, 404, { name: 'NotFoundError', message: 'Could not find feature' }));
    // After a 404, feature get looks in the archive (issue 35): not there either.
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const err = await flagctl(['feature', 'get', 'checkout-v2'], {
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: TOKEN,
    }).catch((e) => e);
    expect(err.code).toBe(5);
    expect(err.stderr).toContain('Could not find feature');
  });
});

describe('npm install -g of the tarball', () => {
  it('installs flagctl alone, offline and with an empty npm cache, and the installed command runs', async () => {
    const prefix = join(tmp, 'global');
    const cache = join(tmp, 'empty-npm-cache');
    mkdirSync(cache);
    const out = execFileSync(
      'npm',
      [
        'install',
        '-g',
        tarball,
        '--offline',
        '--cache',
        cache,
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        '--no-update-notifier',
      ],
      {
        cwd: tmp,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, npm_config_userconfig: join(tmp, 'no-npmrc') },
      },
    );
    expect(out).toMatch(/added 1 package\b/);
    expect(readdirSync(join(prefix, 'lib/node_modules'))).toEqual(['flagctl']);
    expect(existsSync(join(prefix, 'lib/node_modules/flagctl/node_modules'))).toBe(false);
    const r = await execFile(join(prefix, 'bin/flagctl'), ['--version'], {
      env: { PATH: process.env.PATH!, HOME: tmp },
    });
    expect(r.stdout).toBe(`${pkg.version}\n`);
  }, 120_000);
});

// The compile cache: bin/flagctl's vm.Script code cache, one per command, on Node 20 and the
// pinned Node 24. Both must give the same output with and without it.
describe.each([
  ["the machine's Node", () => process.execPath],
  [`Node ${NODE_VERSION} (pinned)`, () => ensureNode()],
])('the compile cache, on %s', (_label, nodeOf) => {
  let node = '';
  beforeAll(() => {
    node = nodeOf();
  }, 300_000);

  /** A fresh cache home, and a copy of the installed package this test may change. */
  function fresh() {
    const dir = mkdtempSync(join(tmp, 'cache-'));
    execFileSync('cp', ['-r', installed, join(dir, 'package')]);
    return { home: join(dir, 'home'), pkgDir: join(dir, 'package') };
  }
  const run = (pkgDir: string, args: string[], env: Record<string, string>) =>
    execFile(node, [join(pkgDir, 'bin/flagctl'), ...args], {
      env: { PATH: process.env.PATH!, HOME: '/nonexistent', FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...env },
    });
  const files = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
      : [];

  it('is written to $XDG_CACHE_HOME/flagctl (private) and gives the same output when used', async () => {
    const { home, pkgDir } = fresh();
    server.json(PATH, feature);
    server.json(PATH, feature);
    const first = await run(pkgDir, ['feature', 'get', 'checkout-v2', '-o', 'json'], { XDG_CACHE_HOME: home });
    const cached = files(join(home, 'flagctl'));
    expect(cached.length).toBeGreaterThan(0);
    expect(statSync(join(home, 'flagctl')).mode & 0o077).toBe(0);
    const second = await run(pkgDir, ['feature', 'get', 'checkout-v2', '-o', 'json'], { XDG_CACHE_HOME: home });
    expect(JSON.parse(second.stdout)).toEqual(feature);
    expect(second.stdout).toBe(first.stdout);
    expect(first.stderr + second.stderr).toBe('');
  });

  it('keeps one cache per command, not per argument, and none after a failed run', async () => {
    const { home, pkgDir } = fresh();
    server.json(PATH, feature);
    await run(pkgDir, ['feature', 'get', 'checkout-v2', '-o', 'json'], { XDG_CACHE_HOME: home });
    await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    await run(pkgDir, ['fetaure', 'get', 'checkout-v2'], { XDG_CACHE_HOME: home }).catch((err: { code?: number }) =>
      expect(err.code).toBe(2),
    );
    const names = files(join(home, 'flagctl')).map((f) => f.split('/').pop()!);
    expect(names.filter((n) => n.includes('-feature.get-'))).toHaveLength(1);
    expect(names.filter((n) => n.includes('-none-'))).toHaveLength(1);
    expect(names.some((n) => n.includes('checkout') || n.includes('fetaure'))).toBe(false);
    expect(names).toHaveLength(2);
  });

  it("an upgraded bundle removes the caches of the one it replaced, and no other installation's", async () => {
    const { home, pkgDir } = fresh();
    const other = fresh().pkgDir;
    await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    await run(other, ['--help'], { XDG_CACHE_HOME: home });
    const before = files(join(home, 'flagctl'));
    expect(before).toHaveLength(2);
    const bundle = join(pkgDir, 'dist/flagctl.cjs');
    writeFileSync(bundle, `${readFileSync(bundle, 'utf8')}\n// upgraded\n`);
    await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    const after = files(join(home, 'flagctl'));
    expect(after).toHaveLength(2);
    expect(after.filter((f) => before.includes(f))).toHaveLength(1); // the other installation's
  });

  it("removes the caches an older release named by crc32 for its path, and no other installation's", async () => {
    const { home, pkgDir } = fresh();
    const other = fresh().pkgDir;
    const dir = join(home, 'flagctl');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const crc = (text: string) => crc32(Buffer.from(text)).toString(16);
    const legacy = (pkg: string) =>
      `flagctl.cjs-123-${crc('old bundle')}-${crc(resolve(pkg, 'dist/flagctl.cjs'))}-feature.get-${process.version}-${process.arch}.v8`;
    writeFileSync(join(dir, legacy(pkgDir)), 'old cache', { mode: 0o600 });
    writeFileSync(join(dir, legacy(other)), 'old cache', { mode: 0o600 });
    await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    const names = files(dir).map((f) => f.split('/').pop()!);
    expect(names).not.toContain(legacy(pkgDir));
    expect(names).toContain(legacy(other));
    expect(names).toHaveLength(2);
  });

  it('defaults to ~/.cache/flagctl', async () => {
    const { home, pkgDir } = fresh();
    await run(pkgDir, ['--help'], { HOME: home });
    expect(files(join(home, '.cache/flagctl')).length).toBeGreaterThan(0);
  });

  it('is not used for a changed bundle, even one of the same length', async () => {
    const { home, pkgDir } = fresh();
    const before = await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    expect(files(join(home, 'flagctl')).length).toBeGreaterThan(0);
    const bundle = join(pkgDir, 'dist/flagctl.cjs');
    const source = readFileSync(bundle, 'utf8');
    const text = 'Read a feature-flag server';
    expect(source).toContain(text);
    writeFileSync(bundle, source.replace(text, text.toUpperCase()));
    const after = await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    expect(after.stdout).toBe(before.stdout.replace(text, text.toUpperCase()));
  });

  it('is not used for a rebuilt bundle of the same length that keeps its inode and change time (coarse timestamps)', async () => {
    const { home, pkgDir } = fresh();
    // A file system whose timestamps do not tell the two writes apart, and a copy over the
    // same inode: fstat gives the same inode and ctime every time (a preload fixes them).
    const preload = join(home, '..', 'same-ctime.cjs');
    writeFileSync(
      preload,
      "const fs = require('node:fs'); const real = fs.fstatSync;\n" +
        'fs.fstatSync = function (fd, opts) { const st = real.call(this, fd, opts); if (opts && opts.bigint) { st.ino = 7n; st.ctimeNs = 7n; } return st; };\n',
    );
    const env = { XDG_CACHE_HOME: home, NODE_OPTIONS: `--require ${preload}` };
    const before = await run(pkgDir, ['--help'], env);
    expect(files(join(home, 'flagctl')).length).toBeGreaterThan(0);
    const bundle = join(pkgDir, 'dist/flagctl.cjs');
    const source = readFileSync(bundle, 'utf8');
    const text = 'Read a feature-flag server';
    // What a rebuild of a one-word change gives: the same length, another content hash on the first line.
    const rebuilt = source
      .replace(text, text.toUpperCase())
      .replace(
        /^(\/\/ flagctl bundle )([0-9a-f]{16})/,
        (_m, head: string, id: string) => head + [...id].reverse().join(''),
      );
    expect(rebuilt.length).toBe(source.length);
    expect(rebuilt.split('\n')[0]).not.toBe(source.split('\n')[0]);
    writeFileSync(bundle, rebuilt);
    const after = await run(pkgDir, ['--help'], env);
    expect(after.stdout).toBe(before.stdout.replace(text, text.toUpperCase()));
  });

  it('runs uncached, silently, where the cache directory cannot be made', async () => {
    const { home, pkgDir } = fresh();
    writeFileSync(home, 'a file, not a directory');
    server.json(PATH, feature);
    const r = await run(pkgDir, ['feature', 'get', 'checkout-v2', '-o', 'json'], { XDG_CACHE_HOME: home });
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(r.stderr).toBe('');
  });

  // Issue 21, item 13: a second installation of the same version shares the cache home, but
  // its stack traces must name its own files, not the first installation's.
  it("keeps two installations of the same bundle apart: --debug stack traces name each one's own path", async () => {
    const a = fresh();
    const b = fresh();
    const home = join(tmp, `shared-home-${Math.random().toString(36).slice(2)}`);
    const failing = (pkgDir: string) =>
      run(pkgDir, ['feature', 'get', 'f', '--debug', '--retries', '0'], {
        XDG_CACHE_HOME: home,
        FLAGCTL_URL: 'http://127.0.0.1:9',
      }).then(
        () => expect.unreachable('exit 0 against a closed port'),
        (err: { stderr: string }) => err.stderr,
      );
    // `feature get` runs in its fast path (dist/feature-get.cjs), with a cache of its own.
    const frames = (stderr: string) => stderr.split('\n').filter((l) => /^\s+at .*feature-get\.cjs/.test(l));
    for (const pkg of [a, b, a, b]) {
      const shown = frames(await failing(pkg.pkgDir));
      expect(shown.length).toBeGreaterThan(0);
      const other = pkg === a ? b : a;
      for (const line of shown) {
        expect(line).toContain(join(pkg.pkgDir, 'dist/feature-get.cjs'));
        expect(line).not.toContain(other.pkgDir);
      }
    }
  }, 60_000);

  it('is neither read nor written in a directory other users can write to', async () => {
    const { home, pkgDir } = fresh();
    mkdirSync(join(home, 'flagctl'), { recursive: true });
    chmodSync(join(home, 'flagctl'), 0o777);
    const r = await run(pkgDir, ['--help'], { XDG_CACHE_HOME: home });
    expect(r.stdout).toContain('Usage: flagctl');
    expect(files(join(home, 'flagctl'))).toEqual([]);
  });
});

describe('the bundle loads heavy modules only when a command needs them', () => {
  const dir = join(tmp, 'traced');
  const LAZY = ['ora'];

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
    execFileSync(process.execPath, ['--input-type=module', '-e', tracer, join(dir, 'flagctl.cjs')], {
      stdio: 'inherit',
    });
    writeFileSync(join(dir, 'run.cjs'), "require('./flagctl.cjs').run();\n");
    // As on a terminal: stdout and stderr are TTYs, so tables are drawn and a slow request gets a spinner.
    writeFileSync(
      join(dir, 'tty.mjs'),
      `const { main } = (await import('node:module')).createRequire(import.meta.url)('./flagctl.cjs');
const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: false, columns: 100 };
process.exitCode = await main(process.argv.slice(2), io);\n`,
    );
  }, 60_000);

  const traced = (stderr: string) => [...stderr.matchAll(/\[evaluated (\S+)\]/g)].map((m) => m[1]).sort();
  const run = (script: string, args: string[]) =>
    execFile(process.execPath, [join(dir, script), ...args], {
      env: { PATH: process.env.PATH!, HOME: tmp, FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });

  it.each([[['--version']], [['--help']], [['features', 'search', '--help']], [['completion', 'bash']]])(
    '%j evaluates none of them',
    async (args) => {
      const r = await run('run.cjs', args);
      expect(r.stdout).not.toBe('');
      expect(traced(r.stderr)).toEqual([]);
    },
  );

  it('a piped query evaluates none', async () => {
    server.json(PATH, feature);
    const r = await run('run.cjs', ['feature', 'get', 'checkout-v2', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(traced(r.stderr)).toEqual([]);
  });

  it('a slow query on a terminal evaluates the spinner (the instrumentation works)', async () => {
    server.route(PATH, (_req, res) => void setTimeout(() => sendJson(res, 200, feature), 500));
    const r = await run('tty.mjs', ['feature', 'get', 'checkout-v2', '--columns', 'environment,enabled']);
    expect(r.stdout).toContain('development');
    expect(traced(r.stderr)).toEqual(['ora']);
  });
});
