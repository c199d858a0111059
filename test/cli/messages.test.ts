import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 35 item 6: messages that help. Each through main().

const server = useFixtureServer();
const TOKEN = '*:*.messages-token';

describe('messages that help', () => {
  it('a list of accepted values is shown whole, never cut with "--debug shows all"', async () => {
    const r = await runCli(['features', 'search', '--columns', 'name,typo'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('more characters');
    expect(r.stderr).toMatch(/accepted: name, type, .*, env:<environment>\.<[^>]+>\n$/);
    expect(server.requests).toEqual([]);
  });

  it('a server text is still cut at one screen line (a 500 full of SQL)', async () => {
    server.json('/api/admin/search/features', { message: `select ${'x'.repeat(1000)}` }, 500);
    const r = await runCli(['features', 'search', '--retries', '0'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.stderr).toContain('more characters; --debug shows all');
  });

  it('--url ending in /api/admin: the 404 says to drop the suffix', async () => {
    server.route('/api/admin/api/admin/search/features', (_req, res) =>
      sendJson(res, 404, {
        name: 'NotFoundError',
        message: 'The path you were looking for (/api/admin/api/admin/search/features) is not available.',
      }),
    );
    const r = await runCli(['features', 'search', '--url', `${server.url}/api/admin`], {
      env: { FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(
      `The server URL seems to end in /api/admin, which flagctl adds itself: use ${server.url} (without /api/admin) as --url, FLAGCTL_URL or the profile's URL.`,
    );
  });

  it('https:// to a plain HTTP port: "the server does not speak TLS on this port"', async () => {
    const plain = createServer((_req, res) => res.end('hello'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    try {
      const { port } = plain.address() as AddressInfo;
      const r = await runCli(['features', 'search', '--retries', '0'], {
        env: { FLAGCTL_URL: `https://127.0.0.1:${port}`, FLAGCTL_TOKEN: TOKEN },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the server does not speak TLS on this port: is the URL http://, not https://?');
      expect(r.stderr).not.toMatch(/EPROTO|wrong version number/);
    } finally {
      plain.closeAllConnections();
      await new Promise((r) => plain.close(r));
    }
  });
});

describe('feature get on an archived flag', () => {
  it('says it is archived and names features revive, exit 5', async () => {
    server.json(
      '/api/admin/projects/default/features/old-checkout',
      { name: 'NotFoundError', message: 'Could not find feature with name old-checkout' },
      404,
    );
    server.route('/api/admin/search/features', (_req, res, url) => {
      expect(url.searchParams.get('archived')).toBe('IS:true');
      sendJson(res, 200, {
        features: [
          { name: 'old-checkout', project: 'default', archivedAt: '2026-03-04T05:06:07.000Z', environments: [] },
        ],
        total: 1,
      });
    });
    const r = await runCli(['feature', 'get', 'old-checkout'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'flagctl: feature "old-checkout" is archived in project default since 2026-03-04\nBring it back with: flagctl features revive old-checkout\n',
    );
  });

  it("a flag that is not archived either keeps the server's 404", async () => {
    server.json(
      '/api/admin/projects/web/features/nope',
      { name: 'NotFoundError', message: 'Could not find feature with name nope' },
      404,
    );
    server.json('/api/admin/projects', { projects: [{ id: 'web' }] });
    server.json('/api/admin/search/features', {
      features: [{ name: 'nope-2', project: 'web', environments: [] }],
      total: 1,
    });
    const r = await runCli(['feature', 'get', 'nope', '--project', 'web'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('Could not find feature with name nope');
  });
});
