import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server.js';
import { ADMIN, OTHER, acceptToken, useAuthServers } from '../support/auth-servers.js';
import { runCli } from '../support/io.js';

// Issue 35 item 1: a profile per server. A login never takes another server's profile unasked,
// `auth list` and `auth switch` show and choose them, and a project the server lacks is told.

const { server, other, cfgDir } = useAuthServers();
const accept = (s: FixtureServer, token: string, projects = ['default', 'web', 'mobile']) =>
  acceptToken(s, token, projects);
beforeEach(() => {
  accept(server, ADMIN);
  accept(other, OTHER);
});

const saved = () => JSON.parse(readFileSync(join(cfgDir(), 'config.json'), 'utf8'));
const env = (more: Record<string, string> = {}) => ({ env: { FLAGCTL_CONFIG_DIR: cfgDir(), ...more } });
const hostName = (url: string) => new URL(url).host.replace(':', '-');
const login = (token: string, url: string, args: string[] = []) =>
  runCli(['auth', 'login', '--url', url, ...args], { ...env(), stdin: `${token}\n` });

describe('auth login keeps one profile per server', () => {
  it('a login to another server saves a new profile named after its host; the first stays, and stays active', async () => {
    expect((await login(ADMIN, server.url, ['--project', 'web'])).code).toBe(0);
    const r = await login(OTHER, other.url);
    expect(r.code).toBe(0);
    const host = hostName(other.url);
    expect(r.stderr).toContain(`as profile "${host}"`);
    expect(r.stderr).toContain(
      `The active profile is still "default": use --profile ${host}, or make it active with: flagctl auth switch ${host}`,
    );
    expect(saved().profiles).toEqual({
      default: { url: server.url, token: ADMIN, project: 'web' },
      [host]: { url: other.url, token: OTHER },
    });
    expect(saved().defaultProfile).toBe('default');
  });

  it('a second login to the same server renews that profile, whichever is active', async () => {
    await login(ADMIN, server.url);
    await login(OTHER, other.url);
    const r = await login(OTHER, other.url, ['--project', 'mobile']);
    expect(r.code).toBe(0);
    expect(Object.keys(saved().profiles)).toEqual(['default', hostName(other.url)]);
    expect(saved().profiles[hostName(other.url)].project).toBe('mobile');
  });

  it('after a logout, the next login does not take over the profile that is left', async () => {
    await login(ADMIN, server.url);
    await login(OTHER, other.url);
    expect((await runCli(['auth', 'logout'], env())).code).toBe(0);
    expect(saved().defaultProfile).toBe(hostName(other.url));
    expect((await login(ADMIN, server.url)).code).toBe(0);
    expect(saved().profiles[hostName(other.url)]).toEqual({ url: other.url, token: OTHER });
    expect(saved().profiles[hostName(server.url)]).toEqual({ url: server.url, token: ADMIN });
  });

  it('in a pipe, when the host name is taken by yet another server, it refuses naming --profile, and sends nothing', async () => {
    mkdirSync(cfgDir(), { recursive: true, mode: 0o700 });
    const host = hostName(other.url);
    const config = {
      version: 1,
      defaultProfile: 'default',
      profiles: { default: { url: server.url, token: ADMIN }, [host]: { url: `${other.url}/prefix`, token: ADMIN } },
    };
    writeFileSync(join(cfgDir(), 'config.json'), JSON.stringify(config));
    chmodSync(join(cfgDir(), 'config.json'), 0o600);
    const r = await login(OTHER, other.url);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `profile "${host}" is already saved for ${other.url}/prefix; flagctl does not replace another server's profile unasked`,
    );
    expect(r.stderr).toContain(`flagctl auth login --url ${other.url} --profile <name>`);
    expect(other.requests).toEqual([]);
    expect(saved()).toEqual(config);
  });

  it("--profile replaces another server's profile because it was asked, and says so", async () => {
    await login(ADMIN, server.url);
    const r = await login(OTHER, other.url, ['--profile', 'default']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`it replaces the profile for ${server.url}`);
    expect(saved().profiles).toEqual({ default: { url: other.url, token: OTHER } });
  });

  it('--project nosuch exits 5 listing the projects, and saves nothing', async () => {
    const r = await login(ADMIN, server.url, ['--project', 'nosuch']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no project "nosuch" on this server (--project); it has: default, mobile, web');
    expect(() => saved()).toThrow(/ENOENT/);
  });

  it('a refused token says what may be wrong with it, not "run auth login"', async () => {
    const r = await login('*:*.wrongwrongwrongwrong', server.url);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      'The server does not accept this token: it may be mistyped or cut short, expired, revoked, or made on another server.',
    );
    expect(r.stderr).not.toContain('Run `flagctl auth login');
    const client = await login('default:development.cccccccccccccccccccc', server.url);
    expect(client.code).toBe(4);
    expect(client.stderr).toContain('This is a client (SDK) token');
  });
});

describe('auth list and auth switch', () => {
  it('lists name, URL, project, token kind and active, piped and as json, never a token', async () => {
    await login(ADMIN, server.url, ['--project', 'web']);
    await login(OTHER, other.url);
    const host = hostName(other.url);
    const sent = server.requests.length + other.requests.length;
    const r = await runCli(['auth', 'list'], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `NAME\tURL\tPROJECT\tTOKENKIND\tACTIVE\ndefault\t${server.url}\tweb\tadmin\ttrue\n${host}\t${other.url}\tdefault\tpersonal\tfalse\n`,
    );
    const j = await runCli(['auth', 'list', '-o', 'json'], env());
    expect(JSON.parse(j.stdout)).toEqual({
      profiles: [
        { name: 'default', url: server.url, project: 'web', tokenKind: 'admin', active: true },
        { name: host, url: other.url, project: 'default', tokenKind: 'personal', active: false },
      ],
      active: 'default',
    });
    expect(r.stdout + j.stdout + r.stderr + j.stderr).not.toMatch(/aaaa|bbbb/);
    expect(server.requests.length + other.requests.length).toBe(sent);
  });

  it('switch makes a profile active; commands then use it; an unknown one lists the profiles', async () => {
    await login(ADMIN, server.url);
    await login(OTHER, other.url);
    const host = hostName(other.url);
    const s = await runCli(['auth', 'switch', host], env());
    expect(s.code).toBe(0);
    expect(s.stderr).toContain(`Switched to profile "${host}" (${other.url})`);
    expect(saved().defaultProfile).toBe(host);
    const list = await runCli(['auth', 'list', '--columns', 'name,active'], env());
    expect(list.stdout).toBe(`NAME\tACTIVE\ndefault\tfalse\n${host}\ttrue\n`);
    const status = await runCli(['auth', 'status'], env());
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`URL:      ${other.url}`);
    const bad = await runCli(['auth', 'switch', 'nope'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`no profile named "nope" (profiles: default, ${host})`);
  });
});

describe('auth status and the profile project', () => {
  it('reports a project the server does not have, exit 5, listing the ones it has', async () => {
    await login(ADMIN, server.url, ['--project', 'web']);
    server.reset();
    accept(server, ADMIN, ['default']);
    const r = await runCli(['auth', 'status'], env());
    expect(r.code).toBe(5);
    expect(r.stdout).toContain(
      'Check:    ok, the server accepts this token\nCheck:    failed, project "web" is not on this server\n',
    );
    expect(r.stderr).toContain(`the profile's project "web" is not on this server; it has: default`);
  });
});
