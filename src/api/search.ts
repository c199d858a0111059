import { RequestError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { PageCheck } from './http/paging.js';
import { RateLimitPacer, type PageLabel } from './http/rate-limit.js';
import type { SearchFlag, SearchResponse } from './schemas/search.js';
import { searchPageSchema } from './schemas/search-check.js';

export const SEARCH_PATH = '/api/admin/search/features';

/** The server's largest page: above it, it silently answers 50 (SERVER-FACTS, checked on 6.10.1 and 8.2.0). */
export const MAX_PAGE_SIZE = 100;

/** Names of this many recent pages are kept to drop a repeat: a change in the set shifts positions by a few, not by pages. */
export const RECENT_PAGES = 5;

/** One page of GET /api/admin/search/features with the query as given, paced by `pacer`. */
export function searchPage(
  client: ApiClient,
  query: URLSearchParams,
  pacer: RateLimitPacer,
  label?: PageLabel,
): Promise<SearchResponse> {
  return client.getJson(SEARCH_PATH, searchPageSchema, query, pacer.forRequest(label));
}

/** The same page, fetched now and parsed when called (see ApiClient.getJsonLater). */
function searchPageLater(
  client: ApiClient,
  query: URLSearchParams,
  pacer: RateLimitPacer,
  label: PageLabel,
): Promise<() => SearchResponse> {
  return client.getJsonLater(SEARCH_PATH, searchPageSchema, query, pacer.forRequest(label));
}

export interface SearchRequest {
  /** Filters and sorting; offset and limit are set here, page by page. */
  query: URLSearchParams;
  offset: number;
  /** How many features to hand out; undefined means every match. */
  limit?: number;
  /** Pages in flight at once (after the first, which tells the total). */
  concurrency: number;
  pageSize?: number;
  /** Paces the pages to the server's rate limit; one for the whole run (a default one if not given). */
  pacer?: RateLimitPacer;
}

export interface SearchProgress {
  /** Features handed out so far, plus those of the page that just arrived. */
  received: number;
  /** The server's count of all matches, as of the latest page. */
  total: number;
}

interface Pending {
  offset: number;
  size: number;
  page: Promise<() => SearchResponse>;
}

/**
 * Every feature the request asks for, in the server's order, fetched page by page.
 *
 * Pages are requested ahead, at most `concurrency` at a time, and handed out strictly in
 * order, so memory holds a few pages and the consumer sees the first rows early. Nothing is
 * fetched ahead of a consumer that has stopped pulling. A feature that comes twice (the set
 * changed between two pages, shifting positions) is handed out once, and the window grows by
 * one so `limit` still means that many distinct features. Only the names of the last few pages
 * are kept for that, so memory stays flat at any total. When the total shrinks between two pages,
 * features may have moved back across the page boundary: the positions just before the page are
 * read again, and what was already handed out is dropped.
 *
 * Every request goes through one pacer, which keeps to the server's rate limit (rate-limit.ts).
 */
export async function* searchFlags(
  client: ApiClient,
  req: SearchRequest,
  onProgress?: (p: SearchProgress) => void,
): AsyncGenerator<SearchFlag, void, undefined> {
  let size = Math.min(req.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const check = new PageCheck('search', size);
  const want = req.limit ?? Number.POSITIVE_INFINITY;
  const pacer = req.pacer ?? new RateLimitPacer();
  const recent: Set<string>[] = [];
  const seen = (name: string) => recent.some((page) => page.has(name));
  const pending: Pending[] = [];
  let total: number | undefined;
  /** The count as the first page gave it: what paging must account for, less any shrinking. */
  let firstTotal: number | undefined;
  let lastTotal: number | undefined;
  let handedOut = 0;
  let duplicates = 0;
  let next = req.offset;
  let ended = false;
  /** The last page received held as many features as it asked for. */
  let lastFull = false;

  if (want === 0) {
    onProgress?.({ received: 0, total: await countMatches(client, req.query, pacer) });
    return;
  }

  const label = (offset: number): PageLabel => ({
    page: Math.floor((offset - req.offset) / size) + 1,
    pages: total === undefined ? undefined : Math.ceil((Math.min(req.offset + want, total) - req.offset) / size),
  });

  const request = (offset: number, n: number): Promise<() => SearchResponse> => {
    const q = new URLSearchParams(req.query);
    q.set('offset', String(offset));
    q.set('limit', String(n));
    const page = searchPageLater(client, q, pacer, label(offset));
    page.catch(() => undefined); // a page is awaited when its turn comes; until then its failure waits
    return page;
  };

  const fill = () => {
    // Server positions still needed: the window, moved on by every duplicate skipped.
    const wanted = req.offset + want + duplicates;
    const end = Math.min(wanted, total === undefined ? Number.POSITIVE_INFINITY : total + duplicates);
    const room = total === undefined ? 1 : Math.max(1, req.concurrency);
    // A page is cut to what is wanted, never to the count: so the last one comes back short when
    // the count is right, and full when the server holds more than it counted.
    while (!ended && pending.length < room && next < end) {
      const n = Math.min(size, wanted - next);
      pending.push({ offset: next, size: n, page: request(next, n) });
      next += n;
    }
    // At the count, but the last page was full: the count may be behind the list (a cached or
    // lagging total). Ask for one more page before calling the list complete; while full pages
    // keep coming, so does the next one (PageCheck's hard bound ends a list that never does).
    // When the count is right, this costs a request only if it is a multiple of the page size.
    if (
      !ended &&
      pending.length === 0 &&
      lastFull &&
      total !== undefined &&
      next >= total + duplicates &&
      next < wanted
    ) {
      const n = Math.min(size, wanted - next);
      pending.push({ offset: next, size: n, page: request(next, n) });
      next += n;
    }
  };

  fill();
  while (pending.length > 0) {
    const head = pending.shift()!;
    const res = (await head.page)();
    const got = res.features.length;
    // A page asked for beyond the count (see fill) that holds features: the count was behind,
    // and is at least what has arrived. Inside the count, a page it leaves no room for is an error.
    const counted = typeof res.total === 'number';
    const beyond = counted && got > 0 && total !== undefined && head.offset >= total + duplicates;
    const reported = beyond ? Math.max(res.total!, head.offset + got) : (res.total ?? undefined);
    check.page(head.offset, res.features, reported, (f) => (f as SearchFlag).name);
    if (counted && firstTotal === undefined && (got > 0 || head.offset === req.offset)) firstTotal = reported;
    lastFull = got > 0 && got === head.size;
    // A page past the end reports total 0 (both servers): only a page with rows tells the total.
    // A server that sends no total at all is paged one page at a time until a short page.
    if (got > 0 && counted) total = reported!;
    else if (got === 0 && counted && (total === undefined || head.offset < total)) {
      // An empty page before the count: either the set shrank below this offset (fine, the end),
      // or the server lost the rest (incomplete: exit 1). Only a fresh count tells which.
      total = head.offset === 0 ? res.total! : await countMatches(client, req.query, pacer);
      if (head.offset < total) throw check.emptyBeforeTotal(head.offset, handedOut, total);
    }
    if (got === 0 || (!counted && got < head.size)) ended = true;
    else if (
      got < head.size &&
      total !== undefined &&
      head.offset + got < Math.min(total, req.offset + want + duplicates)
    ) {
      // A short page is not the end: the server gave fewer than asked (a cap below ours). The
      // pages asked for ahead start at the wrong positions; ask again from what was received.
      pending.length = 0;
      next = head.offset + got;
      size = got;
    }
    fill();
    onProgress?.({ received: handedOut + res.features.length, total: total ?? handedOut + res.features.length });
    const names = new Set<string>();
    recent.push(names);
    if (recent.length > RECENT_PAGES) recent.shift();

    // Fewer matches than at the page before: what was removed may have sat before this page,
    // moving features back over its start. Read those positions again (one page at most).
    const shrunk = counted && res.features.length > 0 && lastTotal !== undefined ? lastTotal - res.total! : 0;
    if (counted && res.features.length > 0) lastTotal = res.total!;
    if (shrunk > 0 && head.offset > req.offset) {
      const from = Math.max(req.offset, head.offset - Math.min(shrunk, size));
      const gap = (await request(from, head.offset - from))();
      for (const feature of gap.features) {
        if (seen(feature.name)) continue;
        names.add(feature.name);
        yield feature;
        if (++handedOut >= want) return;
      }
    }

    for (const feature of res.features) {
      if (seen(feature.name)) {
        duplicates++;
        continue;
      }
      names.add(feature.name);
      yield feature;
      if (++handedOut >= want) return;
    }
    // A page of nothing but features already handed out moves nothing on: a server stuck in place.
    if (got > 0 && names.size === 0) {
      throw new RequestError(
        `search: page ${check.count} (offset ${head.offset}) holds only features already received; paging makes no progress`,
      );
    }
    fill();
  }
  // Every position up to the count was read, or the reading stopped short of it.
  if (total !== undefined && next < total && handedOut < want && !ended)
    throw check.emptyBeforeTotal(next, handedOut, total);
  // A feature sorted in before a page shifts the rest: one comes twice, the new one is missed,
  // and the count grows by one. So the distinct features make up the count less its growth;
  // fewer means pages that overlap (an offset honoured in part), and a gate would pass on part.
  if (
    total !== undefined &&
    firstTotal !== undefined &&
    handedOut < want &&
    handedOut < Math.min(firstTotal, total) - req.offset
  ) {
    const grew =
      total > firstTotal ? ` (${total - firstTotal} added while paging)` : ' and no more were added while paging';
    throw new RequestError(
      `search: received ${handedOut} distinct features, but the server counts ${total}${grew}: ${duplicates} came twice, so pages overlapped and the answer is incomplete`,
    );
  }
}

/** The number of matches alone: the smallest page from the start (offset 0 always reports the total). */
export async function countMatches(
  client: ApiClient,
  query: URLSearchParams,
  pacer = new RateLimitPacer(),
): Promise<number> {
  const q = new URLSearchParams(query);
  q.set('offset', '0');
  q.set('limit', '1');
  const res = await searchPage(client, q, pacer);
  // The page's features are held against its count, as every page is: `total: 0` beside a
  // feature would make `--limit 0 --fail-if-any` pass.
  new PageCheck('search', 1).page(0, res.features, res.total ?? undefined, (f) => (f as SearchFlag).name);
  return res.total ?? res.features.length;
}
