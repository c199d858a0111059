import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface Route {
  method?: string;
  /** Exact pathname (already percent-encoded, as sent on the wire). */
  path: string;
  handler: Handler;
}

/**
 * A strict HTTP fixture on 127.0.0.1: answers only the routes it is given; any other request
 * is answered 599 and recorded, and `unexpected` lets the test fail on it.
 */
export class FixtureServer {
  readonly requests: SeenRequest[] = [];
  readonly unexpected: SeenRequest[] = [];
  /** Requests received and not yet answered in full (for a SkippingClock's `busy`). */
  inFlight = 0;
  /** Called on each request as it arrives, already counted in `inFlight`. */
  onRequest?: () => void;
  private server?: Server;
  private routes: Route[] = [];
  /** Answers held back until their gate opens, by method and path. */
  private holds = new Map<string, Promise<void>>();
  /** Connections open now, and who waits for there to be none (settled()). */
  private readonly sockets = new Set<Socket>();
  private waiters: (() => void)[] = [];

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  route(path: string, handler: Handler, method = 'GET'): this {
    this.routes.push({ path, handler, method });
    return this;
  }

  /** Holds the answers of a route until `gate` resolves (the request is received and counted at once). */
  hold(path: string, gate: Promise<void>, method = 'GET'): this {
    this.holds.set(`${method} ${path}`, gate);
    return this;
  }

  json(path: string, body: unknown, status = 200): this {
    return this.route(path, (_req, res) => sendJson(res, status, body));
  }

  reset(): void {
    this.routes = [];
    this.holds.clear();
    this.requests.length = 0;
    this.unexpected.length = 0;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
      this.requests.push(seen);
      this.inFlight++;
      this.onRequest?.();
      let done = false;
      const finish = () => {
        if (!done) this.inFlight--;
        done = true;
      };
      res.once('finish', finish).once('close', finish);
      const route = this.routes.find((r) => r.path === url.pathname && (r.method ?? 'GET') === req.method);
      if (!route) {
        this.unexpected.push(seen);
        res.writeHead(599).end();
        return;
      }
      const gate = this.holds.get(`${req.method} ${url.pathname}`);
      if (gate) void gate.then(() => route.handler(req, res, url));
      else route.handler(req, res, url);
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => {
        this.sockets.delete(socket);
        if (this.sockets.size === 0) for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /**
   * Resolves once every connection is closed, so that each request a test's client sent has
   * been read (and recorded) before the next test starts. main() closes its connections before
   * it returns; one still open after `capMs` (a client that keeps its sockets, such as a test's
   * own) is left alone rather than hanging the test.
   */
  async settled(capMs = 2000): Promise<void> {
    const until = Date.now() + capMs;
    do {
      if (this.sockets.size > 0) {
        await new Promise<void>((resolve) => {
          const cap = setTimeout(resolve, Math.max(0, until - Date.now()));
          this.waiters.push(() => {
            clearTimeout(cap);
            resolve();
          });
        });
      }
      // A connection accepted on this turn is seen on the next.
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.sockets.size > 0 && Date.now() < until);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * A FixtureServer for the current test file: started before its tests, stopped after them,
 * and every test fails on a request it did not expect.
 */
export function useFixtureServer(): FixtureServer {
  const server = new FixtureServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  afterEach(async () => {
    await server.settled();
    const unexpected = [...server.unexpected];
    server.reset();
    expect(unexpected).toEqual([]);
  });
  return server;
}
