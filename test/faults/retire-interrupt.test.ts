import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveCleanup, type Cleanup } from '../unit/retire-fixture.js';

// The built CLI and a real SIGINT: during `retire apply`, the first Ctrl-C lets the archive
// request in flight finish, sends no other, verifies, writes the result and exits 130.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = new FixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-sigint-'));
const FLAGS = Array.from({ length: 250 }, (_, i) => ({ name: `f-${String(i).padStart(3, '0')}`, stale: true }));
let cleanup: Cleanup;

beforeAll(async () => {
  await server.start();
  cleanup = serveCleanup(server, FLAGS);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('Ctrl-C during apply: the request in flight finishes, no other is sent, exit 130 with the result', async () => {
  const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.sigint-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
  const plan = await runCli(['retire', 'plan', dir, '-o', 'json'], { env });
  expect(plan.code, plan.stderr).toBe(0);
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, plan.stdout);

  const child = spawn(process.execPath, [BIN, 'retire', 'apply', planFile, '--yes', '--result', join(dir, 'result.json')], { env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env } });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const closed = new Promise((resolve) => child.on('close', resolve));
  // The first archive request is held until the child has had its SIGINT.
  const held = new Promise<() => void>((resolve) => {
    cleanup.onArchive = () => {
      cleanup.onArchive = undefined;
      child.kill('SIGINT');
      let release!: () => void;
      const wait = new Promise<void>((r) => (release = r));
      resolve(release);
      return wait;
    };
  });
  const release = await held;
  await new Promise((r) => setTimeout(r, 300)); // the signal reaches the child while its request waits
  release();
  const code = await closed;
  expect(code).toBe(130);
  expect(err).toContain('flagctl: stopping after the request in flight');
  expect(cleanup.writes).toHaveLength(1);
  const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as { archived: string[]; notAttempted: string[]; interrupted: boolean };
  expect(result.archived).toHaveLength(100);
  expect(result.notAttempted).toHaveLength(150);
  expect(result.interrupted).toBe(true);
}, 60_000);
