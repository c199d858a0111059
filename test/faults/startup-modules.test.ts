import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Start-up (issue 23): `feature get` loads no Node module it does not use. Each costs compile
// time at every start: fs/promises alone brought a dozen more (fs/dir, watchers, readline),
// and perf_hooks six. The built CLI runs against a fixture; Node's own list of the modules it
// loaded is printed at exit by a one-line preload.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const LIST = "process.on('exit', () => require('node:fs').writeSync(2, '\\nMODULES ' + process.moduleLoadList.join(',') + '\\n'))";

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'f', project: 'default', type: 'release', stale: false, environments: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function loaded(args: string[]): Promise<{ code: number | null; modules: string[] }> {
  const env = { PATH: process.env.PATH, HOME: '/nonexistent', FLAGCTL_CONFIG_DIR: '/nonexistent', FLAGCTL_URL: url, FLAGCTL_TOKEN: '*:*.startupsecret0123456789' };
  const child = spawn(process.execPath, ['--eval', `${LIST}; process.argv.splice(1, 0, ${JSON.stringify(BIN)}); require(${JSON.stringify(BIN)})`, '--', ...args], { env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.resume();
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, modules: (/MODULES (.*)/.exec(stderr)?.[1] ?? '').split(',').filter(Boolean) })),
  );
}

describe('start-up of feature get', () => {
  it('loads neither fs/promises nor perf_hooks (nor what they bring)', async () => {
    const r = await loaded(['feature', 'get', 'f', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http'); // the list is real: the request was made
    const unwanted = r.modules.filter((m) => /^NativeModule (fs\/promises|internal\/fs\/promises|perf_hooks|internal\/readline\/interface|internal\/fs\/watchers)$/.test(m));
    expect(unwanted).toEqual([]);
  });
});
