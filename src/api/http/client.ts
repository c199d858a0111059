import type * as z from '../../zod-mini.js';
import { ApiError, RequestError } from '../../errors.js';
import { redact } from '../../config/token.js';
import { realClock, type Clock } from '../../io.js';
import { joinUrl } from './path.js';
import type { ProxySettings } from './proxy.js';
import type { RequestPacing } from './rate-limit.js';
import { describeNetworkError, isRetryableNetworkError, retryDelayMs } from './retry.js';
import { closedError, Transport } from './transport.js';
import type { RequestSlots } from './slots.js';
import {
  checked,
  errorBody,
  headerValue,
  parseJsonBody,
  readCapped,
  redirectTarget,
  sentUrl,
  type OkText,
  type Outcome,
} from './response.js';

export interface ClientOptions {
  baseUrl: string;
  token: string;
  userAgent: string;
  /** Per-request timeout: connect, wait for headers, and silence between body bytes. */
  timeoutMs: number;
  /** Total attempts for a GET, including the first. */
  attempts?: number;
  maxResponseBytes?: number;
  /** Receives one line per request, already free of the token. */
  debug?: (line: string) => void;
  /** Extra CA certificates (PEM) trusted for https, beside the system's. */
  ca?: string;
  /** Proxy settings, from HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  proxy?: ProxySettings;
  /** Retries stop once this much time has passed since the first attempt. */
  deadlineMs?: number;
  /** Time and timers for retry pauses and the deadline: the real ones when absent. */
  clock?: Clock;
  /** The timers of network timeouts: the real ones when absent (see IO.timeouts). */
  timeouts?: Clock;
  /** Requests in flight at once, shared with the run's other clients; unbounded (but for the transport's sockets) when absent. */
  slots?: RequestSlots;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export class ApiClient {
  private readonly transport: Transport;
  private readonly clock: Clock;
  /** Retry pauses under way: close() cancels them. */
  private readonly pauses = new Set<() => void>();

  constructor(readonly options: ClientOptions) {
    this.clock = options.clock ?? realClock;
    this.transport = new Transport({
      timeoutMs: options.timeoutMs,
      ca: options.ca,
      proxy: options.proxy,
      clock: options.timeouts,
    });
  }

  /** GETs a JSON document, checks its shape, and returns it as sent (unknown fields kept). */
  async getJson<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    query?: URLSearchParams,
    pacing?: RequestPacing,
  ): Promise<z.output<S>> {
    return (await this.getJsonLater(path, schema, query, pacing))();
  }

  /**
   * Fetches a JSON document now and parses and checks it when the returned function is called.
   * Pages fetched ahead stay compact text until their turn, so their objects die young.
   */
  async getJsonLater<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    query?: URLSearchParams,
    pacing?: RequestPacing,
  ): Promise<() => z.output<S>> {
    const res = await this.fetch(path, query, undefined, pacing);
    return () => checked(res, schema);
  }

  /** As getJson, with the server's Date header (its clock at the answer, to the second) when it sent one. */
  async getJsonDated<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    query?: URLSearchParams,
  ): Promise<{ body: z.output<S>; date: string | undefined }> {
    const res = await this.fetch(path, query);
    return { body: checked(res, schema), date: res.date };
  }

  async get(path: string, query?: URLSearchParams): Promise<JsonResponse> {
    const res = await this.fetch(path, query);
    return { status: res.status, body: parseJsonBody(res.text, res.status, res.contentType) };
  }

  // ---- POST-for-read ------------------------------------------------------------------
  // Only for endpoints that change nothing, audit log included: the playground and
  // archive/validate (the list: scripts/post-sites.mjs). The GET rules apply: retries,
  // same-origin redirects (which re-send the POST), error statuses and the shape check.

  /** POSTs `body` as JSON to a read-only endpoint and returns its checked JSON answer. */
  async postJson<S extends z.ZodMiniType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
    const res = await this.fetch(path, undefined, JSON.stringify(body));
    return checked(res, schema);
  }

  // ---- writes ---------------------------------------------------------------------------
  // Only `retire apply` and `features revive` write. Any answer is final: a refusal (4xx, 5xx,
  // 429) is thrown as an ApiError with the server's message and never sent again, and a
  // redirect is not followed. Only a connection that failed without an answer (a kept-alive
  // socket the server had closed, a reset) is tried again, and only for a write the server
  // treats as idempotent (archive and revive: doing it twice is doing it once).

  /** POSTs `body` as JSON; returns the 2xx status. */
  async send(path: string, body: unknown, opts: { idempotent: boolean }): Promise<number> {
    const url = joinUrl(this.options.baseUrl, path);
    const attempts = opts.idempotent ? Math.max(1, this.options.attempts ?? 3) : 1;
    let outcome: Outcome;
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.once(url, JSON.stringify(body));
        break;
      } catch (err) {
        if (err instanceof RequestError || err instanceof ApiError) throw err;
        const proxy = this.transport.proxyLabel(url);
        const why = describeNetworkError(err, this.options.timeoutMs, proxy);
        if (isRetryableNetworkError(err) && attempt < attempts && !this.transport.closed) {
          await this.pause(attempt, retryDelayMs(attempt), why);
          continue;
        }
        throw new RequestError(`${why} (POST ${this.show(url)})`);
      }
    }
    if (outcome.kind === 'ok') return outcome.status;
    if (outcome.kind === 'redirect')
      throw new RequestError(
        `the server redirected a write to ${outcome.location}; flagctl does not follow it (POST ${this.show(url)})`,
      );
    if (outcome.kind === 'paced')
      throw new RequestError(`rate limited (HTTP 429) on a write (POST ${this.show(url)})`, 429);
    throw new ApiError(outcome.status, outcome.body, this.show(url));
  }

  // ---- raw GET ----------------------------------------------------------------------------

  /** A GET whose 2xx body comes back as the server sent it, with its content type (`flagctl api`). */
  async getText(
    path: string,
    query?: URLSearchParams,
  ): Promise<{ status: number; text: string; contentType?: string }> {
    const { status, text, contentType } = await this.fetch(path, query);
    return { status, text, contentType };
  }

  /** The request itself: retries, redirects and error statuses; a 2xx body comes back as text. A body makes it a POST. */
  // A paced request waits for its pacer before each send; a 429 the pacer takes on is sent again without using up an attempt.
  private async fetch(path: string, query?: URLSearchParams, body?: string, pacing?: RequestPacing): Promise<OkText> {
    const method = body === undefined ? 'GET' : 'POST';
    // Normalised as the request will be sent, so that --debug and errors show what was sent.
    let url = sentUrl(joinUrl(this.options.baseUrl, path, query));
    const attempts = Math.max(1, this.options.attempts ?? 3);
    const deadline = this.clock.now() + (this.options.deadlineMs ?? this.options.timeoutMs * attempts);
    const canRetry = (attempt: number, delay: number) => attempt < attempts && this.clock.now() + delay < deadline;
    let redirects = 0;
    for (let attempt = 1; ; attempt++) {
      let outcome: Outcome;
      try {
        await pacing?.beforeSend();
        outcome = await this.once(url, body, pacing);
      } catch (err) {
        if (err instanceof RequestError || err instanceof ApiError) throw err;
        // The run is over (the kit closed the client): a request it cut off is not tried again.
        if (this.transport.closed)
          throw new RequestError(`${describeNetworkError(err, this.options.timeoutMs)} (${method} ${this.show(url)})`);
        const delay = retryDelayMs(attempt);
        const proxy = this.transport.proxyLabel(url);
        const why = describeNetworkError(err, this.options.timeoutMs, proxy);
        if (isRetryableNetworkError(err) && canRetry(attempt, delay)) {
          await this.pause(attempt, delay, why);
          continue;
        }
        throw new RequestError(`${why} (${method} ${this.show(url)}${proxy ? ` via proxy ${proxy}` : ''})`);
      }
      if (outcome.kind === 'paced') {
        this.log(`rate limited (HTTP 429): sending again when the server's window allows`);
        attempt--;
        continue;
      }
      if (outcome.kind === 'redirect') {
        url = this.followRedirect(url, outcome.location, ++redirects);
        attempt--;
        continue;
      }
      if (outcome.kind === 'retry') {
        const delay = retryDelayMs(attempt, outcome.retryAfter, this.clock.now());
        if (canRetry(attempt, delay)) {
          await this.pause(attempt, delay, `HTTP ${outcome.status}`);
          continue;
        }
      }
      if (outcome.kind === 'retry' || outcome.kind === 'error') {
        throw new ApiError(outcome.status, outcome.body, this.show(url));
      }
      return outcome;
    }
  }

  private once(url: string, sent?: string, pacing?: RequestPacing): Promise<Outcome> {
    return this.options.slots
      ? this.options.slots.run(() => this.sendOnce(url, sent, pacing))
      : this.sendOnce(url, sent, pacing);
  }

  private async sendOnce(url: string, sent?: string, pacing?: RequestPacing): Promise<Outcome> {
    // Timed and described only for --debug: the line costs a masking pattern per request.
    const started = this.options.debug ? this.clock.now() : 0;
    const headers = {
      authorization: this.options.token,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    const res = await this.transport.get(new URL(url), headers, sent);
    const status = res.status;
    const contentType = headerValue(res.headers['content-type']);
    const text = await readCapped(res.body, this.options.maxResponseBytes ?? DEFAULT_MAX_BYTES, status);
    if (this.options.debug)
      this.log(
        `${sent === undefined ? 'GET' : 'POST'} ${this.show(url)} -> ${status} (${Math.round(this.clock.now() - started)} ms, ${text.length} chars)`,
      );

    if (pacing?.afterResponse(status, (name) => headerValue(res.headers[name]))) return { kind: 'paced' };
    if (status >= 300 && status < 400) {
      const location = headerValue(res.headers.location);
      if (!location) throw new RequestError(`HTTP ${status} redirect without a Location header`, status);
      return { kind: 'redirect', location };
    }
    if (status >= 200 && status < 300)
      return { kind: 'ok', status, text, contentType, date: headerValue(res.headers.date) };
    // A server or proxy may echo the request's authorization header in its refusal: the token
    // is masked here, once, so no message built from the answer (stderr, -o json, a result
    // file) carries it, in any spelling (as is, percent-encoded, or escaped in JSON).
    const body = errorBody(redact(text, this.options.token), (s) => redact(s, this.options.token));
    if (status === 429 || status === 502 || status === 503 || status === 504) {
      return { kind: 'retry', status, body, retryAfter: headerValue(res.headers['retry-after']) };
    }
    return { kind: 'error', status, body };
  }

  private followRedirect(from: string, location: string, count: number): string {
    const target = redirectTarget(from, location, count);
    this.log(`redirect -> ${this.show(target)}`);
    return target;
  }

  private async pause(attempt: number, ms: number, why: string): Promise<void> {
    this.log(`retrying after ${why} in ${ms} ms (attempt ${attempt + 1})`);
    await new Promise<void>((resolve, reject) => {
      const handle = this.clock.setTimeout(() => {
        this.pauses.delete(stop);
        resolve();
      }, ms);
      const stop = () => {
        this.clock.clearTimeout(handle);
        reject(new RequestError(closedError().message));
      };
      this.pauses.add(stop);
    });
  }

  /** Ends the requests in flight and their pauses, and closes the connections: nothing is sent after it. */
  async close(): Promise<void> {
    for (const stop of this.pauses) stop();
    this.pauses.clear();
    await this.transport.destroy();
  }

  private show(url: string): string {
    return redact(url, this.options.token);
  }

  private log(line: string): void {
    this.options.debug?.(redact(line, this.options.token));
  }
}
