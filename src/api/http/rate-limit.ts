import { RequestError } from '../../errors.js';
import { realClock, type Clock } from '../../io.js';
import { parseRetryAfter } from './retry.js';

// Pacing requests to a rate-limited endpoint (Unleash 8 limits search to 15 a minute per
// client address, with express-rate-limit: a fixed window, the IETF draft RateLimit-* headers
// on every answer, Retry-After on a 429). The pacer reads those headers, keeps its own count
// of what the window has left, and holds a request back until the window resets instead of
// sending it into a certain 429. It knows nothing of terminals: waits are reported through
// `onWait`.

/** The overall wait limit when neither --max-wait nor FLAGCTL_MAX_WAIT is given. */
export const DEFAULT_MAX_WAIT_S = 600;

/** Waits are this much longer than the reset the server gave, which is already rounded up. */
const MARGIN_MS = 50;
/** A 429 that gives no time, or zero, is waited at least this long, so a run cannot spin. */
const MIN_REFUSED_WAIT_MS = 1000;
/** Resets of one window differ by less than the server's rounding (1 s); a later one is the next window. */
const NEXT_WINDOW_MS = 1500;

export interface RateLimitWait {
  ms: number;
  /** Requests the window allows, and its length, as the server last said. */
  limit?: number;
  windowS?: number;
  /** The page held back, and how many the run needs (when the total is known). */
  page?: number;
  pages?: number;
  /** The server refused the request (HTTP 429), rather than the pacer holding it back. */
  refused: boolean;
}

export interface PacerOptions {
  /** The most time all waits of the run may add up to; past it the run fails. */
  maxWaitMs?: number;
  /** Told of each wait as it starts; may return a function called when it ends. */
  onWait?: (w: RateLimitWait) => (() => void) | void;
  /** Time and timers: the real ones when absent (tests move a manual clock). */
  clock?: Clock;
}

/** Where a request stands in its run, for the wait messages and the projection. */
export interface PageLabel {
  page?: number;
  pages?: number;
}

/** What ApiClient asks of a paced request: leave to send, and a look at each answer. */
export interface RequestPacing {
  beforeSend(): Promise<void>;
  /** True when the answer was a refusal (429) the pacer will wait out: send it again. */
  afterResponse(status: number, header: (name: string) => string | undefined): boolean;
}

export class RateLimitPacer {
  private limit?: number;
  private windowMs?: number;
  /** Sends the window still allows, as far as we know; undefined while nothing is known. */
  private remaining?: number;
  private resetAt?: number;
  private waiting?: Promise<void>;
  private waitedMs = 0;
  /** Once a wait would pass the limit, every later request fails alike. */
  private failed?: RequestError;
  /** 429 answers seen (the bench reads it; a paced run should see none). */
  refusals = 0;

  private readonly clock: Clock;

  constructor(private readonly options: PacerOptions = {}) {
    this.clock = options.clock ?? realClock;
  }

  /**
   * Whether `n` more requests fit in what the server is known to allow now, without a wait: true
   * while no limit has been seen (a server without one, such as Unleash 6), or once the window
   * has turned over and its whole limit is free again.
   */
  allowsNow(n: number): boolean {
    if (this.failed) return false;
    if (this.remaining === undefined) return true;
    if (this.resetAt !== undefined && this.clock.now() >= this.resetAt)
      return this.limit === undefined || this.limit >= n;
    return this.remaining >= n;
  }

  /** Total time spent waiting so far. */
  get waited(): number {
    return this.waitedMs;
  }

  forRequest(label: PageLabel = {}): RequestPacing {
    let refused = false;
    return {
      beforeSend: async () => {
        await this.acquire(label, refused);
        refused = false;
      },
      afterResponse: (status, header) => {
        refused = this.observe(status, header);
        return refused;
      },
    };
  }

  private async acquire(label: PageLabel, refused: boolean): Promise<void> {
    for (;;) {
      if (this.failed) throw this.failed;
      if (this.waiting) {
        await this.waiting;
        continue;
      }
      const now = this.clock.now();
      if (this.resetAt !== undefined && now >= this.resetAt) {
        // The window has turned over: what it allows is whole again (until an answer says otherwise).
        this.remaining = this.limit;
        this.resetAt = undefined;
      }
      if (this.remaining === undefined || this.remaining > 0) {
        if (this.remaining !== undefined) this.remaining--;
        return;
      }
      const until = this.resetAt ?? now + (this.windowMs ?? 60_000);
      const waiting = this.wait(until - now + MARGIN_MS, label, refused).finally(() => {
        this.waiting = undefined;
      });
      waiting.catch(() => undefined); // a failed wait is this.failed, thrown to every caller
      this.waiting = waiting;
    }
  }

  private async wait(ms: number, label: PageLabel, refused: boolean): Promise<void> {
    const max = this.options.maxWaitMs ?? DEFAULT_MAX_WAIT_S * 1000;
    const projected = ms + this.laterWindowsMs(label);
    if (this.waitedMs + projected > max) throw (this.failed = this.overLimit(projected, max, label));
    const done = this.options.onWait?.({
      ms,
      limit: this.limit,
      windowS: this.windowMs === undefined ? undefined : this.windowMs / 1000,
      page: label.page,
      pages: label.pages,
      refused,
    });
    try {
      await new Promise<void>((resolve) => this.clock.setTimeout(resolve, ms));
    } finally {
      this.waitedMs += ms;
      if (typeof done === 'function') done();
    }
  }

  /** The further full windows the pages after this window's share will need. */
  private laterWindowsMs(label: PageLabel): number {
    if (!label.page || !label.pages || !this.limit || !this.windowMs) return 0;
    const left = label.pages - label.page + 1;
    return Math.max(0, Math.ceil(left / this.limit) - 1) * this.windowMs;
  }

  private overLimit(projectedMs: number, maxMs: number, label: PageLabel): RequestError {
    const allows = this.limit
      ? `the server allows ${describeLimit(this.limit, this.windowMs)}`
      : 'the server limits how often flagctl may search';
    const pages = label.page && label.pages ? ` (page ${label.page} of ${label.pages})` : '';
    const need = Math.max(1, Math.round((this.waitedMs + projectedMs) / 1000));
    const err = new RequestError(
      `${allows}; finishing would mean waiting about ${need} s${pages}, past the wait limit of ${Math.round(maxMs / 1000)} s ` +
        `(--max-wait or FLAGCTL_MAX_WAIT). On Unleash the limit is SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE.`,
      429,
    );
    err.hint =
      'Raise --max-wait, narrow the search, or ask the server admin to raise SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE.';
    return err;
  }

  /** Reads the RateLimit-* headers of an answer; true when it is a refusal to wait out and retry. */
  private observe(status: number, header: (name: string) => string | undefined): boolean {
    const now = this.clock.now();
    const limit = whole(header('ratelimit-limit'));
    const remaining = whole(header('ratelimit-remaining'));
    const reset = whole(header('ratelimit-reset'));
    const window = /(?:^|;)\s*w=(\d+)/.exec(header('ratelimit-policy') ?? '');
    if (limit !== undefined && limit > 0) this.limit = limit;
    if (window) this.windowMs = Number(window[1]) * 1000;
    if (remaining !== undefined && reset !== undefined) {
      // The server rounds the reset up to whole seconds, so every answer's reset is at or after
      // the true one: the earliest seen in a window is the best. Our own count already takes the
      // requests still in flight; the server's also takes other clients behind the same address.
      // A reset well after the one we hold means the answer comes from the next window already.
      const resetAt = now + reset * 1000;
      if (this.resetAt === undefined || this.remaining === undefined || resetAt > this.resetAt + NEXT_WINDOW_MS) {
        this.remaining =
          this.remaining === undefined || this.resetAt !== undefined ? remaining : Math.min(this.remaining, remaining);
        this.resetAt = resetAt;
      } else {
        this.resetAt = Math.min(this.resetAt, resetAt);
        this.remaining = Math.min(this.remaining, remaining);
      }
    }
    if (status !== 429) return false;
    this.refusals++;
    const after = parseRetryAfter(header('retry-after'), now);
    const hinted = after ?? (reset !== undefined ? reset * 1000 : undefined);
    if (hinted === undefined) return false; // nothing to pace on: the client's own retries decide
    this.remaining = 0;
    this.resetAt = now + Math.max(hinted, MIN_REFUSED_WAIT_MS);
    return true;
  }
}

/** "15 searches a minute", "3 searches every 2 s". */
export function describeLimit(limit: number, windowMs?: number): string {
  const what = `${limit} search${limit === 1 ? '' : 'es'}`;
  if (windowMs === undefined) return `${what} a window`;
  if (windowMs === 60_000) return `${what} a minute`;
  return `${what} every ${windowMs / 1000} s`;
}

function whole(v: string | undefined): number | undefined {
  return v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : undefined;
}

/** The wait limit in ms, from --max-wait / FLAGCTL_MAX_WAIT in seconds, or the default. */
export function maxWaitMs(seconds: number | undefined): number {
  return (seconds ?? DEFAULT_MAX_WAIT_S) * 1000;
}
