import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';
import { PageCheck } from './http/paging.js';
import { fast } from './schemas/search-check.js';

// GET /api/admin/search/events: a feature's change history, newest first, paged with
// offset/limit and a `total`. Not rate-limited on 8.2.0 (only /search/features is; no
// RateLimit headers on this path), so pages go one after another without pacing.

export const EVENTS_PATH = '/api/admin/search/events';
const PAGE_SIZE = 100;

export const changeEvent = z.looseObject({
  id: z.nullish(z.number()),
  type: z.string(),
  createdBy: z.nullish(z.string()),
  createdAt: z.string(),
  environment: z.nullish(z.string()),
  featureName: z.nullish(z.string()),
  project: z.nullish(z.string()),
  data: z.nullish(z.unknown()),
  preData: z.nullish(z.unknown()),
});

// Up to 1,000 events a page: checked by a plain walk compiled from the schema (schemas/search-check.ts).
const eventsPage = fast(z.looseObject({ events: z.array(changeEvent), total: z.nullish(z.number()) }));

export type ChangeEvent = z.output<typeof changeEvent>;

export interface EventsRequest {
  /** One feature's events; every feature's when absent. */
  feature?: string;
  project?: string;
  /** Event types (the server ORs them). */
  types?: string[];
  /** YYYY-MM-DD: events on or after that day (UTC). */
  since?: string;
  /** How many events to hand out; undefined means all. */
  limit?: number;
  /** Events a page (the servers take up to 1,000); 100 when absent. */
  pageSize?: number;
  /** Events on the first page, when fewer than pageSize: for a reader that most often stops within it. */
  firstPageSize?: number;
}

/** The filters as the server reads them (`IS:` operators, 6.10.1 and 8.2.0). */
export function eventsQuery(req: EventsRequest): URLSearchParams {
  const q = new URLSearchParams();
  if (req.feature !== undefined) q.set('feature', `IS:${req.feature}`);
  if (req.project) q.set('project', `IS:${req.project}`);
  if (req.types?.length) q.set('type', `IS_ANY_OF:${req.types.join(',')}`);
  if (req.since) q.set('from', `IS:${req.since}`);
  return q;
}

/**
 * The feature's events, newest first, page by page; `onTotal` hears the server's count once.
 * Complete or it fails (paging.ts): the offset moves on by what came, so a server that caps the
 * page size below ours still gets every event; an empty page before the total, a repeated page
 * or too many pages is an error. An event met twice (by id) is handed out once.
 */
export async function* flagEvents(
  client: ApiClient,
  req: EventsRequest,
  onTotal?: (total: number) => void,
): AsyncGenerator<ChangeEvent, void, undefined> {
  const want = req.limit ?? Number.POSITIVE_INFINITY;
  const base = eventsQuery(req);
  const pageSize = req.pageSize ?? PAGE_SIZE;
  const check = new PageCheck(EVENTS_PATH, pageSize);
  let handedOut = 0;
  let total: number | undefined;
  // Event ids are unique: an event met again moved onto the next page because one was added
  // at the top meanwhile (newest first), and is handed out once.
  const seen = new Set<number>();
  for (let offset = 0; handedOut < want;) {
    const size = Math.min(offset === 0 ? (req.firstPageSize ?? pageSize) : pageSize, want - handedOut);
    const q = new URLSearchParams(base);
    q.set('offset', String(offset));
    q.set('limit', String(size));
    const page = await client.getJson(EVENTS_PATH, eventsPage, q);
    let counted = typeof page.total === 'number' ? page.total : undefined;
    // A page asked for at or beyond the count (see below) that holds events: the count was
    // behind the list, and is at least what has arrived.
    if (counted !== undefined && total !== undefined && offset >= total && page.events.length > 0)
      counted = Math.max(counted, offset + page.events.length);
    check.page(offset, page.events, counted, (e) =>
      JSON.stringify([(e as ChangeEvent).id, (e as ChangeEvent).createdAt, (e as ChangeEvent).type]),
    );
    if (offset === 0 && counted !== undefined) onTotal?.(counted);
    // A page past the end may count 0: only a page with events tells the total.
    if (counted !== undefined && (page.events.length > 0 || total === undefined)) total = counted;
    for (const event of page.events) {
      if (typeof event.id === 'number') {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
      }
      yield event;
      if (++handedOut >= want) return;
    }
    if (page.events.length === 0) {
      if (total !== undefined && offset < total) throw check.emptyBeforeTotal(offset, offset, total);
      return;
    }
    offset += page.events.length;
    // Without a total, a short page is the end; with one, only reaching it is. A full page that
    // reaches the count may mean the count is behind the list (cached or lagging): one more page
    // is asked for (PageCheck's bound ends a list that never ends), as search does.
    if (total !== undefined ? offset >= total && page.events.length !== size : page.events.length < size) return;
  }
}

/**
 * The newest event of these filters alone (one request of one event), with the server's count
 * and its Date header (its clock at the answer, to the second).
 */
async function firstEvent(
  client: ApiClient,
  req: EventsRequest,
): Promise<{ event: ChangeEvent | undefined; total: number; date: string | undefined }> {
  const q = eventsQuery(req);
  q.set('offset', '0');
  q.set('limit', '1');
  const { body, date } = await client.getJsonDated(EVENTS_PATH, eventsPage, q);
  return { event: body.events[0], total: body.total ?? 0, date };
}

/** The project's newest event (none when it has none), and the server's Date header of that answer. */
export async function newestEvent(
  client: ApiClient,
  project: string,
): Promise<{ event: ChangeEvent | undefined; date: string | undefined }> {
  const { event, date } = await firstEvent(client, { project });
  return { event, date };
}

/** Whether the server has any event for this feature name at all (a name it never saw has none). */
export async function hasEvents(client: ApiClient, feature: string): Promise<boolean> {
  const { event, total } = await firstEvent(client, { feature });
  return event !== undefined || total > 0;
}
