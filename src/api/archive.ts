import * as z from '../zod-mini.js';
import type { ApiError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { flagStage, type FlagLifecycle } from './flag-list.js';
import { eachLimited } from './http/limit.js';
import { segment } from './http/path.js';
import type { RateLimitPacer } from './http/rate-limit.js';
import { lifecycle } from './schemas/flag.js';
import type { SearchFlag } from './schemas/search.js';
import { fast } from './schemas/search-check.js';
import { searchFlags } from './search.js';
import { flagEvents } from './events.js';

// The calls of a cleanup (SERVER-FACTS, "Writes used by a cleanup"). The reads are cheap and
// bulk: a project's active flags in one request (no paging, no rate limit), the completed and
// the archived ones through search filtered by stage or by name (rate-limited on 8.x, so
// only ever for the few), and a flag's document only when the instance has dependencies.
// The writes take up to 100 names a request (ARCHIVE_BATCH); both are idempotent on the
// server, so a connection lost before any answer is tried again (client.send).
//
// What the real servers do (6.10.1 and 8.2.0, tried here):
// - archive answers 202 for a name it does not have, and for one already archived: only a
//   read afterwards tells what happened;
// - a batch holding a parent whose child is active is refused whole (403
//   InvalidOperationError), nothing archived; `archive/validate` names the parents;
// - revive answers 200, also for names it does not have.

export const ARCHIVE_BATCH = 100;

const str = z.nullish(z.string());
const activeFlag = z.looseObject({
  name: z.string(),
  type: str,
  stale: z.nullish(z.boolean()),
  createdAt: str,
  lastSeenAt: str,
  environments: z.nullish(z.array(z.looseObject({ name: z.string(), lastSeenAt: str }))),
});
export type ActiveFlag = z.output<typeof activeFlag>;
// Thousands of flags with their environments: checked by a plain walk compiled from the schema
// (schemas/search-check.ts), as zod's own walk cost several times the JSON parse.
const activeResponse = fast(z.looseObject({ features: z.array(activeFlag) }));
const validateResponse = z.looseObject({ parentsWithChildFeatures: z.nullish(z.array(z.string())) });
const flagDocument = z.looseObject({ children: z.nullish(z.array(z.string())), lifecycle: z.nullish(lifecycle) });
const anyDependency = z.boolean();

const projectPath = (project: string) => `/api/admin/projects/${segment(project, 'project id')}`;

/** Every active (not archived) flag of a project, by name: one request, no paging. */
export async function activeFlags(client: ApiClient, project: string): Promise<Map<string, ActiveFlag>> {
  const r = await client.getJson(`${projectPath(project)}/features`, activeResponse);
  return new Map(r.features.map((f) => [f.name, f]));
}

export { typeLifetimes } from './flag-types.js';

/**
 * The project's flags in lifecycle stage completed, with their status: one filtered search
 * (paged past 100, paced), and the change history for the completed flags that search misses.
 * Search filters on a flag's latest stage row, where the stage is the furthest reached: a flag
 * completed before its `initial` row was written, or before an SDK first reported it, has an
 * older row as its latest (docs/guides/refs-internals.md). Every completion stores a
 * `feature-completed` event, so the flags whose newest completion, uncompletion, archive,
 * revive or delete event is a completion are the only others that can be completed; each of
 * those search did not return is confirmed by its own stage rows (a revive announced after a
 * completion deletes its row), never assumed.
 */
export async function completedFlags(
  client: ApiClient,
  project: string,
  pacer: RateLimitPacer,
): Promise<Map<string, FlagLifecycle>> {
  const query = new URLSearchParams({ project: `IS:${project}`, lifecycle: 'IS:completed' });
  const found = new Map<string, FlagLifecycle>();
  const history = lastCompletions(client, project);
  history.catch(() => undefined); // awaited below
  for await (const f of searchFlags(client, { query, offset: 0, concurrency: 2, pacer })) {
    if ((f.project ?? project) === project && f.lifecycle?.stage === 'completed')
      found.set(f.name, { stage: 'completed', status: f.lifecycle.status ?? null });
  }
  const unconfirmed = (await history).filter((name) => !found.has(name));
  // A few at a time over the client's keep-alive connections.
  await eachLimited(unconfirmed, 8, async (name) => {
    const lifecycle = await flagStage(client, project, name);
    if (lifecycle?.stage === 'completed') found.set(name, lifecycle);
  });
  return found;
}

/** What the change history says last of a flag's lifecycle and existence. */
const LIFECYCLE_FATES = [
  'feature-completed',
  'feature-uncompleted',
  'feature-archived',
  'feature-revived',
  'feature-deleted',
];

/** The project's flags whose newest event of LIFECYCLE_FATES is a completion: one unpaced event search, 1,000 a page. */
async function lastCompletions(client: ApiClient, project: string): Promise<string[]> {
  const newest = new Map<string, string>();
  for await (const e of flagEvents(client, { project, types: LIFECYCLE_FATES, pageSize: 1000 })) {
    if (e.featureName && LIFECYCLE_FATES.includes(e.type) && !newest.has(e.featureName))
      newest.set(e.featureName, e.type);
  }
  return [...newest].filter(([, type]) => type === 'feature-completed').map(([name]) => name);
}

/**
 * Whether any flag of the instance depends on another: the servers answer this one boolean
 * for the whole instance, whatever the project in the path (6.10.1 and 8.2.0).
 */
export async function anyDependencies(client: ApiClient, project: string): Promise<boolean> {
  return client.getJson(`${projectPath(project)}/dependencies`, anyDependency);
}

/** Names per search by name: one page of answers (the server's largest) when no name is part of another. */
const NAMES_PER_SEARCH = 100;
/** ...and a query string far below URL limits (8 KiB in many proxies), whatever the names' length (at most 100). */
const QUERY_CHARS = 6000;

/** `names` in chunks of at most NAMES_PER_SEARCH names and QUERY_CHARS characters once encoded. */
function searchChunks(names: string[]): string[][] {
  const out: string[][] = [];
  let chunk: string[] = [];
  let chars = 0;
  for (const n of names) {
    const size = encodeURIComponent(n).length + 3; // and its encoded comma
    if (chunk.length > 0 && (chunk.length >= NAMES_PER_SEARCH || chars + size > QUERY_CHARS)) {
      out.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(n);
    chars += size;
  }
  if (chunk.length > 0) out.push(chunk);
  return out;
}

/**
 * Which of these names are archived flags of the project. Search matches substrings of names
 * and descriptions, so the answer is filtered to exact names.
 */
export async function archivedAmong(
  client: ApiClient,
  project: string,
  names: string[],
  pacer: RateLimitPacer,
): Promise<Map<string, SearchFlag>> {
  const found = new Map<string, SearchFlag>();
  const wanted = new Set(names);
  for (const chunk of searchChunks(names)) {
    const query = new URLSearchParams({ archived: 'IS:true', project: `IS:${project}`, query: chunk.join(',') });
    for await (const f of searchFlags(client, { query, offset: 0, concurrency: 2, pacer })) {
      if (wanted.has(f.name) && (f.project ?? project) === project) found.set(f.name, f);
    }
  }
  return found;
}

/** The flags that name this one as their parent, and its lifecycle stage, from its document. */
export async function childrenOf(
  client: ApiClient,
  project: string,
  name: string,
): Promise<{ children: string[]; lifecycle: FlagLifecycle | null }> {
  const doc = await client.getJson(`${projectPath(project)}/features/${segment(name, 'feature name')}`, flagDocument);
  return {
    children: doc.children ?? [],
    lifecycle: doc.lifecycle ? { stage: doc.lifecycle.stage, status: doc.lifecycle.status ?? null } : null,
  };
}

/** Archives up to ARCHIVE_BATCH flags in one request. Throws the server's refusal as an ApiError. */
export async function archiveFlags(client: ApiClient, project: string, names: string[]): Promise<void> {
  await client.send(`${projectPath(project)}/archive`, { features: names }, { idempotent: true });
}

/**
 * The servers' refusal of a batch holding a parent whose child stays active (6.10.1 and 8.2.0:
 * 403 InvalidOperationError, "…since other features depend on it/them."): about some flags of
 * the batch, unlike a permission or change-request refusal, which is about the whole request.
 */
export function isDependencyRefusal(err: ApiError): boolean {
  return err.body.name === 'InvalidOperationError' && /depend on (it|them)\b/.test(err.body.message ?? '');
}

/** Which of these flags are parents of active flags (the server refuses to archive those). A read, despite the POST. */
export async function parentsAmong(client: ApiClient, project: string, names: string[]): Promise<string[]> {
  const r = await client.postJson(`${projectPath(project)}/archive/validate`, { features: names }, validateResponse);
  return r.parentsWithChildFeatures ?? [];
}

/** Restores up to ARCHIVE_BATCH archived flags in one request. */
export async function reviveFlags(client: ApiClient, project: string, names: string[]): Promise<void> {
  await client.send(`${projectPath(project)}/revive`, { features: names }, { idempotent: true });
}

/** `names` in slices of at most `size`. */
export function batches<T>(names: T[], size = ARCHIVE_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < names.length; i += size) out.push(names.slice(i, i + size));
  return out;
}

/** What became of a flag last, by the project's change history: archived, deleted or revived. */
export type LastFate = 'feature-archived' | 'feature-deleted' | 'feature-revived';

/**
 * The newest archive, delete or revive event of each of these flags since a day (YYYY-MM-DD,
 * UTC): how apply verifies its writes. The event search is not rate-limited and gives up to
 * 1,000 events a page, newest first, and paging stops once every flag's fate is known: one
 * request for most applies, where a search by name would be one paced request per 100 flags.
 */
export async function lastFates(
  client: ApiClient,
  project: string,
  names: string[],
  since: string,
): Promise<Map<string, LastFate>> {
  const wanted = new Set(names);
  const fates = new Map<string, LastFate>();
  const types: LastFate[] = ['feature-archived', 'feature-deleted', 'feature-revived'];
  // Newest first: the first event seen of a flag is its last fate.
  for await (const e of flagEvents(client, { project, types, since, pageSize: 1000 })) {
    const name = e.featureName;
    if (name && wanted.has(name) && !fates.has(name) && (types as string[]).includes(e.type))
      fates.set(name, e.type as LastFate);
    // Every flag's last fate is known: older events cannot change it (a busy history is not read whole).
    if (fates.size === wanted.size) break;
  }
  return fates;
}
