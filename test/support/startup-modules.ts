import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// Start-up (issue 23): `feature get` loads no Node module it does not use. Each costs compile
// time at every start: fs/promises alone brought a dozen more (fs/dir, watchers, readline),
// perf_hooks six, and on Node 24 importing one name of node:util through esbuild's interop
// loaded worker_threads, the streams and parse_args. The built CLI runs against a fixture;
// Node's own list of the modules it loaded is printed at exit by a one-line preload.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const LIST = fileURLToPath(new URL('./list-modules.cjs', import.meta.url));

/** Modules `feature get` must not load, on any runtime. */
export const UNWANTED =
  /^NativeModule (fs\/promises|internal\/fs\/promises|perf_hooks|internal\/readline\/interface|internal\/fs\/watchers|zlib|module|worker_threads|internal\/worker|internal\/util\/parse_args\/parse_args|internal\/util\/diff)$/;

export async function featureServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'f', project: 'default', type: 'release', stale: false, environments: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs bin/flagctl on `node` (its code cache in `cacheHome`, or none) and lists the modules it loaded. */
export function loadedModules(node: string, url: string, args: string[], cacheHome?: string): Promise<{ code: number | null; modules: string[] }> {
  const env = { PATH: process.env.PATH, HOME: '/nonexistent', FLAGCTL_CONFIG_DIR: '/nonexistent', FLAGCTL_URL: url, FLAGCTL_TOKEN: '*:*.startupsecret0123456789', ...(cacheHome ? { XDG_CACHE_HOME: cacheHome } : {}) };
  const child = spawn(node, ['--require', LIST, BIN, ...args], { env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.resume();
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, modules: (/MODULES (.*)/.exec(stderr)?.[1] ?? '').split(',').filter(Boolean) })),
  );
}
