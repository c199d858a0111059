import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/http/client.js';
import { RateLimitPacer, type RateLimitWait } from '../../src/api/http/rate-limit.js';
import { searchFlags, type SearchRequest } from '../../src/api/search.js';
import { RequestError } from '../../src/errors.js';
import { PageProgress } from '../../src/output/page-progress.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { Writable } from 'node:stream';
import type { IO } from '../../src/io.js';
import { SkippingClock } from '../support/clock.js';
import { RateLimitWindow } from '../support/rate-limit-fixture.js';
import { makeFeatures, pageBounds, pageOf, SEARCH_PATH, searchOver } from '../support/search-fixture.js';

// The pacer against a fixture that limits like express-rate-limit (fixed window, RateLimit-*
// headers, 429 with Retry-After), with windows of 2 s on a clock that jumps over each wait
// (SkippingClock), shared by flagctl and the fixture: no real waiting. These drive the API
// layer directly; rate-limit-cli.test.ts drives the same through main().

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();

/** Streams of text; this file drives the API layer, not main(). */
function bufferIO(stderrIsTTY: boolean, clock: SkippingClock): IO & { err: { text: string } } {
  const err = { text: '' };
  const sink = (into?: { text: string }) =>
    new Writable({
      write(chunk, _enc, done) {
        if (into) into.text += String(chunk);
        done();
      },
    });
  return {
    stdout: sink(),
    stderr: sink(err),
    stdin: process.stdin,
    env: {},
    stdoutIsTTY: false,
    stderrIsTTY,
    stdinIsTTY: false,
    clock,
    err,
  };
}

const client = (clock: SkippingClock) =>
  new ApiClient({ baseUrl: server.url, token: TOKEN, userAgent: 'flagctl-test', timeoutMs: 10_000, clock });
/** A clock that jumps over waits once `limit` has answered everything it was sent. */
const clockFor = (limit?: RateLimitWindow) => new SkippingClock(() => (limit ? limit.inFlight > 0 : false));
const everything = (over: Partial<SearchRequest> = {}): SearchRequest => ({
  query: new URLSearchParams(),
  offset: 0,
  concurrency: 4,
  ...over,
});

async function names(c: ApiClient, req: SearchRequest): Promise<string[]> {
  const out: string[] = [];
  try {
    for await (const f of searchFlags(c, req)) out.push(f.name);
  } finally {
    await c.close();
  }
  return out;
}

/** How many requests the server served in each of its windows. */
function servedPerWindow(limit: RateLimitWindow): number[] {
  const counts: number[] = [];
  let start = -Infinity;
  for (const e of limit.events) {
    if (e.at >= start + limit.windowMs) {
      start = e.at;
      counts.push(0);
    }
    if (e.status === 200) counts[counts.length - 1]!++;
  }
  return counts;
}

describe('pacing search to the server rate limit', () => {
  it('holds pages back until the window resets: complete, in order, never a 429, never more than the limit per window', async () => {
    const all = makeFeatures(1000);
    const clock = new SkippingClock((): boolean => limit.inFlight > 0);
    const limit: RateLimitWindow = new RateLimitWindow(4, 2000, clock);
    server.route(SEARCH_PATH, limit.wrap(searchOver(all)));
    const waits: RateLimitWait[] = [];
    const pacer = new RateLimitPacer({ onWait: (w) => void waits.push(w), clock });
    const got = await names(client(clock), everything({ pacer }));
    expect(got).toEqual(all.map((f) => f.name));
    expect(limit.refused).toEqual([]);
    expect(pacer.refusals).toBe(0);
    // Ten pages, then one past the count, as the tenth was full (answered empty: the end).
    expect(servedPerWindow(limit)).toEqual([4, 4, 3]);
    // The first page of each new window waits, told which page it is and what the server allows.
    expect(waits.map((w) => [w.page, w.pages, w.limit, w.windowS, w.refused])).toEqual([
      [5, 10, 4, 2, false],
      [9, 10, 4, 2, false],
    ]);
    for (const w of waits) expect(w.ms).toBeGreaterThan(1000);
  });

  it('waits out a 429 that no header warned of, as long as the server says how long', async () => {
    const all = makeFeatures(300);
    let calls = 0;
    server.route(SEARCH_PATH, (req, res, url) => {
      // A proxy in front that refuses the second page once, with Retry-After only.
      if (++calls === 2) {
        res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '1' }).end('Too many requests');
        return;
      }
      sendJson(res, 200, pageOf(all, url));
    });
    const waits: RateLimitWait[] = [];
    const clock = clockFor();
    const pacer = new RateLimitPacer({ onWait: (w) => void waits.push(w), clock });
    expect(await names(client(clock), everything({ pacer }))).toEqual(all.map((f) => f.name));
    expect(pacer.refusals).toBe(1);
    expect(waits.map((w) => [w.refused, w.page])).toEqual([[true, 2]]);
    // Three pages, the refused one again, and one past the full third page (empty: the end); the
    // client's own retries were not spent.
    expect(calls).toBe(5);
  });

  it('two runs behind one address share the window: both complete and in order, the server never serves more than its limit', async () => {
    const all = makeFeatures(600);
    const clock = new SkippingClock((): boolean => limit.inFlight > 0);
    const limit: RateLimitWindow = new RateLimitWindow(4, 2000, clock);
    server.route(SEARCH_PATH, limit.wrap(searchOver(all)));
    // Two runs: each its own client and pacer, on the one clock of the machine.
    const run = () => names(client(clock), everything({ concurrency: 3, pacer: new RateLimitPacer({ clock }) }));
    const [a, b] = await Promise.all([run(), run()]);
    const want = all.map((f) => f.name);
    expect(a).toEqual(want);
    expect(b).toEqual(want);
    expect(Math.max(...servedPerWindow(limit))).toBeLessThanOrEqual(4);
    // 12 pages need 3 windows at least; each run learns of the other only from the headers
    // and from 429s, which it waits out: some refusals, but a bounded few per window.
    expect(servedPerWindow(limit).length).toBeGreaterThanOrEqual(3);
    expect(limit.refused.length).toBeLessThanOrEqual(3 * servedPerWindow(limit).length);
  });

  it('fails at once, naming the server limit and SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE, when finishing would wait past the limit', async () => {
    const all = makeFeatures(1000);
    const clock = new SkippingClock((): boolean => limit.inFlight > 0);
    const limit: RateLimitWindow = new RateLimitWindow(4, 2000, clock);
    server.route(SEARCH_PATH, limit.wrap(searchOver(all)));
    const waits: RateLimitWait[] = [];
    // 10 pages at 4 per 2 s need two more windows, about 4 s of waiting.
    const pacer = new RateLimitPacer({ maxWaitMs: 3000, onWait: (w) => void waits.push(w), clock });
    const err = await names(client(clock), everything({ pacer })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).exitCode).toBe(1);
    expect((err as Error).message).toMatch(
      /^the server allows 4 searches every 2 s; finishing would mean waiting about [45] s \(page 5 of 10\), past the wait limit of 3 s \(--max-wait or FLAGCTL_MAX_WAIT\)\. On Unleash the limit is SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE\.$/,
    );
    expect(waits).toEqual([]); // nothing waited in vain
    expect(clock.now()).toBe(0); // not even a moment: no timer was ever set
    expect(limit.events).toHaveLength(4);
  });

  it('a server that keeps refusing with a far Retry-After runs into the wait limit rather than parking the run', async () => {
    server.route(SEARCH_PATH, (_req, res) => {
      res
        .writeHead(429, {
          'content-type': 'text/html',
          'retry-after': '3600',
          'ratelimit-limit': '15',
          'ratelimit-policy': '15;w=60',
        })
        .end('no');
    });
    const clock = clockFor();
    const pacer = new RateLimitPacer({ maxWaitMs: 600_000, clock });
    const err = await names(client(clock), everything({ pacer })).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(
      /^the server allows 15 searches a minute; finishing would mean waiting about 3600 s/,
    );
    expect((err as Error).message).toContain('SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE');
  });

  it('a 429 with nothing to wait on fails as before, after the client retries', async () => {
    server.route(SEARCH_PATH, (_req, res) => res.writeHead(429, { 'content-type': 'text/html' }).end('no'));
    const clock = clockFor();
    const c = new ApiClient({ baseUrl: server.url, token: TOKEN, userAgent: 't', timeoutMs: 5000, attempts: 2, clock });
    const err = await names(c, everything({ pacer: new RateLimitPacer({ clock }) })).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/HTTP 429/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('rate-limit waits on stderr', () => {
  async function run(stderrIsTTY: boolean) {
    const all = makeFeatures(500);
    const clock = new SkippingClock((): boolean => limit.inFlight > 0);
    const limit: RateLimitWindow = new RateLimitWindow(3, 2000, clock);
    server.route(SEARCH_PATH, limit.wrap(searchOver(all)));
    const io = bufferIO(stderrIsTTY, clock);
    const progress = new PageProgress(io, false);
    const pacer = new RateLimitPacer({ onWait: progress.waiting, clock });
    const c = client(clock);
    let n = 0;
    try {
      for await (const _ of progress.around(searchFlags(c, everything({ pacer }), progress.update))) n++;
    } finally {
      await c.close();
    }
    expect(n).toBe(500);
    return io.err.text;
  }

  it('piped: one line per wait, naming the limit, the wait and the page', async () => {
    const err = await run(false);
    expect(err.split('\n')).toEqual([
      expect.stringMatching(/^flagctl: the server allows 3 searches every 2 s; waiting 2 s \(page 4 of 5\)$/),
      '',
    ]);
  });

  it('on a terminal: the progress line counts down instead, and no line is left behind', async () => {
    const err = await run(true);
    expect(err).toMatch(/\r\u001b\[K300 of 500; the server allows 3 searches every 2 s; waiting 2 s \(page 4 of 5\)/);
    expect(err).toContain('; waiting 1 s (page 4 of 5)'); // counted down
    expect(err).not.toContain('\n');
    expect(err.endsWith('\r\u001b[K')).toBe(true);
  });
});

describe('dropping repeats while the set changes, with a bounded memory', () => {
  it('features sorted in and archived while paging: each feature once, in order, none lost', async () => {
    const base = makeFeatures(1000);
    let list = [...base];
    const added: string[] = [];
    const done = new Set<number>();
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset } = pageBounds(url);
      const first = !done.has(offset);
      done.add(offset);
      // Just before some pages are served the set changes behind the cursor: two features
      // sorted in (later pages shift forward), then one and two archived (they shift back).
      if (first && offset === 200) {
        const extra = makeFeatures(2, 5000);
        added.push(...extra.map((f) => f.name));
        list = [...list.slice(0, 50), ...extra, ...list.slice(50)];
      }
      if (first && offset === 500) list = list.filter((f) => f.name !== base[120]!.name);
      if (first && offset === 800) list = list.filter((f) => f.name !== base[10]!.name && f.name !== base[11]!.name);
      sendJson(res, 200, pageOf(list, url));
    });
    const got = await names(client(clockFor()), everything({ concurrency: 1 }));
    expect(new Set(got).size).toBe(got.length); // no repeats
    // Every feature in the set from start to end came, in order.
    const gone = [base[10]!.name, base[11]!.name, base[120]!.name];
    const kept = base.map((f) => f.name).filter((n) => !gone.includes(n));
    expect(got.filter((n) => !added.includes(n) && kept.includes(n))).toEqual(kept);
  });

  it('only the last few pages are remembered: a name that comes back ten pages later is not taken for a repeat', async () => {
    const all = makeFeatures(1200);
    all[1100] = { ...all[1100]!, name: all[5]!.name };
    server.route(SEARCH_PATH, searchOver(all));
    const got = await names(client(clockFor()), everything({ concurrency: 2 }));
    expect(got).toHaveLength(1200);
    expect(got.filter((n) => n === all[5]!.name)).toHaveLength(2);
  });

  it('a repeat within the window is dropped and --limit still counts distinct features', async () => {
    const all = makeFeatures(400);
    const shifted = [...all.slice(0, 200), all[150]!, all[199]!, ...all.slice(200)];
    server.route(SEARCH_PATH, (_req, res, url) => {
      const list = pageBounds(url).offset >= 200 ? shifted : all;
      sendJson(res, 200, pageOf(list, url));
    });
    expect(await names(client(clockFor()), everything({ limit: 250 }))).toEqual(all.slice(0, 250).map((f) => f.name));
  });
});
