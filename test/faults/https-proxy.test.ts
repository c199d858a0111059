import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, sendJson } from '../support/fixture-server.js';
import { runCli, type RunResult } from '../support/io.js';
import { privateCa, tlsProxy, type TlsProxy } from './tls-proxy.js';

// Issue 21, items 2 and 6: an https:// proxy is spoken to over TLS (trusting the same CAs as
// the server), on 443 unless the URL says otherwise; an unsupported scheme or a proxy URL that
// cannot be read is a usage error naming its variable, and never shows the password.

const TOKEN = '*:*.httpsproxysecret0123456789abcdef';
const USER = 'proxy-user';
const PASS = 'Pr0xy-s3cret';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`;
const PATH = '/api/admin/projects/default/features/f';
const feature = { name: 'f', type: 'release', project: 'default', environments: [] };

const ca = privateCa();
const server = new FixtureServer();
let proxy: TlsProxy;
beforeAll(async () => {
  await server.start();
  proxy = await tlsProxy(ca.leaf('proxy.flagctl.test'), Number(new URL(server.url).port), AUTH);
});
afterAll(async () => {
  await proxy.close();
  await server.stop();
  ca.remove();
});
afterEach(() => {
  const unexpected = [...server.unexpected];
  server.reset();
  proxy.connects.length = 0;
  expect(unexpected).toEqual([]);
});

function expectNoSecret(r: RunResult): void {
  for (const secret of [TOKEN.slice(4), USER, PASS, AUTH.slice(6)]) expect(r.stdout + r.stderr).not.toContain(secret);
}

const proxyUrl = (host = '127.0.0.1') => `https://${USER}:${PASS}@${host}:${proxy.port}`;

describe('an https:// proxy (a real TLS proxy on 127.0.0.1 with its own CA)', () => {
  it('feature get works through it for an http server; the CONNECT and its credentials go over TLS', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'f', '-o', 'json', '--ca-file', ca.caFile], {
      env: { FLAGCTL_URL: 'http://flagctl-proxied.test:8080', FLAGCTL_TOKEN: TOKEN, HTTP_PROXY: proxyUrl() },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(proxy.connects).toEqual([{ target: 'flagctl-proxied.test:8080', authorization: AUTH }]);
    expect(server.requests[0]!.headers.authorization).toBe(TOKEN);
  });

  it('feature get works through it for an https server: TLS to the proxy, and TLS inside the tunnel to the server', async () => {
    const leaf = ca.leaf('flagctl-target.test');
    const https = createHttpsServer(leaf, (_req, res) => sendJson(res, 200, feature));
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    const target = await tlsProxy(ca.leaf('proxy.flagctl.test'), (https.address() as AddressInfo).port, AUTH);
    try {
      const r = await runCli(['feature', 'get', 'f', '-o', 'json', '--ca-file', ca.caFile], {
        env: {
          FLAGCTL_URL: 'https://flagctl-target.test',
          FLAGCTL_TOKEN: TOKEN,
          https_proxy: `https://${USER}:${PASS}@127.0.0.1:${target.port}`,
        },
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(feature);
      expect(target.connects).toEqual([{ target: 'flagctl-target.test:443', authorization: AUTH }]);
    } finally {
      await target.close();
      https.closeAllConnections();
      await new Promise((resolve) => https.close(resolve));
    }
  });

  it("refuses the proxy's certificate without its CA: exit 1, one line naming the proxy, no secret", async () => {
    const r = await runCli(['feature', 'get', 'f', '--retries', '0'], {
      env: { FLAGCTL_URL: 'http://flagctl-proxied.test', FLAGCTL_TOKEN: TOKEN, HTTP_PROXY: proxyUrl() },
    });
    expectNoSecret(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^flagctl: .*certificate.* via proxy 127\\.0\\.0\\.1:${proxy.port}\\)\\n$`, 'i'),
    );
    expect(proxy.connects).toEqual([]);
  });

  it('without a port it is port 443, and an explicit :443 stays 443', async () => {
    for (const url of [`https://${USER}:${PASS}@127.0.0.1`, `https://${USER}:${PASS}@127.0.0.1:443`]) {
      const r = await runCli(['feature', 'get', 'f', '--retries', '0'], {
        env: { FLAGCTL_URL: 'http://flagctl-proxied.test', FLAGCTL_TOKEN: TOKEN, HTTP_PROXY: url },
      });
      expectNoSecret(r);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/ via proxy 127\.0\.0\.1:443\)\n$/);
    }
  });
});

describe('proxy variables that cannot be used: exit 2, the variable named, nothing sent, no password', () => {
  const https = 'https://flagctl-target.test';
  const http = 'http://flagctl-target.test';
  it.each([
    [
      'HTTPS_PROXY',
      https,
      `socks5://${USER}:${PASS}@127.0.0.1:1080`,
      'HTTPS_PROXY: socks5:// proxies are not supported',
    ],
    [
      'https_proxy',
      https,
      `socks5h://${USER}:${PASS}@127.0.0.1:1080`,
      'https_proxy: socks5h:// proxies are not supported',
    ],
    ['HTTP_PROXY', http, `SOCKS4://127.0.0.1:1080`, 'HTTP_PROXY: socks4:// proxies are not supported'],
    ['HTTP_PROXY', http, `ftp://${USER}:${PASS}@127.0.0.1`, 'HTTP_PROXY: ftp:// proxies are not supported'],
    [
      'HTTPS_PROXY',
      https,
      `http://${USER}:${PASS}%ZZ@127.0.0.1:3128`,
      'HTTPS_PROXY: the proxy user or password has an invalid % escape',
    ],
    [
      'http_proxy',
      http,
      `http://${USER}%:${PASS}@127.0.0.1:3128`,
      'http_proxy: the proxy user or password has an invalid % escape',
    ],
    ['HTTPS_PROXY', https, `http://${USER}:${PASS}@[127.0.0.1:3128`, 'HTTPS_PROXY: not a valid proxy URL'],
    ['HTTPS_PROXY', https, `http://${USER}:${PASS}@127.0.0.1:99999`, 'HTTPS_PROXY: not a valid proxy URL'],
  ])('%s for %s = %s', async (variable, url, value, message) => {
    const r = await runCli(['feature', 'get', 'f'], {
      env: { FLAGCTL_URL: url, FLAGCTL_TOKEN: TOKEN, [variable]: value },
    });
    expectNoSecret(r);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('flagctl: '))).toEqual([
      expect.stringContaining(`flagctl: ${message}`),
    ]);
    expect(r.stderr).not.toMatch(/unexpected error|URIError|^\s+at /m);
    expect(r.stdout).toBe('');
    expect(proxy.connects).toEqual([]);
  });

  it('a SOCKS proxy in HTTP_PROXY does not stop an https server, and NO_PROXY skips a bad one (as curl)', async () => {
    server.json(PATH, feature);
    const direct = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN };
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], {
      env: { ...direct, HTTP_PROXY: 'socks5://x:1', NO_PROXY: '127.0.0.0/8' },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
