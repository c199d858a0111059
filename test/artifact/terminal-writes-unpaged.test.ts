import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveCleanup, type Cleanup } from '../support/retire-fixture.js';

// Issue 35 item 5 on a real pseudo-terminal (util-linux `script`): the two writes, `retire
// apply` and `features revive`, never go through the pager, and neither does apply's question,
// however long their output; a long read on the same terminal does. The pager is a script that
// records each time it runs.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = new FixtureServer();
const home = mkdtempSync(join(tmpdir(), 'flagctl-writes-pty-'));
const LOG = join(home, 'pager.log');
const PAGER = join(home, 'pager.sh');
writeFileSync(PAGER, `#!/bin/sh\necho ran >> '${LOG}'\ncat\n`);
chmodSync(PAGER, 0o755);
// More rows than the terminal's 20 lines.
const FLAGS = Array.from({ length: 60 }, (_, i) => ({ name: `gone-${String(i).padStart(2, '0')}`, stale: true }));
const env = { FLAGCTL_URL: '', FLAGCTL_TOKEN: '*:*.writes-pty-secret', FLAGCTL_CONFIG_DIR: join(home, 'none') };
let cleanup: Cleanup;

beforeAll(async () => {
  mkdirSync(join(home, 'empty'));
  await server.start();
  env.FLAGCTL_URL = server.url;
});
afterAll(async () => {
  await server.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Runs `args` on an 80x20 pseudo-terminal, typing each answer once its prompt is on the screen. */
function onTerminal(
  args: string[],
  answers: [RegExp, string][] = [],
): Promise<{ code: number | null; screen: string }> {
  const child = spawn('script', ['-qec', `stty cols 80 rows 20; node ${BIN} ${args.join(' ')}`, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1', FLAGCTL_PAGER: PAGER, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let screen = '';
  const pending = [...answers];
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    screen += d;
    while (pending.length && pending[0]![0].test(screen)) child.stdin.write(pending.shift()![1]);
  });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, screen: screen.replace(/\r\n/g, '\n') })),
  );
}

const pagerRuns = () => (existsSync(LOG) ? readFileSync(LOG, 'utf8').split('\n').filter(Boolean).length : 0);
const names = (from: number, to: number) => FLAGS.slice(from, to).map((f) => f.name);

async function plan(file: string): Promise<string> {
  const r = await runCli(['retire', 'plan', join(home, 'empty'), '-o', 'json'], { env });
  expect(r.code, r.stderr).toBe(0);
  const path = join(home, file);
  writeFileSync(path, r.stdout);
  return path;
}

describe('the writes on a terminal are never paged', () => {
  it('retire apply: its question and its long report go straight to the terminal, with or without --yes', async () => {
    cleanup = serveCleanup(server, FLAGS);
    const first = await plan('first.json');
    const asked = await onTerminal(['retire', 'apply', first, '--only', names(0, 30).join(',')], [[/\[y\/N\]/, 'y\r']]);
    expect(asked.code, asked.screen).toBe(0);
    expect(asked.screen).toMatch(/\[y\/N\]/);
    for (const n of names(0, 30)) expect(asked.screen).toContain(n);
    expect(cleanup.archived.size).toBe(30);
    expect(pagerRuns()).toBe(0);

    const second = await plan('second.json');
    const yes = await onTerminal(['retire', 'apply', second, '--yes']);
    expect(yes.code, yes.screen).toBe(0);
    for (const n of names(30, 60)) expect(yes.screen).toContain(n);
    expect(cleanup.archived.size).toBe(60);
    expect(pagerRuns()).toBe(0);
  });

  it('features revive: its long report goes straight to the terminal', async () => {
    const r = await onTerminal(['features', 'revive', ...names(0, 60)]);
    expect(r.code, r.screen).toBe(0);
    for (const n of names(0, 60)) expect(r.screen).toContain(n);
    expect(cleanup.active.size).toBe(60);
    expect(pagerRuns()).toBe(0);
  });

  it('a long read on the same terminal goes through the pager', async () => {
    rmSync(LOG, { force: true });
    const r = await onTerminal(['features', 'search', '--all', '--columns', 'name']);
    expect(r.code, r.screen).toBe(0);
    for (const n of names(0, 60)) expect(r.screen).toContain(n);
    expect(pagerRuns()).toBe(1);
  });
});
