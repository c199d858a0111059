import { createServer as createHttpsServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SkippingClock } from '../support/clock.js';
import { FixtureServer, sendJson } from '../support/fixture-server.js';
import { runCli, type RunResult } from '../support/io.js';

// The fault-injection suite: a local server on 127.0.0.1 misbehaves in each way a network or
// server can, and each case checks exit code, message, clean stdout, retry count and the token.

const TOKEN = '*:*.faultsuitesecret0123456789abcdef';
const PATH = '/api/admin/projects/default/features/f';
const feature = { name: 'f', type: 'release', project: 'default', environments: [] };
const server = new FixtureServer();
const elsewhere = new FixtureServer();

beforeAll(async () => {
  await server.start();
  await elsewhere.start();
});
afterAll(async () => {
  await server.stop();
  await elsewhere.stop();
});
afterEach(() => {
  const unexpected = [...server.unexpected, ...elsewhere.unexpected];
  server.reset();
  elsewhere.reset();
  expect(unexpected).toEqual([]);
});

const env = (extra: Record<string, string> = {}) => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...extra });
function expectNoToken(r: RunResult): void {
  expect(r.stdout + r.stderr).not.toContain(TOKEN.slice(4));
}

/** Every case of this suite also checks that the token's secret appears nowhere in the output. */
async function run(argv: string[], opts: Parameters<typeof runCli>[1]): Promise<RunResult> {
  const r = await runCli(argv, { clock: clockFor(), ...opts });
  expectNoToken(r);
  return r;
}

/** A whole second, so that an HTTP date (whole seconds) is an exact distance from it. */
const START = Date.UTC(2026, 0, 1);

/**
 * No real waiting: the clock stands still while the server is answering (or, for a stall,
 * until the handler has gone silent), and otherwise jumps over the next wait: a retry's pause,
 * or for a stall the timeout.
 */
const clockFor = (stalled?: () => boolean) =>
  new SkippingClock(() => (stalled ? !stalled() : server.inFlight > 0), { start: START, turns: 20 });

/** With `stalled`, the network timeouts run on the skipping clock too; otherwise on real timers, which never come into play. */
const get = (args: string[] = [], extra: Record<string, string> = {}, stalled?: () => boolean) => {
  const clock = clockFor(stalled);
  return run(['feature', 'get', 'f', '-o', 'json', '--debug', ...args], {
    env: env(extra),
    clock,
    timeouts: stalled && clock,
  });
};

/** Answers with each handler in turn; the last one repeats. */
function sequence(...handlers: Parameters<FixtureServer['route']>[1][]): Parameters<FixtureServer['route']>[1] {
  let n = 0;
  return (req, res, url) => handlers[Math.min(n++, handlers.length - 1)]!(req, res, url);
}

describe('connection faults', () => {
  it('refused connection: exit 1, a clear message, nothing on stdout', async () => {
    const r = await run(['feature', 'get', 'f'], { env: { FLAGCTL_URL: 'http://127.0.0.1:9', FLAGCTL_TOKEN: TOKEN } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: connection refused: is the server running at that URL? (GET http://127.0.0.1:9/api/admin/projects/default/features/f?variantEnvironments=true)\n',
    );
    expect(r.stdout).toBe('');
    expectNoToken(r);
  });

  it('reset mid-body, then success: retried once, exit 0', async () => {
    server.route(
      PATH,
      sequence(
        (_q, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"name":"f",');
          setTimeout(() => res.socket?.destroy(), 20);
        },
        (_q, res) => sendJson(res, 200, feature),
      ),
    );
    const r = await get();
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(r.stderr).toMatch(/retrying after the connection was reset by the server/);
    expectNoToken(r);
  });

  it('reset every time: 3 attempts by default, then exit 1', async () => {
    server.route(PATH, (_q, res) => res.socket?.destroy());
    const r = await get();
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(r.stderr).toMatch(/flagctl: the connection was reset by the server/);
    expect(r.stdout).toBe('');
  });

  it('--retries 0 makes one attempt', async () => {
    server.route(PATH, (_q, res) => res.socket?.destroy());
    const r = await get(['--retries', '0']);
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('stall before headers: the headers timeout fires and says so', async () => {
    let stalled = false;
    server.route(PATH, () => void (stalled = true));
    const r = await get(['--timeout', '0.3'], {}, () => stalled);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('flagctl: timeout: the server sent no response headers within 0.3s');
    expect(server.requests).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('stall mid-body: the between-bytes timeout fires and says so', async () => {
    let stalled = false;
    server.route(PATH, (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"name":', () => (stalled = true));
    });
    const r = await get(['--timeout', '0.3'], {}, () => stalled);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('flagctl: timeout: the server stopped sending the body for 0.3s');
    expect(r.stdout).toBe('');
  });
});

describe('status faults', () => {
  it('429 with Retry-After seconds, then 200: waits and succeeds', async () => {
    server.route(
      PATH,
      sequence(
        (_q, res) => res.writeHead(429, { 'retry-after': '1' }).end(),
        (_q, res) => sendJson(res, 200, feature),
      ),
    );
    const r = await get();
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(r.stderr).toContain('retrying after HTTP 429 in 1000 ms');
  });

  it('429 with Retry-After as an HTTP date is honoured', async () => {
    const at = new Date(START + 2000).toUTCString();
    server.route(
      PATH,
      sequence(
        (_q, res) => res.writeHead(429, { 'retry-after': at }).end(),
        (_q, res) => sendJson(res, 200, feature),
      ),
    );
    const r = await get();
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(r.stderr).toContain('retrying after HTTP 429 in 2000 ms');
  });

  it('a Retry-After beyond the overall deadline gives up at once: exit 1', async () => {
    server.route(PATH, (_q, res) =>
      res.writeHead(429, { 'retry-after': '3600', 'content-type': 'text/plain' }).end('slow down'),
    );
    const r = await get(['--timeout', '1']);
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(r.stderr).toContain('flagctl: request rejected (HTTP 429)');
  });

  it('503 then 200: retried, exit 0', async () => {
    server.route(
      PATH,
      sequence(
        (_q, res) => res.writeHead(503).end(),
        (_q, res) => sendJson(res, 200, feature),
      ),
    );
    const r = await get();
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('a 502 HTML page from a proxy: 3 attempts, one clear line, exit 1, HTML not dumped', async () => {
    server.route(PATH, (_q, res) =>
      res
        .writeHead(502, { 'content-type': 'text/html' })
        .end('<html><body><h1>502 Bad Gateway</h1>nginx</body></html>'),
    );
    const r = await run(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(r.stderr).toBe('flagctl: server error (HTTP 502)\n');
    expect(r.stdout).toBe('');
  });

  it.each([400, 401, 403, 404, 409])('a %i is never retried', async (status) => {
    server.route(PATH, (_q, res) => sendJson(res, status, { name: 'X', message: 'no' }));
    // A 404 of feature get is followed by one look in the archive (issue 35), a request of its own.
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await get();
    expect(server.requests.filter((q) => q.url.startsWith(PATH))).toHaveLength(1);
    expect(r.code).toBe(status === 401 || status === 403 ? 4 : status === 404 ? 5 : 1);
  });

  it('an error body without name still gives one clear line', async () => {
    server.route(PATH, (_q, res) => sendJson(res, 400, { error: 'bad things' }));
    const r = await run(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('flagctl: request rejected (HTTP 400): bad things\n');
  });
});

describe('body faults', () => {
  it('truncated JSON: exit 1, nothing on stdout', async () => {
    server.route(PATH, (_q, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"f","environments":['),
    );
    const r = await run(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "flagctl: the server's answer (HTTP 200, application/json) is not valid JSON; it may be truncated\n",
    );
    expect(r.stdout).toBe('');
  });

  it('wrong content type: exit 1 naming it', async () => {
    server.route(PATH, (_q, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(feature)));
    const r = await run(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 200 with text/plain, not JSON');
    expect(r.stdout).toBe('');
  });

  it('schema mismatch: exit 1 naming the field', async () => {
    server.json(PATH, { name: 42, environments: 'yes' });
    const r = await run(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^flagctl: the server's answer \(HTTP 200\) is not the expected shape at name: /);
    expect(r.stdout).toBe('');
  });

  const big = JSON.stringify({ ...feature, description: 'x'.repeat(20 * 1024 * 1024) });
  it('a 20 MB body is read under the default cap', async () => {
    server.route(PATH, (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    const r = await run(['feature', 'get', 'f', '-o', 'ndjson'], { env: env() });
    expect(r.code).toBe(0);
  });

  it('a 20 MB body over a 10 MiB cap is refused: exit 1', async () => {
    server.route(PATH, (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    const r = await run(['feature', 'get', 'f', '--max-response-mb', '10'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('flagctl: the response (HTTP 200) is larger than 10 MiB; refusing to read more\n');
    expect(r.stdout).toBe('');
  });
});

describe('redirects', () => {
  it('to another origin: not followed, the token never reaches it', async () => {
    server.route(PATH, (_q, res) => res.writeHead(302, { location: `${elsewhere.url}${PATH}` }).end());
    const r = await get();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `flagctl: the server redirected to another origin (${elsewhere.url}); flagctl does not send the token there`,
    );
    expect(elsewhere.requests).toEqual([]);
    expectNoToken(r);
  });

  it('within the same origin: followed', async () => {
    server.route(PATH, (_q, res) => res.writeHead(301, { location: '/moved' }).end());
    server.route('/moved', (req, res) => sendJson(res, req.headers.authorization === TOKEN ? 200 : 401, feature));
    const r = await get();
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual([`${PATH}?variantEnvironments=true`, '/moved']);
  });
});

/** A CONNECT proxy on loopback that tunnels every target to one local port. */
async function connectProxy(port: number) {
  const tunnels: string[] = [];
  const proxy = createHttpServer();
  proxy.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  };
  return { tunnels, proxyUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close };
}

/** An https fixture with a fresh self-signed certificate for 127.0.0.1. */
async function withTlsServer(use: (port: number, caFile: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'flagctl-ca-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const tls = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => sendJson(res, 200, feature),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      await use((tls.address() as AddressInfo).port, join(dir, 'cert.pem'));
    } finally {
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('proxy and certificates', () => {
  it('HTTP_PROXY is used (a CONNECT tunnel), and NO_PROXY bypasses it', async () => {
    const { tunnels, proxyUrl, close } = await connectProxy(Number(new URL(server.url).port));
    try {
      server.json(PATH, feature);
      const viaProxy = await run(['feature', 'get', 'f', '-o', 'json'], {
        env: { FLAGCTL_URL: 'http://flagctl-proxied.test:8080', FLAGCTL_TOKEN: TOKEN, HTTP_PROXY: proxyUrl },
      });
      expect(viaProxy.code).toBe(0);
      expect(tunnels).toEqual(['flagctl-proxied.test:8080']);
      expect(server.requests[0]!.headers.host).toBe('flagctl-proxied.test:8080');

      const direct = await run(['feature', 'get', 'f', '-o', 'json'], {
        env: { ...env(), HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' },
      });
      expect(direct.code).toBe(0);
      expect(tunnels).toHaveLength(1);
      expect(server.requests).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it('a proxy that refuses the tunnel gives one clear line, exit 1', async () => {
    const proxy = createHttpServer();
    // 407 and every way of closing early are in proxy-faults.test.ts.
    proxy.on('connect', (_req: IncomingMessage, client: Socket) => client.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (proxy.address() as AddressInfo).port;
      const r = await run(['feature', 'get', 'f'], {
        env: {
          FLAGCTL_URL: 'http://flagctl-proxied.test',
          FLAGCTL_TOKEN: TOKEN,
          HTTP_PROXY: `http://127.0.0.1:${port}`,
        },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `flagctl: the proxy refused the tunnel (HTTP 403) (GET http://flagctl-proxied.test/api/admin/projects/default/features/f?variantEnvironments=true via proxy 127.0.0.1:${port})\n`,
      );
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('HTTPS_PROXY tunnels https, with TLS end to end and the private CA from --ca-file', async () => {
    await withTlsServer(async (port, caFile) => {
      const { tunnels, proxyUrl, close } = await connectProxy(port);
      try {
        const r = await run(['feature', 'get', 'f', '-o', 'json', '--ca-file', caFile], {
          env: { FLAGCTL_URL: `https://127.0.0.1:${port}`, FLAGCTL_TOKEN: TOKEN, HTTPS_PROXY: proxyUrl },
        });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expect(JSON.parse(r.stdout)).toEqual(feature);
        expect(tunnels).toEqual([`127.0.0.1:${port}`]);
      } finally {
        await close();
      }
    });
  });

  it('--ca-file trusts a private CA for https; without it the certificate is refused', async () => {
    await withTlsServer(async (port, caFile) => {
      const url = `https://127.0.0.1:${port}`;
      const refused = await run(['feature', 'get', 'f', '--retries', '0'], {
        env: { FLAGCTL_URL: url, FLAGCTL_TOKEN: TOKEN },
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/self[- ]signed certificate/i);
      const trusted = await run(['feature', 'get', 'f', '-o', 'json', '--ca-file', caFile], {
        env: { FLAGCTL_URL: url, FLAGCTL_TOKEN: TOKEN },
      });
      expect(trusted.code).toBe(0);
      expect(JSON.parse(trusted.stdout)).toEqual(feature);
    });
  });

  it('a missing --ca-file is a usage error', async () => {
    const r = await run(['feature', 'get', 'f', '--ca-file', '/nonexistent/ca.pem'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--ca-file "/nonexistent/ca.pem": cannot read it (ENOENT)');
  });
});

describe('long server messages', () => {
  it('are cut to one readable line, and --debug shows them whole', async () => {
    const sql = `select ${'"features"."name", '.repeat(100)}from features where ...`;
    server.route(PATH, (_q, res) => sendJson(res, 500, { name: 'UnknownError', message: sql }));
    const r = await run(['feature', 'get', 'f', '--retries', '0'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]!.length).toBeLessThan(500);
    expect(r.stderr).toMatch(/… \(\d+ more characters; --debug shows all\)\n$/);
    server.route(PATH, (_q, res) => sendJson(res, 500, { name: 'UnknownError', message: sql }));
    const d = await get(['--retries', '0']);
    expect(d.stderr).toContain(sql);
  });
});
