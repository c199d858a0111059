import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Profile names come from the config file and the command line: they are data, never members
// of the object that holds the profiles.

const TOKEN = '*:*.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const server = useFixtureServer();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flagctl-keys-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeConfig(doc: string) {
  mkdirSync(join(dir, 'cfg'), { mode: 0o700 });
  writeFileSync(join(dir, 'cfg', 'config.json'), doc, { mode: 0o600 });
}
const env = (extra: Record<string, string> = {}) => ({ FLAGCTL_CONFIG_DIR: join(dir, 'cfg'), ...extra });

describe('profile names named after object members', () => {
  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
    it(`--profile ${name} with no such profile is "no profile named", nothing sent`, async () => {
      writeConfig(JSON.stringify({ version: 1, profiles: { one: { url: server.url, token: TOKEN } } }));
      const r = await runCli(['feature', 'get', 'f', '--profile', name], { env: env({ FLAGCTL_URL: server.url }) });
      expect(r.stderr).toContain(`no profile named "${name}" (profiles: one)`);
      expect(r.code).toBe(2);
      expect(server.requests).toEqual([]);
    });
  }

  it('a stored profile named __proto__ is read and used like any other', async () => {
    writeConfig(`{"version":1,"profiles":{"__proto__":{"url":"${server.url}","token":"${TOKEN}"}}}`);
    server.json('/api/admin/projects/default/features/f', { name: 'f', project: 'default', environments: [] });
    const r = await runCli(['feature', 'get', 'f', '-o', 'json', '--profile', '__proto__'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.headers.authorization)).toEqual([TOKEN]);
  });

  it('auth login --profile __proto__ saves that profile, and logout removes it', async () => {
    server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [], total: 0 }));
    const r = await runCli(['auth', 'login', '--url', server.url, '--profile', '__proto__'], {
      env: env(),
      stdin: `${TOKEN}\n`,
    });
    expect(r.code).toBe(0);
    const saved = readFileSync(join(dir, 'cfg', 'config.json'), 'utf8');
    expect(Object.keys(JSON.parse(saved).profiles)).toEqual(['__proto__']);
    const out = await runCli(['auth', 'logout', '--profile', '__proto__'], { env: env() });
    expect(out.code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'cfg', 'config.json'), 'utf8')).profiles)).toEqual([]);
  });

  it('auth logout --profile toString with no such profile exits 2', async () => {
    writeConfig(JSON.stringify({ version: 1, profiles: {} }));
    const r = await runCli(['auth', 'logout', '--profile', 'toString'], { env: env() });
    expect(r.stderr).toContain('no profile named "toString"');
    expect(r.code).toBe(2);
  });
});
