import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveCleanup, type Cleanup } from '../support/retire-fixture.js';

// The built CLI and real signals: during `retire apply`, the first Ctrl-C (or SIGTERM, SIGHUP)
// lets the archive request in flight finish, sends no other, verifies, writes the result and
// exits 130 (143, 129). A closed stdout keeps a failed write's exit code and summary.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = new FixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-sigint-'));
const FLAGS = Array.from({ length: 250 }, (_, i) => ({ name: `f-${String(i).padStart(3, '0')}`, stale: true }));
let cleanup: Cleanup;

beforeAll(async () => {
  mkdirSync(join(dir, 'empty'));
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

  const child = spawn(
    process.execPath,
    [BIN, 'retire', 'apply', planFile, '--yes', '--result', join(dir, 'result.json')],
    { env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env } },
  );
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
  const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as {
    archived: string[];
    notAttempted: string[];
    interrupted: boolean;
  };
  expect(result.archived).toHaveLength(100);
  expect(result.notAttempted).toHaveLength(150);
  expect(result.interrupted).toBe(true);
}, 60_000);

for (const [sig, code] of [
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  it(`${sig} during apply stops as Ctrl-C does: exit ${code}, the result file written`, async () => {
    server.reset();
    const flags = FLAGS.map((f) => ({ ...f, name: `${sig.toLowerCase()}-${f.name}` }));
    cleanup = serveCleanup(server, flags);
    const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.signal-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
    const plan = await runCli(['retire', 'plan', join(dir, 'empty'), '-o', 'json'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    const planFile = join(dir, `plan-${sig}.json`);
    writeFileSync(planFile, plan.stdout);
    const result = join(dir, `result-${sig}.json`);
    const child = spawn(process.execPath, [BIN, 'retire', 'apply', planFile, '--yes', '--result', result], {
      env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const closed = new Promise((resolve) => child.on('close', resolve));
    const released = new Promise<void>((resolve) => {
      cleanup.onArchive = async () => {
        cleanup.onArchive = undefined;
        child.kill(sig);
        // The signal reaches the child while its request waits.
        while (!err.includes('stopping after the request in flight')) await new Promise((r) => setTimeout(r, 20));
        resolve();
      };
    });
    await released;
    expect(await closed).toBe(code);
    expect(err).toContain(`flagctl: ${sig}: stopping after the request in flight`);
    expect(cleanup.writes).toHaveLength(1);
    const doc = JSON.parse(readFileSync(result, 'utf8')) as {
      archived: string[];
      notAttempted: string[];
      interrupted: boolean;
      signal: string;
      complete: boolean;
    };
    expect(doc).toMatchObject({ interrupted: true, signal: sig, complete: true });
    expect(doc.archived).toHaveLength(100);
    expect(doc.notAttempted).toHaveLength(150);
  }, 60_000);
}

it('a closed stdout (| true): apply refused on every flag exits 1 with its stderr summary', async () => {
  server.reset();
  const flags = FLAGS.slice(0, 3).map((f) => ({ ...f, name: `pipe-${f.name}` }));
  cleanup = serveCleanup(server, flags);
  for (const f of flags) cleanup.refuse.set(f.name, 'You need permission ARCHIVE_FEATURE');
  const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.pipe-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
  const plan = await runCli(['retire', 'plan', join(dir, 'empty'), '-o', 'json'], { env });
  const planFile = join(dir, 'plan-pipe.json');
  writeFileSync(planFile, plan.stdout);
  const child = spawn(process.execPath, [BIN, 'retire', 'apply', planFile, '--yes'], {
    env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  // As `| true`: the reader is gone before the first line, so every write to stdout meets EPIPE.
  child.stdout.destroy();
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code).toBe(1);
  expect(err).toContain('0 archived, 0 skipped, 3 failed.');
}, 60_000);

it('SIGHUP with stderr gone (the terminal closed): the write still stops cleanly, exit 129, the record written', async () => {
  server.reset();
  const flags = FLAGS.map((f) => ({ ...f, name: `gone-${f.name}` }));
  cleanup = serveCleanup(server, flags);
  const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.hangup-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
  const plan = await runCli(['retire', 'plan', join(dir, 'empty'), '-o', 'json'], { env });
  const planFile = join(dir, 'plan-hangup.json');
  writeFileSync(planFile, plan.stdout);
  const result = join(dir, 'result-hangup.json');
  const child = spawn(process.execPath, [BIN, 'retire', 'apply', planFile, '--yes', '--result', result], {
    env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
  });
  const closed = new Promise((resolve) => child.on('close', resolve));
  cleanup.onArchive = async () => {
    cleanup.onArchive = undefined;
    child.stderr.destroy(); // every write to stderr now fails (EPIPE), as on a closed terminal (EIO)
    child.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, 300)); // the signal reaches the child while its request waits
  };
  expect(await closed).toBe(129);
  expect(cleanup.writes).toHaveLength(1);
  const doc = JSON.parse(readFileSync(result, 'utf8')) as {
    archived: string[];
    notAttempted: string[];
    complete: boolean;
  };
  expect(doc.complete).toBe(true);
  expect(doc.archived).toHaveLength(100);
  expect(doc.notAttempted).toHaveLength(150);
}, 60_000);

// SIGKILL (the OOM killer, a CI runner torn down) runs no handler: what the record says must
// already be true while a request is in flight. It once said "not attempted" of the batch the
// server may have archived, so a re-run called it "already archived" and revive --from missed it.
it.each([
  ['retire apply', 'archive'],
  ['features revive --from', 'revive'],
] as const)(
  'SIGKILL while the 2nd %s request is in flight: the record names that batch sent and not verified',
  async (_label, kind) => {
    server.reset();
    const flags = FLAGS.map((f) => ({ ...f, name: `kill-${kind}-${f.name}` }));
    cleanup = serveCleanup(server, flags);
    const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.kill-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
    const plan = await runCli(['retire', 'plan', join(dir, 'empty'), '-o', 'json'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    const planFile = join(dir, `plan-kill-${kind}.json`);
    writeFileSync(planFile, plan.stdout);
    const applied = join(dir, `result-kill-apply-${kind}.json`);
    let args = ['retire', 'apply', planFile, '--yes', '--result', applied];
    let result = applied;
    if (kind === 'revive') {
      const done = await runCli(args, { env });
      expect(done.code, done.stderr).toBe(0);
      result = join(dir, 'result-kill-revive.json');
      args = ['features', 'revive', '--from', applied, '--result', result];
    }
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: '/nonexistent', ...env },
    });
    const closed = new Promise((resolve) => child.on('close', resolve));
    let seen = 0;
    const hold = async () => {
      if (++seen < 2) return;
      child.kill('SIGKILL');
      await closed; // no answer before the process is gone
    };
    if (kind === 'archive') cleanup.onArchive = hold;
    else cleanup.onRevive = hold;
    await closed;
    const doc = JSON.parse(readFileSync(result, 'utf8')) as {
      unverified: { name: string; message: string }[];
      notAttempted: string[];
    };
    const names = flags.map((f) => f.name);
    expect(doc.unverified.map((u) => u.name)).toEqual(names.slice(0, 200));
    expect(doc.unverified.slice(100).map((u) => u.message)).toEqual(
      Array(100).fill('sent; no answer yet, so not verified'),
    );
    expect(doc.notAttempted).toEqual(names.slice(200));
  },
  60_000,
);
