import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import { realClock, type Clock } from '../../io.js';
import { proxyFor, proxyLabel, tunnelConnector, type ProxySettings } from './proxy.js';

// flagctl's one HTTP layer, on node:http. It replaced undici, whose import and first request
// cost more start-up than the rest of the CLI together (see README, Performance).

export interface TransportOptions {
  /** Connect, wait for headers, and silence between body bytes: each bounded by this. */
  timeoutMs: number;
  /** Extra CA certificates (PEM) trusted besides the system's. */
  ca?: string;
  proxy?: ProxySettings;
  /** Keep-alive connections per origin, for concurrent pages. */
  maxSockets?: number;
  /** Where the timeouts' timers come from (the IO's clock; tests move it by hand). */
  clock?: Clock;
}

export interface RawResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

const timeoutError = (code: string) => Object.assign(new Error(code), { code });
export const closedError = () =>
  Object.assign(new Error('the HTTP client was closed: the command has ended'), { code: 'FLAGCTL_CLIENT_CLOSED' });

// The network modules load on the first request, not at start-up (`--version` needs none),
// and https, tls and net only when an https URL or a proxy needs them.
const load = {
  http: () => import('node:http'),
  https: () => import('node:https'),
  tls: () => import('node:tls'),
  net: () => import('node:net'),
};
interface Modules {
  http: Awaited<ReturnType<typeof load.http>>;
  https?: Awaited<ReturnType<typeof load.https>>;
  tls?: Awaited<ReturnType<typeof load.tls>>;
  net?: Awaited<ReturnType<typeof load.net>>;
}

export class Transport {
  private readonly agents = new Map<string, Agent>();
  /** Requests sent and not yet closed: destroy() ends them and waits for them. */
  private readonly active = new Set<ClientRequest>();
  private isClosed = false;

  constructor(private readonly options: TransportOptions) {}

  /** A GET, or with `body` a POST of that JSON text (only the client's POST-for-read uses it). */
  async get(url: URL, headers: Record<string, string>, body?: string): Promise<RawResponse> {
    const secure = url.protocol === 'https:';
    const proxied = proxyFor(url, this.options.proxy) !== undefined;
    const [http, https, tls, net] = await Promise.all([
      load.http(),
      secure ? load.https() : undefined,
      secure || proxied ? load.tls() : undefined,
      proxied ? load.net() : undefined,
    ]);
    // Closed while the modules loaded: a page read ahead, a retry after its pause. Nothing more is sent.
    if (this.isClosed) throw closedError();
    const mods: Modules = { http, https, tls, net };
    const { timeoutMs } = this.options;
    const clock = this.options.clock ?? realClock;
    const send = https ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const sent =
        body === undefined
          ? { method: 'GET', headers }
          : {
              method: 'POST',
              headers: {
                ...headers,
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
              },
            };
      const req = send(url, { ...sent, agent: this.agentFor(url, mods) });
      this.active.add(req);
      req.once('close', () => this.active.delete(req));
      let headersTimer: unknown;
      const startHeadersTimer = () => {
        headersTimer = clock.setTimeout(() => req.destroy(timeoutError('FLAGCTL_HEADERS_TIMEOUT')), timeoutMs);
      };
      req.on('socket', (socket) => {
        if (!socket.connecting) return startHeadersTimer();
        const connectTimer = clock.setTimeout(() => req.destroy(timeoutError('FLAGCTL_CONNECT_TIMEOUT')), timeoutMs);
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
          clock.clearTimeout(connectTimer);
          startHeadersTimer();
        });
        socket.once('close', () => clock.clearTimeout(connectTimer));
      });
      req.on('response', (res) => {
        clock.clearTimeout(headersTimer);
        // Silence between body bytes: each byte from the socket starts the wait again; it ends
        // with the body, so a kept-alive socket is not timed.
        const idle = () => res.destroy(timeoutError('FLAGCTL_BODY_TIMEOUT'));
        let bodyTimer = clock.setTimeout(idle, timeoutMs);
        const socket = res.socket;
        const touch = () => {
          clock.clearTimeout(bodyTimer);
          bodyTimer = clock.setTimeout(idle, timeoutMs);
        };
        const stop = () => {
          clock.clearTimeout(bodyTimer);
          socket?.off('data', touch);
        };
        socket?.on('data', touch);
        res.once('end', stop);
        res.once('close', stop);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
      });
      req.on('error', (err) => {
        clock.clearTimeout(headersTimer);
        reject(err);
      });
      req.end(body);
    });
  }

  /** host:port of the proxy this URL goes through (never its credentials), if any. */
  proxyLabel(url: string): string | undefined {
    const proxy = proxyFor(new URL(url), this.options.proxy);
    return proxy && proxyLabel(proxy);
  }

  private agentFor(url: URL, mods: Modules): Agent {
    const proxy = proxyFor(url, this.options.proxy);
    const secure = url.protocol === 'https:';
    const key = `${url.protocol}${proxy ? ` via ${proxy.variable}` : ''}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const tls = this.options.ca && mods.tls ? { ca: [...mods.tls.rootCertificates, this.options.ca] } : {};
      const options = { keepAlive: true, maxSockets: this.options.maxSockets ?? 8, ...tls };
      agent = secure && mods.https ? new mods.https.Agent(options) : new mods.http.Agent(options);
      if (proxy && mods.net && mods.tls) {
        const sockets = { netConnect: mods.net.connect, tlsConnect: mods.tls.connect };
        Object.assign(agent, {
          createConnection: tunnelConnector(
            sockets,
            proxy,
            secure,
            { ms: this.options.timeoutMs, clock: this.options.clock ?? realClock },
            tls,
          ),
        });
      }
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** True once destroy() was called: every later request fails without being sent. */
  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * Closes every connection at once (the command is done with them), ends the requests still
   * in flight, and resolves when they are over, so nothing of the run outlives it.
   */
  async destroy(): Promise<void> {
    this.isClosed = true;
    const ending = [...this.active].map(
      (req) =>
        new Promise<void>((resolve) => {
          req.once('close', () => resolve());
          req.destroy(closedError());
        }),
    );
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
    await Promise.all(ending);
  }
}
