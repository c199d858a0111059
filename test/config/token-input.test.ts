import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer, sendJson } from '../support/fixture-server.js';
import { runCli, type RunResult } from '../support/io.js';

// Issue 21, item 12: a token read from the environment, stdin or a file loses ONE trailing
// newline (\n or \r\n), as gh does; any other control character is refused with exit 2 and a
// message that names where the token came from and never echoes it. Every environment
// variable error names the variable, not the option it stands for.

const TOKEN = '*:*.tokeninputsecret0123456789abcdef';
const PATH = '/api/admin/projects/default/features/f';
const server = useFixtureServer();
const cfg = mkdtempSync(join(tmpdir(), 'flagctl-token-'));
afterAll(() => rmSync(cfg, { recursive: true, force: true }));

function expectNoToken(r: RunResult): void {
  expect(r.stdout + r.stderr).not.toContain(TOKEN.slice(4, 20));
}

describe('a token from the environment', () => {
  it.each([`${TOKEN}\n`, `${TOKEN}\r\n`])(
    '%j: one trailing newline is dropped, and the request carries the token',
    async (value) => {
      server.route(PATH, (req, res) =>
        sendJson(res, req.headers.authorization === TOKEN ? 200 : 401, { name: 'f', environments: [] }),
      );
      for (const variable of ['FLAGCTL_TOKEN', 'UNLEASH_API_TOKEN']) {
        const r = await runCli(['feature', 'get', 'f', '-o', 'json'], {
          env: { FLAGCTL_URL: server.url, [variable]: value },
        });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
      }
      expect(server.requests.map((q) => q.headers.authorization)).toEqual([TOKEN, TOKEN]);
    },
  );

  it.each([
    ['FLAGCTL_TOKEN', `${TOKEN}\n\n`],
    ['FLAGCTL_TOKEN', `${TOKEN.slice(0, 10)}\u0007${TOKEN.slice(10)}`],
    ['UNLEASH_API_TOKEN', `${TOKEN}\r`],
    ['FLAGCTL_TOKEN', `\n${TOKEN}`],
    ['FLAGCTL_TOKEN', `${TOKEN} extra`],
    ['UNLEASH_API_TOKEN', `${TOKEN}\u0085`],
  ])('%s=%j: exit 2 naming the variable, nothing sent, the token never shown', async (variable, value) => {
    const r = await runCli(['feature', 'get', 'f'], { env: { FLAGCTL_URL: server.url, [variable]: value } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^flagctl: ${variable}: the token contains (a control character|white space); give exactly one token, on one line\\n`,
      ),
    );
    expect(r.stdout).toBe('');
    expectNoToken(r);
    expect(server.requests).toEqual([]);
  });
});

describe('a token on stdin for auth login', () => {
  it.each([`${TOKEN}\n`, `${TOKEN}\r\n`, TOKEN])('%j is saved without its line end', async (stdin) => {
    server.route('/api/admin/search/features', (req, res) =>
      sendJson(res, req.headers.authorization === TOKEN ? 200 : 401, { features: [], total: 0 }),
    );
    const r = await runCli(['auth', 'login', '--url', server.url], {
      env: { FLAGCTL_CONFIG_DIR: join(cfg, String(Math.random())) },
      stdin,
    });
    expect(r.code).toBe(0);
    expect(server.requests[0]!.headers.authorization).toBe(TOKEN);
  });

  it.each([`${TOKEN}\n\n`, `${TOKEN}\u001b[2J\n`, `${TOKEN.slice(0, 8)}\t${TOKEN.slice(8)}`])(
    '%j: exit 2, nothing sent, not echoed',
    async (stdin) => {
      const r = await runCli(['auth', 'login', '--url', server.url], {
        env: { FLAGCTL_CONFIG_DIR: join(cfg, 'x') },
        stdin,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^flagctl: stdin: the token contains (a control character|white space); give exactly one token, on one line\n/,
      );
      expectNoToken(r);
      expect(server.requests).toEqual([]);
    },
  );
});

describe('environment variables are named in their errors', () => {
  it.each([
    ['FLAGCTL_MAX_RESPONSE_MB', 'abc', 'FLAGCTL_MAX_RESPONSE_MB "abc": expected a size in MiB, e.g. 64'],
    ['FLAGCTL_TIMEOUT', '-3', 'FLAGCTL_TIMEOUT "-3": expected a positive number of seconds'],
    ['FLAGCTL_MAX_WAIT', '1.5', 'FLAGCTL_MAX_WAIT "1.5": expected a whole number of seconds'],
  ])('%s=%s', async (variable, value, message) => {
    const r = await runCli(['feature', 'get', 'f'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, [variable]: value },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`flagctl: ${message}`);
    expect(r.stderr).not.toMatch(/^flagctl: --/m);
    expect(server.requests).toEqual([]);
  });

  it('the option still wins over the variable, and names itself', async () => {
    const r = await runCli(['feature', 'get', 'f', '--max-response-mb', 'x'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, FLAGCTL_MAX_RESPONSE_MB: '5' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('flagctl: --max-response-mb "x": expected a size in MiB');
  });
});

describe('a token with a character an HTTP header cannot carry', () => {
  const ACCEPTED = 'a token is printable ASCII, such as *:*.<secret>, user:<secret> or <project>:<env>.<secret>';
  it.each([
    ['FLAGCTL_TOKEN', `${TOKEN.slice(0, 12)}\u200b${TOKEN.slice(12)}`, 'U+200B'],
    ['UNLEASH_API_TOKEN', `${TOKEN.slice(0, 12)}é${TOKEN.slice(12)}`, 'U+00E9'],
    ['FLAGCTL_TOKEN', `${TOKEN}\u2603`, 'U+2603'],
    ['FLAGCTL_TOKEN', `\ufeff${TOKEN}`, 'U+FEFF'],
  ])('%s with %s: exit 2 naming the variable and the accepted form, nothing sent', async (variable, value, code) => {
    const r = await runCli(['feature', 'get', 'f'], { env: { FLAGCTL_URL: server.url, [variable]: value } });
    expect(r.stderr.split('\n')[0]).toBe(
      `flagctl: ${variable}: the token contains a character an HTTP header cannot carry (${code}); ${ACCEPTED}`,
    );
    expectNoToken(r);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('on stdin for auth login', async () => {
    const r = await runCli(['auth', 'login', '--url', server.url], {
      env: { FLAGCTL_CONFIG_DIR: join(cfg, 'zw') },
      stdin: `${TOKEN}\u200b\n`,
    });
    expect(r.stderr).toMatch(
      /^flagctl: stdin: the token contains a character an HTTP header cannot carry \(U\+200B\);/,
    );
    expect(r.code).toBe(2);
    expectNoToken(r);
    expect(server.requests).toEqual([]);
  });

  it('in a stored profile', async () => {
    const dir = join(cfg, 'stored');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        version: 1,
        defaultProfile: 'p',
        profiles: { p: { url: server.url, token: `${TOKEN}\u200b` } },
      }),
      { mode: 0o600 },
    );
    const r = await runCli(['feature', 'get', 'f'], { env: { FLAGCTL_CONFIG_DIR: dir } });
    expect(r.stderr).toMatch(
      /^flagctl: the token of profile "p": the token contains a character an HTTP header cannot carry \(U\+200B\);/,
    );
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });
});

describe('FLAGCTL_PROFILE naming a profile that does not exist', () => {
  it('names the variable', async () => {
    const r = await runCli(['feature', 'get', 'f'], {
      env: { FLAGCTL_CONFIG_DIR: join(cfg, 'none'), FLAGCTL_PROFILE: 'nope' },
    });
    expect(r.stderr).toMatch(/^flagctl: FLAGCTL_PROFILE: no profile named "nope"\n/);
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('--profile names itself and wins over the variable', async () => {
    const r = await runCli(['feature', 'get', 'f', '--profile', 'other'], {
      env: { FLAGCTL_CONFIG_DIR: join(cfg, 'none'), FLAGCTL_PROFILE: 'nope' },
    });
    expect(r.stderr).toMatch(/^flagctl: --profile: no profile named "other"\n/);
    expect(r.code).toBe(2);
  });
});
