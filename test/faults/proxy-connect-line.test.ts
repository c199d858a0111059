import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/io.js';

// The CONNECT request flagctl writes to an HTTP proxy, recorded by a proxy on 127.0.0.1 that
// refuses every tunnel: an IPv6 target need not be reachable. RFC 9110 writes an IPv6 host in
// brackets in the request target and in Host: `CONNECT ::1:4242` is not a host and a port.

const heads: string[] = [];
let proxy: Server;
beforeAll(async () => {
  proxy = createServer((c) => {
    let head = '';
    c.on('data', (d) => {
      head += d.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      heads.push(head.slice(0, head.indexOf('\r\n\r\n')));
      c.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
    });
    c.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

describe('CONNECT to an IPv6 server', () => {
  it.each([
    ['http://[::1]:4242', '[::1]:4242'],
    ['https://[2001:db8::7]', '[2001:db8::7]:443'],
    ['http://unleash.internal:4242', 'unleash.internal:4242'],
  ])('%s: the request line and Host carry %s', async (url, authority) => {
    heads.length = 0;
    const r = await runCli(['feature', 'get', 'f', '--retries', '0'], {
      env: {
        FLAGCTL_URL: url,
        FLAGCTL_TOKEN: '*:*.connectlinesecret0123456789',
        HTTP_PROXY: proxyUrl(),
        HTTPS_PROXY: proxyUrl(),
      },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the proxy refused the tunnel (HTTP 502)');
    expect(heads.map((h) => h.split('\r\n').slice(0, 2))).toEqual([
      [`CONNECT ${authority} HTTP/1.1`, `host: ${authority}`],
    ]);
  });
});
