import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveCleanup, type Cleanup } from '../support/retire-fixture.js';

// `retire apply --result /dev/stdout` into a shell pipe: the record is written in place (a pipe
// cannot be renamed over), and apply never reads it back as an earlier record (reading the
// pipe it writes to would wait for ever, before anything is sent).

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = new FixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-stream-'));
const FLAGS = [{ name: 'stream-a', stale: true }];
let cleanup: Cleanup;

beforeAll(async () => {
  await server.start();
  cleanup = serveCleanup(server, FLAGS);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('retire apply --result /dev/stdout | cat: archives, writes the record to the pipe, exits 0', async () => {
  const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.stream-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
  const plan = await runCli(['retire', 'plan', dir, '-o', 'json'], { env });
  expect(plan.code, plan.stderr).toBe(0);
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, plan.stdout);
  const line = `"${process.execPath}" "${BIN}" retire apply "${planFile}" --yes --result /dev/stdout -o json | cat`;
  // Its own process group: a run that hangs is killed whole, the pipeline's node and cat too.
  const child = spawn('bash', ['-c', `set -o pipefail; ${line}`], {
    env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const code = await Promise.race([
    new Promise((resolve) => child.on('close', resolve)),
    new Promise((resolve) => setTimeout(() => resolve('still running after 10 s'), 10_000)),
  ]);
  if (typeof code === 'string') process.kill(-child.pid!, 'SIGKILL');
  expect(code, err).toBe(0);
  expect(cleanup.writes).toEqual([{ path: 'archive', features: ['stream-a'] }]);
  expect(out).toContain('"complete": true');
  expect(err).toContain('1 archived, 0 skipped, 0 failed.');
}, 30_000);
