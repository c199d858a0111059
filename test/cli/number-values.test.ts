import { describe, expect, it } from 'vitest';
import { ManualClock } from '../support/clock.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Bad input gets a clear error and nothing else. A number option given empty or blank took the
// value 0 (`--retries ''`: no retries, exit 0, as JavaScript's Number('') is 0); hexadecimal,
// binary and octal forms and Infinity were read as numbers (`FLAGCTL_TIMEOUT=0x10` waited 16 s,
// `--max-response-mb Infinity` had no cap). An age so large that its day falls before year 1
// (`--created-before 999999w`) was sent as a malformed date, which the server refused (exit 1).

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = (extra: Record<string, string> = {}) => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...extra });

describe('number options and variables', () => {
  it.each([
    ['--retries', ''],
    ['--retries', ' '],
    ['--retries', '0x2'],
    ['--timeout', '0x10'],
    ['--timeout', 'Infinity'],
    ['--timeout', '0b11'],
    ['--max-response-mb', 'Infinity'],
    ['--max-response-mb', '1e400'],
    ['--max-response-mb', '0o17'],
  ])('%s "%s" exits 2 naming the option, nothing sent', async (option, value) => {
    const r = await runCli(['projects', 'list', option, value], { env: env() });
    expect(r.stderr).toMatch(new RegExp(`^flagctl: ${option} "${value}": expected `));
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['FLAGCTL_TIMEOUT', '0x10'],
    ['FLAGCTL_MAX_RESPONSE_MB', 'Infinity'],
  ])('%s=%s exits 2 naming the variable, nothing sent', async (name, value) => {
    const r = await runCli(['projects', 'list'], { env: env({ [name]: value }) });
    expect(r.stderr).toMatch(new RegExp(`^flagctl: ${name} "${value}": expected `));
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('decimal forms still read: 2.5 seconds, 1e1 MiB, 3 retries', async () => {
    server.json('/api/admin/projects', { version: 1, projects: [] });
    const r = await runCli(
      ['projects', 'list', '--timeout', '2.5', '--max-response-mb', '1e1', '--retries', '3', '-o', 'json'],
      { env: env() },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('an age too large for a calendar day', () => {
  const NOW = Date.parse('2026-03-01T12:00:00.000Z');
  it.each([
    ['features', 'search', '--created-before', '999999w'],
    ['features', 'search', '--created-since', '999999d'],
    ['feature', 'history', 'x', '--since', '999999w'],
  ])('%s %s %s %s exits 2, nothing sent', async (...argv) => {
    const r = await runCli(argv, { env: env(), clock: new ManualClock(NOW) });
    expect(r.stderr).toMatch(/^flagctl: --\S+ "99999\dw?d?": .*before the year 1/);
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('a large age that is still a day reads as that day', async () => {
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'search', '--created-before', '52000w', '-o', 'json'], {
      env: env(),
      clock: new ManualClock(NOW),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(decodeURIComponent(server.requests[0]!.url)).toContain('createdAt=IS_BEFORE:1029-');
  });
});
