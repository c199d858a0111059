import * as z from '../zod-mini.js';
import { RequestError, UsageError } from '../errors.js';
import type { ApiClient } from './client.js';
import { PageCheck } from './paging.js';
import { joinUrl } from './path.js';
import type { RateLimitPacer } from './rate-limit.js';

// `flagctl api`: a GET of any /api/ path through the same client as every command (the
// profile's URL prefix, token, timeouts, retries, proxy and CA), and offset/limit paging
// for list endpoints that report a `total`.

const EXAMPLE = 'e.g. /api/admin/segments';

export interface ApiTarget {
  /** The path below the base URL, starting with /api/. */
  path: string;
  query: URLSearchParams;
}

/**
 * Checks a path given to `flagctl api` and splits off its query. An absolute URL is accepted
 * only when it points inside the profile's own base URL: the token goes nowhere else.
 *
 * The checks run on the path as it will be sent: URL parsers read `\\` as `/`, decode `%2e`
 * into dot segments and drop tabs, after any check on the string as typed. So the backslash
 * and encoded separators are refused outright, and the normalised URL must still lie under
 * the base URL's prefix and /api/. That normalised path is what is sent (and what --debug shows).
 */
export function apiTarget(input: string, baseUrl: string, extra: readonly string[] = []): ApiTarget {
  let rest = input.trim();
  if (/\\|%5c/i.test(rest)) {
    throw new UsageError(`path "${input}": a backslash (\\ or %5C) is refused: URLs read it as "/"; write the path with "/", ${EXAMPLE}`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(rest)) rest = insideBase(rest, baseUrl);
  if (rest.includes('#')) throw new UsageError(`path "${input}": a fragment (#) is never sent; leave it out`);
  const q = rest.indexOf('?');
  const typed = q < 0 ? rest : rest.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  if (!typed.startsWith('/api/')) throw new UsageError(`path "${input}": must start with /api/, ${EXAMPLE}`);
  if (/[\s\u0000-\u001f\u007f]/.test(typed)) throw new UsageError(`path "${input}": spaces and control characters must be percent-encoded`);
  if (/%2f/i.test(typed)) throw new UsageError(`path "${input}": an encoded "/" (%2F) is refused: servers and proxies may decode it into a separator`);
  const segments = typed.split('/').map((s) => safeDecode(s).toLowerCase());
  if (segments.some((s) => s === '.' || s === '..')) {
    throw new UsageError(`path "${input}": "." and ".." segments are refused (they would leave /api/)`);
  }
  const path = sentPath(input, typed, baseUrl);
  for (const pair of extra) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--query "${pair}": expected key=value, e.g. --query limit=10`);
    query.append(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return { path, query };
}

/** The path below the base URL as the request will carry it (percent-encoded by the URL parser), checked once more there. */
function sentPath(input: string, typed: string, baseUrl: string): string {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  let sent: string;
  try {
    sent = new URL(joinUrl(baseUrl, typed)).pathname;
  } catch {
    throw new UsageError(`path "${input}": not a valid URL path, ${EXAMPLE}`);
  }
  if (!sent.startsWith(`${prefix}/api/`)) throw new UsageError(`path "${input}": it would leave ${prefix}/api/ once normalised; ${EXAMPLE}`);
  return sent.slice(prefix.length);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** An absolute URL inside the base URL becomes its path below it; anything else is refused. */
function insideBase(input: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UsageError(`path "${input}": not a URL nor a path; expected a path, ${EXAMPLE}`);
  }
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
    throw new UsageError(
      `"${url.origin}${url.pathname}" is not on the server flagctl is set up for (${base.origin}${prefix}); the token is sent only there. Give a path, ${EXAMPLE}`,
    );
  }
  if (url.username || url.password) throw new UsageError(`path "${input}": must not carry credentials`);
  return `${url.pathname.slice(prefix.length)}${url.search}${url.hash}`;
}

/** One GET; the body comes back as the server sent it. */
export function getRaw(client: ApiClient, target: ApiTarget): Promise<{ status: number; text: string; contentType?: string }> {
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

export type PageResult = { paged: false; body: unknown } | { paged: true; items: AsyncGenerator<unknown, void, undefined> };

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
  async function* items(): AsyncGenerator<unknown, void, undefined> {
    let page: PagedShape = shape!;
    let offset = start;
    for (;;) {
      yield* page.items;
      offset += page.items.length;
      if (offset >= page.total) return;
      if (page.items.length === 0) throw check.emptyBeforeTotal(offset, offset - start, page.total);
      const body = await fetchPage(offset);
      const next = pagedShape(body, target.path);
      if (!next) throw new RequestError(`page at offset ${offset} of ${target.path} is not a list page like the first`);
      check.page(offset, next.items, next.total);
      page = next;
    }
  }
  return { paged: true, items: items() };
}
