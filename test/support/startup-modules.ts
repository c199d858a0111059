import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Start-up (issue 23): `feature get` loads no Node module it does not use. Each costs compile
// time at every start: fs/promises alone brought a dozen more (fs/dir, watchers, readline),
// perf_hooks six, and on Node 24 importing one name of node:util through esbuild's interop
// loaded worker_threads, the streams and parse_args. The built CLI runs against a fixture;
// Node's own list of the modules it loaded is printed at exit by a one-line preload.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/flagctl');
const LIST = fileURLToPath(new URL('./list-modules.cjs', import.meta.url));

/** Modules `feature get` must not load, on any runtime. */
export const UNWANTED =
  /^NativeModule (fs\/promises|internal\/fs\/promises|perf_hooks|internal\/readline\/interface|internal\/fs\/watchers|zlib|module|worker_threads|internal\/worker|internal\/util\/parse_args\/parse_args|internal\/util\/diff)$/;

export async function featureServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    // features search's page; every other path is the feature f.
    if (req.url?.startsWith('/api/admin/search/features')) return void res.end('{"features":[],"total":0}');
    res.end(JSON.stringify({ name: 'f', project: 'default', type: 'release', stale: false, environments: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs bin/flagctl (or `bin`) on `node` (its code cache in `cacheHome`, or none) and lists the
 * modules it loaded, and those of the bundle's libraries that a traced package evaluated.
 */
export function loadedModules(
  node: string,
  url: string,
  args: string[],
  cacheHome?: string,
  bin = BIN,
): Promise<{ code: number | null; modules: string[]; evaluated: string[] }> {
  const env = {
    PATH: process.env.PATH,
    HOME: '/nonexistent',
    FLAGCTL_CONFIG_DIR: '/nonexistent',
    FLAGCTL_URL: url,
    FLAGCTL_TOKEN: '*:*.startupsecret0123456789',
    ...(cacheHome ? { XDG_CACHE_HOME: cacheHome } : {}),
  };
  const child = spawn(node, ['--require', LIST, bin, ...args], { env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.resume();
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({
        code,
        modules: (/MODULES (.*)/.exec(stderr)?.[1] ?? '').split(',').filter(Boolean),
        evaluated: [...new Set([...stderr.matchAll(/\[evaluated (\S+)\]/g)].map((m) => m[1]!))].sort(),
      }),
    ),
  );
}

/** The libraries the fast path of `feature get -o json` must never evaluate. */
export const TRACED = ['commander', 'zod'];

/**
 * A copy of the package in `dir` (bin/, the launcher dist/launch.cjs and both bundles,
 * dist/flagctl.cjs and the fast path's dist/feature-get.cjs) in which each TRACED library says on stderr when its code first runs:
 * `[evaluated zod]`; and cleanup's parser (src/cleanup/ but the text of its command line, the
 * only way to web-tree-sitter and the grammars) `[evaluated cleanup]`. Returns its bin/flagctl.
 */
export function tracedPackage(dir: string): string {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const file of ['bin/flagctl', 'bin/package.json', 'package.json'])
    copyFileSync(join(ROOT, file), join(dir, file));
  const tracer = `
    import { copyFileSync, mkdirSync } from 'node:fs';
    import { readFile } from 'node:fs/promises';
    import { join } from 'node:path';
    import { bundle, GRAMMARS, root } from ${JSON.stringify(join(ROOT, 'scripts/build.mjs'))};
    const pattern = /node_modules[\\\\/](${TRACED.join('|')})[\\\\/].*\\.[cm]?js$/;
    const trace = { name: 'trace', setup(b) {
      b.onLoad({ filter: pattern }, async (args) => {
        const name = pattern.exec(args.path)[1];
        const mark = '\\n;(globalThis.__traced ??= new Set()).has("' + name + '") || (globalThis.__traced.add("' + name + '"), process.stderr.write("[evaluated ' + name + ']\\\\n"));\\n';
        return { contents: (await readFile(args.path, 'utf8')) + mark, loader: 'js' };
      });
      b.onLoad({ filter: /[\\\\/]src[\\\\/]cleanup[\\\\/][^\\\\/]+\\.ts$/ }, async (args) => {
        if (/command-line\\.ts$/.test(args.path)) return undefined;
        const mark = '\\n;(globalThis.__traced ??= new Set()).has("cleanup") || (globalThis.__traced.add("cleanup"), process.stderr.write("[evaluated cleanup]\\\\n"));\\n';
        return { contents: (await readFile(args.path, 'utf8')) + mark, loader: 'ts' };
      });
    } };
    const [dir] = process.argv.slice(1);
    await bundle({ outfile: join(dir, 'dist/flagctl.cjs'), plugins: [trace] });
    await bundle({ outfile: join(dir, 'dist/feature-get.cjs'), kind: 'fast', plugins: [trace] });
    await bundle({ outfile: join(dir, 'dist/launch.cjs'), kind: 'launch' });
    mkdirSync(join(dir, 'dist/grammars'), { recursive: true });
    for (const [name, from] of Object.entries(GRAMMARS)) copyFileSync(join(root, from), join(dir, 'dist/grammars', name));`;
  execFileSync(process.execPath, ['--input-type=module', '-e', tracer, dir], { stdio: 'inherit' });
  return join(dir, 'bin/flagctl');
}
