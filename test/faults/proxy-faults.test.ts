import { afterAll, describe, expect, it } from 'vitest';
import { SkippingClock } from '../support/clock.js';
import { runCli } from '../support/io.js';
import { certificate, faultServer, tlsFront, type Fault, type Listening } from './fault-servers.js';

// Every way a connection can end before an answer, through a proxy and direct, for an http
// and an https target and for each class of command: exit 1, one line naming what ended the
// connection (and the proxy, without its credentials), nothing on stdout, no secret anywhere.
// Nothing here may end as exit 0: that was issue 16 (a tunnel callback never called).

const TOKEN = '*:*.proxyfaultsecret0123456789abcdef';
const PROXY_USER = 'flagctl-user';
const PROXY_PASS = 'proxy-pass-s3cret';
const TARGET = 'flagctl-target.test';
const cert = certificate(TARGET);
afterAll(() => cert.remove());

const CLOSED = 'the proxy closed the connection without answering CONNECT';
const PARTIAL = 'the proxy closed the connection partway through its answer to CONNECT';
const THROUGH = 'the connection through the proxy was closed before the server answered';
const RESET = 'the connection was reset by the server';
const NO_HEADERS = 'timeout: the server sent no response headers within 1s';

/** Stalls wait this out; every other case has ample time, so a loaded machine cannot turn a close into a timeout. */
const timeout = (c: Case) => (/timeout/.test(JSON.stringify(c.line)) ? '1' : '10');

/**
 * The clock of one run (no real waiting): it stands still while a connection is open and no
 * fault server has gone silent, and otherwise jumps to its next timer: over a retry's pause
 * once the failed connection is closed, and over the timeout once a server stalls.
 */
const clocksFor = (s: { busy(): boolean }) => {
  const clock = new SkippingClock(s.busy, { turns: 20 });
  return { clock, timeouts: clock };
};

interface Case {
  /** What the proxy does; undefined: no proxy. */
  proxy?: Fault;
  /** What the server does (for https, behind TLS, except 'close-on-accept', which closes before TLS). */
  server?: Fault;
  /** The message, or one per scheme. */
  line: string | { http: string; https: string };
  /** Retried as a reset is (one more connection with --retries 1). */
  retried: boolean;
}

const cases: Record<string, Case> = {
  'proxy closes before any reply': { proxy: 'close-on-accept', line: CLOSED, retried: true },
  'proxy closes after reading CONNECT': { proxy: 'close-after-request', line: CLOSED, retried: true },
  'proxy sends half a status line, then closes': { proxy: 'partial-status', line: PARTIAL, retried: true },
  'proxy sends part of its head, then closes': { proxy: 'partial-head', line: PARTIAL, retried: true },
  'proxy half-closes after reading CONNECT': { proxy: 'half-close', line: CLOSED, retried: true },
  'proxy answers 200 established, then closes (before TLS for https)': {
    proxy: 'established-close',
    line: THROUGH,
    retried: true,
  },
  'proxy answers 407': {
    proxy: '407',
    line: 'proxy authentication failed (HTTP 407): check the user and password in the proxy URL',
    retried: false,
  },
  'proxy stalls': { proxy: 'stall', line: 'timeout: the proxy did not answer CONNECT within 1s', retried: false },
  'proxy answers 200 established, then stalls (during TLS for https)': {
    proxy: 'established-stall',
    line: { http: NO_HEADERS, https: 'connect timeout: no connection through the proxy within 1s' },
    retried: false,
  },
  'proxy answers with something that is not HTTP': {
    proxy: 'not-http',
    line: 'the proxy sent an answer to CONNECT that is not HTTP',
    retried: false,
  },
  'tunnel up, the server closes before the response': {
    proxy: 'tunnel',
    server: 'close-after-request',
    line: THROUGH,
    retried: true,
  },
  'tunnel up, the server sends part of its head, then closes': {
    proxy: 'tunnel',
    server: 'partial-head',
    line: THROUGH,
    retried: true,
  },
  'tunnel up, the server half-closes': { proxy: 'tunnel', server: 'half-close', line: THROUGH, retried: true },
  'tunnel up, the server stalls': { proxy: 'tunnel', server: 'stall', line: NO_HEADERS, retried: false },
  'direct: the server closes at once (https: before TLS)': { server: 'close-on-accept', line: RESET, retried: true },
  'direct: the server closes after reading the request': { server: 'close-after-request', line: RESET, retried: true },
  'direct: the server sends half a status line, then closes': { server: 'partial-status', line: RESET, retried: true },
  'direct: the server sends part of its head, then closes': { server: 'partial-head', line: RESET, retried: true },
  'direct: the server half-closes': { server: 'half-close', line: RESET, retried: true },
  'direct: the server stalls': { server: 'stall', line: NO_HEADERS, retried: false },
};

const commands: Record<string, string[]> = {
  'feature get': ['feature', 'get', 'f', '-o', 'json'],
  'features search --all': ['features', 'search', '--all', '-o', 'ndjson'],
  'features stale': ['features', 'stale'],
  'project overview': ['project', 'overview', 'default', '-o', 'json'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The servers of one case; `faulty` is the one whose connections show retries. */
async function setUp(c: Case, scheme: 'http' | 'https', proxyScheme: 'http' | 'https' = 'http') {
  const servers: Listening[] = [];
  const up = async (s: Promise<Listening>) => (servers.push(await s), servers.at(-1)!);
  let server: Listening | undefined;
  if (c.server) {
    const raw = await up(faultServer(c.server));
    server = scheme === 'https' && c.server !== 'close-on-accept' ? await up(tlsFront(cert, raw.port)) : raw;
  }
  const raw = c.proxy ? await up(faultServer(c.proxy, server?.port)) : undefined;
  // An https:// proxy: the same proxy behind TLS (issue 21 item 2).
  const proxy = raw && proxyScheme === 'https' ? await up(tlsFront(cert, raw.port)) : raw;
  const host = proxy ? TARGET : '127.0.0.1';
  const url = `${scheme}://${host}:${server?.port ?? 9}`;
  const proxyUrl = proxy && `${proxyScheme}://${PROXY_USER}:${PROXY_PASS}@127.0.0.1:${proxy.port}`;
  const env = {
    FLAGCTL_URL: url,
    FLAGCTL_TOKEN: TOKEN,
    ...(proxyUrl && { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl }),
  };
  const via = proxy ? ` via proxy 127.0.0.1:${proxy.port}` : '';
  const message = typeof c.line === 'string' ? c.line : c.line[scheme];
  const line = new RegExp(`^flagctl: ${escape(message)} \\(GET ${escape(url)}/api/admin/\\S+${escape(via)}\\)\\n$`);
  const faulty = proxy && c.proxy !== 'tunnel' ? proxy : server!;
  const busy = () => !servers.some((s) => s.stalled) && servers.some((s) => s.open > 0);
  return { env, line, faulty, busy, close: () => Promise.all(servers.map((s) => s.close())) };
}

function expectNoSecret(text: string): void {
  for (const secret of [
    TOKEN.slice(4),
    PROXY_USER,
    PROXY_PASS,
    Buffer.from(`${PROXY_USER}:${PROXY_PASS}`).toString('base64'),
  ]) {
    expect(text).not.toContain(secret);
  }
}

describe.concurrent.each(['http', 'https'] as const)('%s target', (scheme) => {
  describe.each(Object.entries(commands))('%s', (_name, argv) => {
    it.each(Object.entries(cases))('%s: exit 1, one line, empty stdout, no secret', async (_case, c) => {
      const s = await setUp(c, scheme);
      try {
        const r = await runCli([...argv, '--retries', '0', '--timeout', timeout(c), '--ca-file', cert.caFile], {
          env: s.env,
          ...clocksFor(s),
        });
        expectNoSecret(r.stdout + r.stderr);
        expect(r.stderr).toMatch(s.line);
        expect(r.stdout).toBe('');
        expect(r.code).toBe(1);
      } finally {
        await s.close();
      }
    });
  });

  it.each(Object.entries(cases))(
    '%s: retried as a reset is, or not at all; --debug shows no secret either',
    async (_case, c) => {
      const s = await setUp(c, scheme);
      try {
        const r = await runCli(
          [...commands['feature get']!, '--retries', '1', '--timeout', timeout(c), '--ca-file', cert.caFile, '--debug'],
          { env: s.env, ...clocksFor(s) },
        );
        expectNoSecret(r.stdout + r.stderr);
        expect(r.stderr.includes('retrying after ')).toBe(c.retried);
        expect(r.code).toBe(1);
        expect(s.faulty.connections).toBe(c.retried ? 2 : 1);
      } finally {
        await s.close();
      }
    },
  );
});

// The same proxy faults through an https:// proxy: TLS to the proxy first, then the same
// CONNECT exchange, so the same messages and the same retries.
const proxyCases = Object.entries(cases).filter(([, c]) => c.proxy);

describe.concurrent.each(['http', 'https'] as const)('%s target through an https:// proxy', (scheme) => {
  it.each(proxyCases)(
    '%s: exit 1, one line, retried as over http, no secret even with --debug',
    async (_case, c) => {
      const s = await setUp(c, scheme, 'https');
      try {
        const r = await runCli(
          [...commands['feature get']!, '--retries', '1', '--timeout', timeout(c), '--ca-file', cert.caFile],
          { env: s.env, ...clocksFor(s) },
        );
        expectNoSecret(r.stdout + r.stderr);
        expect(r.stderr).toMatch(s.line);
        expect(r.stdout).toBe('');
        expect(r.code).toBe(1);
        expect(s.faulty.connections).toBe(c.retried ? 2 : 1);
        const d = await runCli(
          [...commands['feature get']!, '--retries', '0', '--timeout', timeout(c), '--ca-file', cert.caFile, '--debug'],
          { env: s.env, ...clocksFor(s) },
        );
        expectNoSecret(d.stdout + d.stderr);
        expect(d.code).toBe(1);
      } finally {
        await s.close();
      }
    },
    20_000,
  );
});
