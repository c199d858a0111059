import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';
import { flagEvents, newestEvent } from './events.js';

// Which server a plan was made on, and what it can see (SERVER-FACTS, "Learned in turn 4"):
// a URL names a place, not a server, so a plan records the instance's own id
// (`versionInfo.instanceId` of GET /api/admin/ui-config, a UUID on 6.10.1 and 8.2.0), and the
// instance's environments, since a flag's lastSeenAt is reported only for the environments
// enabled in its project.

const uiConfig = z.looseObject({ versionInfo: z.nullish(z.looseObject({ instanceId: z.nullish(z.string()) })) });
const environments = z.looseObject({
  environments: z.array(z.looseObject({ name: z.string(), enabled: z.nullish(z.boolean()) })),
});

/** The instance's id; null when the server does not say (then nothing can be compared). */
export async function instanceId(client: ApiClient): Promise<string | null> {
  const r = await client.getJson('/api/admin/ui-config', uiConfig);
  const id = r.versionInfo?.instanceId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/**
 * The instance's environments that SDKs can use, sorted: a disabled environment (the servers'
 * own `default` on a fresh install) serves no flags, so it cannot see a flag used either.
 */
export async function enabledEnvironments(client: ApiClient): Promise<string[]> {
  const r = await client.getJson('/api/admin/environments', environments);
  return r.environments
    .filter((e) => e.enabled !== false)
    .map((e) => e.name)
    .sort();
}

/** What happened to a flag after a moment: its newest create, archive, revive or delete event. */
export interface Change {
  type: 'feature-created' | 'feature-archived' | 'feature-revived' | 'feature-deleted';
  at: string;
}

/** Events on changesSince's first page. */
const FIRST_PAGE = 100;

const CHANGE_TYPES: Change['type'][] = ['feature-created', 'feature-archived', 'feature-revived', 'feature-deleted'];

/**
 * An event's time is its transaction's start (the database's now()), its id is taken when it is
 * inserted: an event after the mark may bear a time a little older than the mark's. The history
 * is read this far past the mark's time before it stops; events at or below the mark's id are
 * passed over, not counted. Short, as a burst of events just before the plan (a revive of a
 * thousand flags) is read only within it.
 */
const COMMIT_ORDER_SLACK_MS = 2_000;

/**
 * Where the project's history stood when a plan read the server: its newest event, by the
 * server's own id and time. "Since the plan" is then judged by the server's clock alone: the
 * plan's createdAt is the clock of the machine that made it, which may be minutes off the
 * server's, and an event inside that gap would be taken for one before the plan. `createdAt`
 * null: the project had no events then, so every event is since.
 */
export interface HistoryMark {
  id: number;
  createdAt: string | null;
  /**
   * The server's own clock (its Date header) was already more than COMMIT_ORDER_SLACK_MS (and
   * the header's second) past the mark's time when the plan read it: no write that began before
   * the mark can still have been open then, so nothing after the mark hides behind it (below),
   * and the history is read up to the mark and no further.
   */
  settled?: boolean;
}

/** The project's newest event; null when the server gives it no id (then only the plan's time can be used). */
export async function historyMark(client: ApiClient, project: string): Promise<HistoryMark | null> {
  const { event: e, date } = await newestEvent(client, project);
  if (!e) return { id: 0, createdAt: null };
  if (typeof e.id !== 'number') return null;
  const age = Date.parse(date ?? '') - Date.parse(e.createdAt);
  return age > COMMIT_ORDER_SLACK_MS + 1000
    ? { id: e.id, createdAt: e.createdAt, settled: true }
    : { id: e.id, createdAt: e.createdAt };
}

/**
 * The newest create, archive, revive or delete event of each of these flags after `afterMs`,
 * from the project's history (newest first, not rate-limited): paging stops at the first event
 * older than that, so a quiet project costs one request. That first page is small (most plans
 * are applied with few changes since; a page of 1,000 events with their data is about half a
 * megabyte to send and parse), and the pages after it take 1,000. With a `mark` (the plan's),
 * "after" is judged by the server's event ids, not by `afterMs` (another machine's clock).
 */
export async function changesSince(
  client: ApiClient,
  project: string,
  names: string[],
  afterMs: number,
  mark?: HistoryMark | null,
): Promise<Map<string, Change>> {
  const counted = await changesCounted(client, project, names, afterMs, mark);
  return new Map([...counted].map(([name, c]) => [name, c.newest]));
}

/**
 * How many create, archive, revive or delete events each of these flags has after `afterMs`
 * (or after `mark`), with the newest: a flag that one archive after that moment took and
 * nobody touched since has exactly one. The history is read as changesSince says.
 */
export async function changesCounted(
  client: ApiClient,
  project: string,
  names: string[],
  afterMs: number,
  mark?: HistoryMark | null,
): Promise<Map<string, { count: number; newest: Change }>> {
  const wanted = new Set(names);
  const found = new Map<string, { count: number; newest: Change }>();
  if (wanted.size === 0) return found;
  const markMs = mark?.createdAt ? Date.parse(mark.createdAt) : NaN;
  // From the day before the mark's time (the server's clock), or before `afterMs`: the server's
  // clock and ours need not agree on the date.
  const since = new Date((Number.isFinite(markMs) ? markMs : afterMs) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const pages = { pageSize: 1000, firstPageSize: FIRST_PAGE };
  for await (const e of flagEvents(client, { project, types: CHANGE_TYPES, since, ...pages })) {
    const at = Date.parse(e.createdAt);
    if (mark && typeof e.id === 'number') {
      if (e.id <= mark.id) {
        if (mark.settled || !Number.isFinite(markMs) || (Number.isFinite(at) && at < markMs - COMMIT_ORDER_SLACK_MS))
          break;
        continue;
      }
      // An event without an id can only be placed by its time.
    } else if (Number.isFinite(at) && at <= afterMs) break;
    const name = e.featureName;
    if (!name || !wanted.has(name) || !(CHANGE_TYPES as string[]).includes(e.type)) continue;
    const seen = found.get(name);
    if (seen) seen.count++;
    else found.set(name, { count: 1, newest: { type: e.type as Change['type'], at: e.createdAt } });
  }
  return found;
}
