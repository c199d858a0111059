import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 21, item 9: `auth login` never changes the mode of a directory it did not create, and
// refuses, before anything is sent, a config directory that other users can write.

const TOKEN = '*:*.configdirsecret0123456789abcdef';
const server = useFixtureServer();
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'flagctl-cfgdir-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const login = (dir: string) =>
  runCli(['auth', 'login', '--url', server.url], { env: { FLAGCTL_CONFIG_DIR: dir }, stdin: `${TOKEN}\n` });
const accept = () =>
  server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [], total: 0 }));

describe('auth login and the config directory', () => {
  it.each([
    [0o1777, '1777'],
    [0o777, '777'],
    [0o770, '770'],
    [0o730, '730'],
  ])('refuses an existing directory of mode %o, leaving it and its files as they were', async (mode, shown) => {
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, mode);
    writeFileSync(join(shared, 'someone-elses-file'), 'keep me');
    const r = await login(shared);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flagctl: ${shared} is writable by other users (mode ${shown}); flagctl keeps API tokens only in a directory that only you can write\n` +
        `Set FLAGCTL_CONFIG_DIR to a private directory (flagctl creates a missing one with mode 700), or remove write access for others: chmod go-w '${shared}'\n`,
    );
    expect(statSync(shared).mode & 0o7777).toBe(mode);
    expect(readdirSync(shared)).toEqual(['someone-elses-file']);
    expect(readFileSync(join(shared, 'someone-elses-file'), 'utf8')).toBe('keep me');
    expect(r.stdout + r.stderr).not.toContain(TOKEN.slice(4));
    expect(server.requests).toEqual([]);
  });

  it('keeps the mode of an existing private directory it did not create (0750 stays 0750)', async () => {
    accept();
    const mine = join(root, 'mine');
    mkdirSync(mine);
    chmodSync(mine, 0o750);
    const r = await login(mine);
    expect(r.stderr).toContain('Logged in to');
    expect(r.code).toBe(0);
    expect(statSync(mine).mode & 0o7777).toBe(0o750);
    expect(statSync(join(mine, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('creates a missing directory (and its parents) with mode 700', async () => {
    accept();
    const fresh = join(root, 'a', 'b', 'flagctl');
    const r = await login(fresh);
    expect(r.code).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });
});
