import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { flagctl } from './cli.js';

// Issue 35 item 1 against the real servers: a login to each keeps a profile per server,
// `auth list` shows them, `auth switch` moves commands from one server to the other.

const servers = inject('servers');
const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-profiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { FLAGCTL_CONFIG_DIR: dir };
const hostName = (url: string) => new URL(url).host.replace(':', '-');

describe(`profiles across ${servers.map((s) => s.pkg).join(' and ')}`, () => {
  it('one login per server keeps one profile each; list shows them; switch moves commands to the other server', async () => {
    for (const server of servers) {
      const r = await flagctl(
        ['auth', 'login', '--url', server.url, '--project', 'default'],
        env,
        `${server.adminToken}\n`,
      );
      expect(r.code, r.stderr).toBe(0);
    }
    const names = servers.map((s, i) => (i === 0 ? 'default' : hostName(s.url)));
    const list = await flagctl(['auth', 'list', '-o', 'json'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual({
      profiles: servers.map((s, i) => ({
        name: names[i],
        url: s.url,
        project: 'default',
        tokenKind: 'admin',
        active: i === 0,
      })),
      active: 'default',
    });
    const piped = await flagctl(['auth', 'list', '--columns', 'name,url,active'], env);
    expect(piped.stdout).toBe(
      ['NAME\tURL\tACTIVE', ...servers.map((s, i) => `${names[i]}\t${s.url}\t${i === 0}`), ''].join('\n'),
    );

    const last = servers.length - 1;
    const sw = await flagctl(['auth', 'switch', names[last]!], env);
    expect(sw.code, sw.stderr).toBe(0);
    const status = await flagctl(['auth', 'status'], env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`URL:      ${servers[last]!.url} (from config)`);
    expect(status.stdout).toContain(`(admin, from profile ${names[last]})`);
    const config = readFileSync(join(dir, 'config.json'), 'utf8');
    for (const r of [list, piped, sw, status])
      for (const s of servers) expect(r.stdout + r.stderr).not.toContain(s.adminToken.split('.')[1]!);
    expect(JSON.parse(config).defaultProfile).toBe(names[last]);
  });

  for (const server of servers) {
    it(`login --project nosuch on ${server.pkg} exits 5 listing the projects and saves nothing`, async () => {
      const own = mkdtempSync(join(tmpdir(), 'flagctl-e2e-nosuch-'));
      try {
        const r = await flagctl(
          ['auth', 'login', '--url', server.url, '--project', 'nosuch'],
          { FLAGCTL_CONFIG_DIR: own },
          `${server.adminToken}\n`,
        );
        expect(r.code).toBe(5);
        expect(r.stderr).toContain('no project "nosuch" on this server (--project); it has: default');
        expect(() => readFileSync(join(own, 'config.json'))).toThrow(/ENOENT/);
      } finally {
        rmSync(own, { recursive: true, force: true });
      }
    });
  }
});
