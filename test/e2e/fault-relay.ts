import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A relay on 127.0.0.1 between flagctl and a real server that injects the faults a proxy or a
// network gives a write: an answer in place of the server's after forwarding (a 504), a
// connection reset after forwarding, an answer held past flagctl's --timeout, a request held
// before it is forwarded (the server acts late), or an answer without forwarding at all.

export interface Seen {
  method: string;
  path: string;
  body: string;
  authorization: string;
  /** How many requests with this method and path came before this one. */
  n: number;
}

export type Fault =
  | { kind: 'after'; status: number; body?: string }
  | { kind: 'reset-after' }
  | { kind: 'hold-answer'; ms: number }
  | { kind: 'hold-request'; ms: number }
  | { kind: 'instead'; status: number; body: string }
  | { kind: 'before'; run: () => Promise<void> };

export class FaultRelay {
  readonly seen: Seen[] = [];
  /** Off: every request is forwarded as it is (a re-run through the same URL). */
  enabled = true;
  private server?: Server;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly target: string,
    private readonly fault: (req: Seen) => Fault | undefined = () => undefined,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const key = `${req.method} ${req.url?.split('?')[0]}`;
    const n = this.counts.get(key) ?? 0;
    this.counts.set(key, n + 1);
    const seen: Seen = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      body: Buffer.concat(chunks).toString('utf8'),
      authorization: String(req.headers.authorization ?? ''),
      n,
    };
    this.seen.push(seen);
    const fault = this.enabled ? this.fault(seen) : undefined;
    if (fault?.kind === 'instead')
      return void res.writeHead(fault.status, { 'content-type': 'application/json' }).end(fault.body);
    if (fault?.kind === 'before') await fault.run();
    if (fault?.kind === 'hold-request') await sleep(fault.ms);
    const answer = await fetch(new URL(seen.path, this.target), {
      method: seen.method,
      headers: {
        accept: 'application/json',
        authorization: seen.authorization,
        ...(seen.body ? { 'content-type': 'application/json' } : {}),
      },
      body: seen.body || undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (fault?.kind === 'after')
      return void res
        .writeHead(fault.status, { 'content-type': 'text/html' })
        .end(fault.body ?? `<html><body><h1>${fault.status} Gateway Time-out</h1></body></html>`);
    if (fault?.kind === 'reset-after') return void res.socket?.destroy();
    if (fault?.kind === 'hold-answer') await sleep(fault.ms);
    if (res.destroyed || res.socket?.destroyed) return;
    res
      .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      .end(body);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
