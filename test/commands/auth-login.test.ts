import { promises as fs, readFileSync, statSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, OTHER, SEARCH, acceptToken, useAuthServers } from '../support/auth-servers.js';
import { sendJson } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

const { server, other, dir, cfgDir } = useAuthServers();

const cfgFile = () => join(cfgDir(), 'config.json');

async function login(token: string, args: string[] = [], url = server.url) {
  return runCli(['auth', 'login', '--url', url, ...args], {
    env: { FLAGCTL_CONFIG_DIR: cfgDir() },
    stdin: `${token}\n`,
  });
}

describe('auth login', () => {
  it('checks the token, then saves it with 0700/0600 modes', async () => {
    acceptToken(server, ADMIN);
    const r = await login(ADMIN);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Logged in to');
    expect(r.stderr).toContain('admin token *:*.****');
    expect(r.stderr).not.toContain(ADMIN.slice(4));
    expect(server.requests[0]!.headers.authorization).toBe(ADMIN);
    expect(statSync(cfgDir()).mode & 0o777).toBe(0o700);
    expect(statSync(cfgFile()).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(cfgFile(), 'utf8'));
    expect(saved.profiles.default).toEqual({ url: server.url, token: ADMIN });
    expect((await fs.readdir(cfgDir())).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it.each([
    [401, 'UnauthorizedError'],
    [403, 'PermissionError'],
  ])('a %i saves nothing and exits 4', async (status, name) => {
    server.route(SEARCH, (_req, res) => sendJson(res, status, { name, message: 'no' }));
    const r = await login(ADMIN);
    expect(r.code).toBe(4);
    await expect(fs.stat(cfgFile())).rejects.toThrow(/ENOENT/);
  });

  it('an empty token is a usage error and nothing is sent', async () => {
    const r = await login('   ');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no token given');
    expect(server.requests).toEqual([]);
  });

  it('--url is required and must be http(s)', async () => {
    const a = await runCli(['auth', 'login'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() }, stdin: ADMIN });
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--url');
    const b = await login(ADMIN, [], 'ftp://example.com');
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('must start with http:// or https://');
  });

  it('keeps several profiles, one per server', async () => {
    acceptToken(server, ADMIN);
    acceptToken(other, OTHER);
    expect((await login(ADMIN, ['--profile', 'one'])).code).toBe(0);
    expect((await login(OTHER, ['--profile', 'two', '--project', 'web'], other.url)).code).toBe(0);
    const saved = JSON.parse(readFileSync(cfgFile(), 'utf8'));
    expect(Object.keys(saved.profiles)).toEqual(['one', 'two']);
    expect(saved.defaultProfile).toBe('one');
    expect(saved.profiles.two.project).toBe('web');
  });
});

describe('config file safety', () => {
  it('refuses a config readable by others, saying how to fix it', async () => {
    mkdirSync(cfgDir(), { recursive: true });
    writeFileSync(cfgFile(), JSON.stringify({ version: 1, profiles: { default: { url: server.url, token: ADMIN } } }));
    chmodSync(cfgFile(), 0o644);
    const r = await runCli(['feature', 'get', 'x'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('readable by other users (mode 644)');
    expect(r.stderr).toContain(`chmod 600 '${cfgFile()}'`);
    expect(server.requests).toEqual([]);
  });

  it('uses XDG_CONFIG_HOME when FLAGCTL_CONFIG_DIR is unset', async () => {
    acceptToken(server, ADMIN);
    const r = await runCli(['auth', 'login', '--url', server.url], { env: { XDG_CONFIG_HOME: dir() }, stdin: ADMIN });
    expect(r.code).toBe(0);
    expect(statSync(join(dir(), 'flagctl', 'config.json')).mode & 0o777).toBe(0o600);
  });
});

describe('precedence', () => {
  const feature = (name: string) => ({ name, environments: [], tags: [] });
  async function saveProfiles() {
    acceptToken(server, ADMIN);
    acceptToken(other, OTHER);
    await login(ADMIN, ['--profile', 'one']);
    await login(OTHER, ['--profile', 'two'], other.url);
    server.reset();
    other.reset();
  }

  it('the default profile supplies URL and token', async () => {
    await saveProfiles();
    server.json('/api/admin/projects/default/features/f', feature('f'));
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(r.code).toBe(0);
    expect(server.requests[0]!.headers.authorization).toBe(ADMIN);
  });

  it('--profile, then FLAGCTL_PROFILE, choose the profile', async () => {
    await saveProfiles();
    other.json('/api/admin/projects/default/features/f', feature('f'));
    const a = await runCli(['feature', 'get', 'f', '--profile', 'two'], {
      env: { FLAGCTL_CONFIG_DIR: cfgDir(), FLAGCTL_PROFILE: 'one' },
    });
    expect(a.code).toBe(0);
    other.json('/api/admin/projects/default/features/f', feature('f'));
    const b = await runCli(['feature', 'get', 'f'], { env: { FLAGCTL_CONFIG_DIR: cfgDir(), FLAGCTL_PROFILE: 'two' } });
    expect(b.code).toBe(0);
    expect(other.requests.map((r) => r.headers.authorization)).toEqual([OTHER, OTHER]);
  });

  it('an unknown --profile is a usage error listing the profiles', async () => {
    await saveProfiles();
    const r = await runCli(['feature', 'get', 'f', '--profile', 'nope'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no profile named "nope" (profiles: one, two)');
  });

  it('env URL and token beat the profile; UNLEASH_* work too', async () => {
    await saveProfiles();
    other.json('/api/admin/projects/default/features/f', feature('f'));
    const a = await runCli(['feature', 'get', 'f'], {
      env: { FLAGCTL_CONFIG_DIR: cfgDir(), FLAGCTL_URL: other.url, FLAGCTL_TOKEN: 'user:fromenv' },
    });
    expect(a.code).toBe(0);
    other.json('/api/admin/projects/default/features/f', feature('f'));
    const b = await runCli(['feature', 'get', 'f'], {
      env: { FLAGCTL_CONFIG_DIR: cfgDir(), UNLEASH_URL: other.url, UNLEASH_API_TOKEN: 'user:unleashenv' },
    });
    expect(b.code).toBe(0);
    expect(other.requests.map((r) => r.headers.authorization)).toEqual(['user:fromenv', 'user:unleashenv']);
  });

  it('--url beats FLAGCTL_URL, and takes the token of the profile saved for that URL', async () => {
    await saveProfiles();
    other.json('/api/admin/projects/default/features/f', feature('f'));
    const r = await runCli(['feature', 'get', 'f', '--url', other.url], {
      env: { FLAGCTL_CONFIG_DIR: cfgDir(), FLAGCTL_URL: server.url },
    });
    expect(r.code).toBe(0);
    expect(other.requests[0]!.headers.authorization).toBe(OTHER);
    expect(server.requests).toEqual([]);
  });

  it('never sends a stored token to a server it was not saved for', async () => {
    await saveProfiles();
    const r = await runCli(['feature', 'get', 'f', '--url', 'http://127.0.0.1:9'], {
      env: { FLAGCTL_CONFIG_DIR: cfgDir() },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no API token for http://127.0.0.1:9');
  });

  it('the profile project is the default project', async () => {
    acceptToken(server, ADMIN);
    await login(ADMIN, ['--project', 'web']);
    server.reset();
    server.json('/api/admin/projects/web/features/f', feature('f'));
    const r = await runCli(['feature', 'get', 'f'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(r.code).toBe(0);
  });
});

describe('auth status and logout', () => {
  it('status shows profile, URL, kind, masked token and a live check', async () => {
    acceptToken(server, ADMIN);
    await login(ADMIN);
    const r = await runCli(['auth', 'status'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Profile:  default');
    expect(r.stdout).toContain(`URL:      ${server.url}`);
    expect(r.stdout).toContain('Token:    *:*.**** (admin, from profile default)');
    expect(r.stdout).toContain('Check:    ok');
    expect(r.stdout + r.stderr).not.toContain(ADMIN.slice(4));
  });

  it('status exits 4 when the server refuses the token', async () => {
    acceptToken(server, 'something-else');
    const r = await runCli(['auth', 'status'], { env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: OTHER } });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('Token:    user:**** (personal, from FLAGCTL_TOKEN)');
    expect(r.stdout).toContain('Check:    failed (HTTP 401)');
    expect(r.stdout + r.stderr).not.toContain(OTHER.slice(5));
  });

  it('logout removes the profile', async () => {
    acceptToken(server, ADMIN);
    await login(ADMIN, ['--profile', 'one']);
    const r = await runCli(['auth', 'logout', '--profile', 'one'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(cfgFile(), 'utf8')).profiles).toEqual({});
    expect(statSync(cfgFile()).mode & 0o777).toBe(0o600);
    const again = await runCli(['auth', 'logout', '--profile', 'one'], { env: { FLAGCTL_CONFIG_DIR: cfgDir() } });
    expect(again.code).toBe(2);
  });
});
