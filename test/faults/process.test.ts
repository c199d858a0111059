import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, sendJson } from '../support/fixture-server.js';

// The built CLI as a process: closed pipes, Ctrl-C, and complete output before exit.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const TOKEN = '*:*.processsuitesecret0123456789abcdef';
const PATH = '/api/admin/projects/default/features/big';
const ENVIRONMENTS = 100_000;
const big = {
  name: 'big',
  project: 'default',
  environments: Array.from({ length: ENVIRONMENTS }, (_, i) => ({
    name: `env-${i}`,
    type: 'development',
    enabled: i % 2 === 0,
    strategies: [],
    variants: [],
  })),
};
const server = new FixtureServer();

beforeAll(async () => {
  await server.start();
  server.route(PATH, (_req, res) => sendJson(res, 200, big));
  server.route('/api/admin/projects/default/features/slow', () => undefined);
});
afterAll(() => server.stop());

const env = () => ({
  ...process.env,
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: TOKEN,
  FLAGCTL_CONFIG_DIR: '/nonexistent',
});

describe('process behaviour of the built CLI', () => {
  it('piping into head ends quietly: exit 0, no error output', async () => {
    // The fixture server lives in this process, so the child must run asynchronously.
    const script = `"${BIN}" feature get big -o ndjson 2>"$ERRFILE" | head -n 2; echo "status=\${PIPESTATUS[0]}"; cat "$ERRFILE"; rm -f "$ERRFILE"`;
    const child = spawn('bash', ['-c', script], {
      env: { ...env(), ERRFILE: `/tmp/flagctl-epipe-${process.pid}.err` },
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    await new Promise((resolve) => child.on('close', resolve));
    const lines = out.trim().split('\n');
    expect(JSON.parse(lines[0]!).environment).toBe('env-0');
    expect(JSON.parse(lines[1]!).environment).toBe('env-1');
    expect(lines.slice(2)).toEqual(['status=0']);
  });

  it('flushes all of a large output before exiting', async () => {
    const child = spawn(BIN, ['feature', 'get', 'big', '-o', 'csv'], { env: env() });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(err).toBe('');
    const rows = out.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(ENVIRONMENTS + 1);
    expect(rows.at(-1)).toMatch(/^big,default,env-99999,development,false,0,0,$/);
  });

  it('Ctrl-C (SIGINT) exits 130', async () => {
    const child = spawn(BIN, ['feature', 'get', 'slow'], { env: env() });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    // Wait until the request is in flight, then interrupt.
    while (!server.requests.some((r) => r.url.includes('/features/slow'))) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(err).not.toMatch(/\bat /);
    expect(child.stdout.read()).toBeNull();
  });
});
