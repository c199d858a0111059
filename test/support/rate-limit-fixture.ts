import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../../src/io.js';
import type { Handler } from './fixture-server.js';

// A rate limit that behaves like express-rate-limit 8 as Unleash 8 configures it
// (standardHeaders: true, i.e. the draft-6 headers; the default memory store): one fixed
// window per client address, started by its first request; every answer carries
// RateLimit-Policy, -Limit, -Remaining and -Reset (whole seconds, rounded up); a request over
// the limit gets 429 with a text/html body and Retry-After. Tests use a window of seconds, on
// the clock they give flagctl (a SkippingClock: no real waiting), so both agree on the time.

export interface LimitEvent {
  at: number;
  status: number;
  url: string;
}

export class RateLimitWindow {
  private hits = 0;
  private resetAt = 0;
  private open = 0;
  /** Every request the limit saw, allowed or refused. */
  readonly events: LimitEvent[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Pick<Clock, 'now'> = { now: () => Date.now() },
  ) {}

  /** Requests received and not yet answered in full. */
  get inFlight(): number {
    return this.open;
  }

  get refused(): LimitEvent[] {
    return this.events.filter((e) => e.status === 429);
  }

  /** Wraps a route: counts the request, sets the headers, and answers 429 itself when over the limit. */
  wrap(handler: Handler): Handler {
    return (req: IncomingMessage, res: ServerResponse, url: URL) => {
      const now = this.clock.now();
      this.open++;
      res.once('close', () => this.open--);
      if (this.resetAt <= now) {
        this.hits = 0;
        this.resetAt = now + this.windowMs;
      }
      this.hits++;
      const reset = Math.max(0, Math.ceil((this.resetAt - now) / 1000));
      res.setHeader('RateLimit-Policy', `${this.limit};w=${Math.ceil(this.windowMs / 1000)}`);
      res.setHeader('RateLimit-Limit', String(this.limit));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, this.limit - this.hits)));
      res.setHeader('RateLimit-Reset', String(reset));
      const allowed = this.hits <= this.limit;
      this.events.push({ at: now, status: allowed ? 200 : 429, url: req.url ?? '' });
      if (!allowed) {
        res.writeHead(429, { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(reset) });
        res.end('Too many requests, please try again later.');
        return;
      }
      handler(req, res, url);
    };
  }
}
