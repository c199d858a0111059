import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 21, item 1: `flagctl api` must not leave /api/ (nor the profile's path prefix) by any
// spelling that a URL parser normalises after the check: a backslash (WHATWG reads `\` as `/`
// in http URLs), its percent-encoded forms, an encoded slash, or dot segments hidden by
// encoding. Each is refused with exit 2 before anything is sent, and the token never shows.

const TOKEN = '*:*.pathescape0123456789abcdef0123';
const server = useFixtureServer();

const bypasses = [
  '/api/..\\health',
  '/api/..\\..\\other-app/secret',
  '/api/%2e%2e\\health',
  '/api/%2E%2E\\..\\other-app/secret',
  '/api/admin\\..\\..\\health',
  '/api/..%5chealth',
  '/api/..%5Chealth',
  '/api/%2e%2e%5c%2e%2e%5cother-app/secret',
  '/api/..%2fhealth',
  '/api/..%2F..%2Fother-app%2Fsecret',
  '/api/.%2e/health',
  '/api/.\t./health',
];

// Escapes of escapes: flagctl decodes nothing twice, but a reverse proxy in front of the
// server may, and `%252e%252e` is `..` after two decodings. They are refused with the same
// message as their single-encoded forms; so is `..;` (a path parameter on a dot segment,
// which some servlet containers read as `..`).
const doubled: [string, RegExp][] = [
  ['/api/%252e%252e/health', /"\." and "\.\." segments are refused/],
  ['/api/admin/%252E%252E/%252e%252e/other-app/secret', /"\." and "\.\." segments are refused/],
  ['/api/.%252e/health', /"\." and "\.\." segments are refused/],
  ['/api/%25252e%25252e/health', /"\." and "\.\." segments are refused/],
  ['/api/%2e%2e;/health', /"\." and "\.\." segments are refused/],
  ['/api/..;x=1/health', /"\." and "\.\." segments are refused/],
  ['/api/%252e%252e%253b/health', /"\." and "\.\." segments are refused/],
  ['/api/..%255chealth', /a backslash \(\\ or %5C\) is refused/],
  ['/api/%255c..%255chealth', /a backslash \(\\ or %5C\) is refused/],
  ['/api/..%252fhealth', /an encoded "\/" \(%2F\) is refused/],
];

describe('flagctl api: escapes that decode to a way out after more than one decoding', () => {
  it.each(doubled)('refuses %j with exit 2, sending nothing', async (path, message) => {
    const r = await runCli(['api', path], { env: { FLAGCTL_URL: `${server.url}/prefix`, FLAGCTL_TOKEN: TOKEN } });
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(new RegExp(`^flagctl: path "${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": `));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('an ordinary %25 in a name still goes through, under /prefix/api/', async () => {
    server.json('/prefix/api/admin/features/50%25off', { name: '50%off' });
    const r = await runCli(['api', '/api/admin/features/50%25off'], {
      env: { FLAGCTL_URL: `${server.url}/prefix`, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/prefix/api/admin/features/50%25off']);
  });
});

describe('flagctl api: no way out of /api/ and the base URL prefix', () => {
  it.each(bypasses)('refuses %j with exit 2, sending nothing', async (path) => {
    const r = await runCli(['api', path, '--debug'], {
      env: { FLAGCTL_URL: `${server.url}/prefix`, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^flagctl: path ".*": /m);
    expect(r.stderr).toMatch(/backslash|encoded|"\." and "\.\." segments|control characters/);
    expect(r.stdout).toBe('');
    expect(r.stdout + r.stderr).not.toContain(TOKEN.slice(4));
    expect(server.requests).toEqual([]);
  });

  it.each(bypasses.map((p) => `/prefix${p}`))('refuses the absolute URL <server>%s too', async (path) => {
    const r = await runCli(['api', `${server.url}${path}`], {
      env: { FLAGCTL_URL: `${server.url}/prefix`, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('names the backslash and how to write the path', async () => {
    const r = await runCli(['api', '/api/..\\health'], { env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN } });
    expect(r.stderr).toBe(
      'flagctl: path "/api/..\\health": a backslash (\\ or %5C) is refused: URLs read it as "/"; write the path with "/", e.g. /api/admin/segments\n',
    );
  });

  it('sends the path as normalised, and --debug shows exactly what was sent', async () => {
    server.json('/prefix/api/admin/features/caf%C3%A9%22x', { name: 'ok' });
    const r = await runCli(['api', '/api/admin/features/café"x', '--debug'], {
      env: { FLAGCTL_URL: `${server.url}/prefix`, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/prefix/api/admin/features/caf%C3%A9%22x']);
    expect(r.stderr).toContain(`debug: GET ${server.url}/prefix/api/admin/features/caf%C3%A9%22x -> 200`);
    expect(r.stderr).not.toContain('café');
  });
});
