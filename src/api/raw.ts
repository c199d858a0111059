import * as z from '../zod-mini.js';
import { RequestError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { PageCheck } from './http/paging.js';
import type { RateLimitPacer } from './http/rate-limit.js';

// `flagctl api`: a GET of any /api/ path through the same client as every command (the
// profile's URL prefix, token, timeouts, retries, proxy and CA), and offset/limit paging
// for list endpoints that report a `total`.

export interface ApiTarget {
  /** The path below the base URL, starting with /api/. */
  path: string;
  query: URLSearchParams;
}

export function getRaw(
  client: ApiClient,
  target: ApiTarget,
): Promise<{ status: number; text: string; contentType?: string }> {
  return client.getText(target.path, target.query);
}

/** A page of a list endpoint: the list's field and the server's count. */
export interface PagedShape {
  key: string;
  items: unknown[];
  total: number;
}

/**
 * Whether a document is a page of a list that reports `total`: an object with a numeric
 * `total` and one array field (or, among several, the one named like the path's last segment).
 */
export function pagedShape(body: unknown, path: string): PagedShape | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const o = body as Record<string, unknown>;
  if (typeof o.total !== 'number') return undefined;
  const arrays = Object.keys(o).filter((k) => Array.isArray(o[k]));
  const last = path.split('/').filter(Boolean).pop();
  const key = arrays.length === 1 ? arrays[0] : arrays.find((k) => k === last);
  return key === undefined ? undefined : { key, items: o[key] as unknown[], total: o.total };
}

export type PageResult =
  { paged: false; body: unknown } | { paged: true; items: AsyncGenerator<unknown, void, undefined> };

const DEFAULT_PAGE = 100;

/**
 * Pages through a list endpoint with offset/limit. A first answer that is not such a page is
 * handed back whole. The offset moves on by the items received, not by the limit asked for:
 * servers silently shrink a limit they find too large (search answers 50 for limit=500).
 * Every page goes through `pacer`, which keeps to a server's rate limit (search, on Unleash 8).
 */
export async function paginate(client: ApiClient, target: ApiTarget, pacer?: RateLimitPacer): Promise<PageResult> {
  const start = Number.parseInt(target.query.get('offset') ?? '0', 10) || 0;
  const size = target.query.get('limit') ?? String(DEFAULT_PAGE);
  const fetchPage = async (offset: number) => {
    const q = new URLSearchParams(target.query);
    q.set('offset', String(offset));
    q.set('limit', size);
    return client.getJson(target.path, z.unknown(), q, pacer?.forRequest());
  };
  const first = await fetchPage(start);
  const shape = pagedShape(first, target.path);
  if (!shape) return { paged: false, body: first };

  // Complete or it fails (paging.ts): an empty page before the total, a repeated page (A, B,
  // A, B from a server that ignores offset) or pages beyond the bound end the run with exit 1.
  const check = new PageCheck(target.path, Number.parseInt(size, 10) > 0 ? Number.parseInt(size, 10) : DEFAULT_PAGE);
  check.page(start, shape.items, shape.total);
  const full = Number.parseInt(size, 10) > 0 ? Number.parseInt(size, 10) : DEFAULT_PAGE;
  async function* items(): AsyncGenerator<unknown, void, undefined> {
    let page: PagedShape = shape!;
    let offset = start;
    for (;;) {
      yield* page.items;
      offset += page.items.length;
      // At the count after a full page, the count may be behind the list (cached or lagging):
      // one more page is asked for, as search does; the count is then at least what came.
      if (offset >= page.total && page.items.length !== full) return; // short, or more than asked for (limit ignored)
      if (page.items.length === 0) throw check.emptyBeforeTotal(offset, offset - start, page.total);
      const body = await fetchPage(offset);
      const next = pagedShape(body, target.path);
      if (!next) throw new RequestError(`page at offset ${offset} of ${target.path} is not a list page like the first`);
      if (offset >= page.total && next.items.length > 0) next.total = Math.max(next.total, offset + next.items.length);
      if (offset >= page.total && next.items.length === 0) return;
      check.page(offset, next.items, next.total);
      page = next;
    }
  }
  return { paged: true, items: items() };
}
