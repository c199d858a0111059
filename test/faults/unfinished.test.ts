import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built CLI can never exit 0 unless its command finished. A preload (test-only, outside
// the bundle) makes every request one that never settles and holds nothing open, so Node
// empties its event loop mid-command: without the guard in entry.ts that was exit 0 with
// no output, which a CI gate reads as success.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./preload/requests-never-answer.mjs', import.meta.url));

function flagctl(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: '/nonexistent',
    FLAGCTL_CONFIG_DIR: '/nonexistent',
    FLAGCTL_URL: 'http://127.0.0.1:9',
    FLAGCTL_TOKEN: '*:*.unfinishedsecret0123456789',
  };
  const child = spawn(process.execPath, ['--import', PRELOAD, BIN, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('a command whose work never settles', () => {
  it.each([
    [['feature', 'get', 'f']],
    [['features', 'stale']],
    [['features', 'search', '--all']],
    [['project', 'overview', 'default']],
  ])('%j ends as exit 1 with one line, never a silent exit 0', async (args) => {
    const r = await flagctl(args);
    expect(r.stderr).toBe('flagctl: internal error: the command did not finish\n');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('a command that finishes is not touched by the guard (same preload)', async () => {
    const r = await flagctl(['feature', 'get', '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Usage: flagctl feature get');
  });
});
