import * as z from '../zod-mini.js';
import { RequestError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { segment } from './http/path.js';
import { lifecycle as lifecycleShape, type SearchFeature } from './schemas/flag.js';
import type { RateLimitPacer } from './http/rate-limit.js';
import { searchFeatures } from './search.js';
import { fast } from './schemas/search-check.js';

// Every flag a server has, from its cheap endpoints (SERVER-FACTS): one request for the
// projects, one per project for its features (no paging, no rate limit), one for the flag
// types' expected lifetimes, and the archived flags through search's `archived` filter, paged
// and paced like every search. 6.10.1 and 8.2.0 both accept `archived=IS:true`.
//
// The project feature lists carry neither lifecycle nor the server's potentially-stale mark:
// - potentially stale is the rule the server itself applies (its job runs every minute): not
//   marked stale, and older than its type's expected lifetime;
// - the lifecycle stage of an active flag is read, when it is wanted, from that flag's own
//   document (lifecycleOf); archived flags have it in their search results. Search pages
//   carry one too, but not the same one: the latest stage row by time, where the document
//   gives the furthest stage reached (docs/guides/refs-internals.md).

export type FlagState = 'active' | 'stale' | 'potentially-stale';

export interface FlagInfo {
  name: string;
  project: string;
  type: string | null;
  state: FlagState;
  archived: boolean;
  /** Lifecycle stage (initial, pre-live, live, completed, archived); null when not known. */
  lifecycle: string | null;
  /** With the stage `completed`: how it ended, `kept` or `discarded` (as the server says); null or absent otherwise. */
  lifecycleStatus?: string | null;
  /** The latest time any SDK reported the flag, over all environments. */
  lastSeenAt: string | null;
  createdAt: string | null;
}

const str = z.nullish(z.string());
const projectsResponse = z.looseObject({ projects: z.array(z.looseObject({ id: z.string() })) });
const featureTypesResponse = z.looseObject({
  types: z.array(z.looseObject({ id: z.string(), lifetimeDays: z.nullish(z.number()) })),
});
const projectFeature = z.looseObject({
  name: z.string(),
  type: str,
  stale: z.nullish(z.boolean()),
  createdAt: str,
  lastSeenAt: str,
  environments: z.nullish(z.array(z.looseObject({ lastSeenAt: str }))),
});
const projectFeaturesResponse = z.looseObject({ features: z.array(projectFeature) });
/** A project's list is thousands of small objects: checked by the compiled walk, not zod's (built at first use). */
let projectFeaturesChecked: z.ZodMiniType<z.output<typeof projectFeaturesResponse>> | undefined;
const featureLifecycleResponse = z.looseObject({ lifecycle: z.nullish(lifecycleShape) });

export interface ListOptions {
  /** Project ids to read; all of the server's when absent. */
  projects?: string[];
  /** Search pages fetched at once for the archived flags. */
  concurrency?: number;
  /** The run's rate-limit pacer: the archived flags come from search, which is limited on 8.x. */
  pacer?: RateLimitPacer;
  now?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The project every Unleash server starts with. */
const DEFAULT_PROJECT = 'default';

/** Every flag, active and archived, of the projects asked for (all by default). */
export async function listFlags(client: ApiClient, opts: ListOptions = {}): Promise<FlagInfo[]> {
  const now = opts.now ?? Date.now();
  const archivedQuery = new URLSearchParams({ archived: 'IS:true' });
  if (opts.projects) archivedQuery.set('project', `IS_ANY_OF:${opts.projects.join(',')}`);
  const featuresOf = (id: string) =>
    client
      .getJson(
        `/api/admin/projects/${segment(id, 'project id')}/features`,
        (projectFeaturesChecked ??= fast(projectFeaturesResponse)),
      )
      .then((r) => ({ id, features: r.features }));
  // Without --project, the default project's list is asked for beside the project list
  // instead of after it: most servers have it (open-source ones have nothing else), and it
  // saves a round trip before the scan can start. Where there is no such project, the
  // answer, whatever it is, goes unused.
  const early = opts.projects ? undefined : featuresOf(DEFAULT_PROJECT);
  early?.catch(() => undefined); // used, and its failure thrown, only if the project exists
  const [projects, lifetimes, archived] = await Promise.all([
    opts.projects ?? client.getJson('/api/admin/projects', projectsResponse).then((r) => r.projects.map((p) => p.id)),
    client
      .getJson('/api/admin/feature-types', featureTypesResponse)
      .then((r) => new Map(r.types.map((t) => [t.id, t.lifetimeDays ?? null]))),
    collectArchived(client, archivedQuery, opts.concurrency ?? 4, opts.pacer),
  ]);
  // Every instance has its default project: none listed means this token sees no flag at all,
  // and references judged against nothing would pass any gate.
  if (projects.length === 0) {
    throw new RequestError(
      'the server lists no projects (GET /api/admin/projects), so there is no flag to judge the references against; every Unleash server has at least its default project, so this token may not see them',
    );
  }
  const lists = await Promise.all(projects.map((id) => (early && id === DEFAULT_PROJECT ? early : featuresOf(id))));
  const flags: FlagInfo[] = [];
  const seen = new Set<string>();
  for (const { id, features } of lists) {
    for (const f of features) {
      seen.add(f.name);
      flags.push({
        name: f.name,
        project: id,
        type: f.type ?? null,
        state: f.stale
          ? 'stale'
          : potentiallyStale(f.createdAt, lifetimeOf(lifetimes, f.type, f.name), now)
            ? 'potentially-stale'
            : 'active',
        archived: false,
        lifecycle: null,
        lastSeenAt: latest([f.lastSeenAt, ...(f.environments ?? []).map((e) => e.lastSeenAt)]),
        createdAt: f.createdAt ?? null,
      });
    }
  }
  for (const f of archived) {
    if (seen.has(f.name)) continue;
    // An archived flag is not judged for staleness by the server: its own mark is all there is.
    flags.push({
      name: f.name,
      project: f.project ?? '',
      type: f.type ?? null,
      state: f.stale ? 'stale' : 'active',
      archived: true,
      lifecycle: f.lifecycle?.stage ?? 'archived',
      lastSeenAt: latest([f.lastSeenAt, ...(f.environments ?? []).map((e) => e.lastSeenAt)]),
      createdAt: f.createdAt ?? null,
    });
  }
  return flags;
}

async function collectArchived(
  client: ApiClient,
  query: URLSearchParams,
  concurrency: number,
  pacer?: RateLimitPacer,
): Promise<SearchFeature[]> {
  const all: SearchFeature[] = [];
  for await (const f of searchFeatures(client, { query, offset: 0, concurrency, pacer })) all.push(f);
  return all;
}

/**
 * A type's expected lifetime from the server's list: null when it has none (it never expires).
 * A flag's type is always in that list on a real server; one it lacks would read as "never
 * expires" and pass a gate on potentially stale flags, so it is an error.
 */
export function lifetimeOf(
  lifetimes: Map<string, number | null>,
  type: string | null | undefined,
  flag: string,
): number | null | undefined {
  if (!type || lifetimes.has(type)) return type ? lifetimes.get(type) : undefined;
  throw new RequestError(
    `flag "${flag}" has type "${type}", which the server's flag types (GET /api/admin/feature-types) do not list: its expected lifetime, and so whether it is potentially stale, cannot be told`,
  );
}

/** The server's rule: older than the type's expected lifetime; a type without one never expires. */
export function potentiallyStale(
  createdAt: string | null | undefined,
  lifetimeDays: number | null | undefined,
  now: number,
): boolean {
  if (!createdAt || lifetimeDays === null || lifetimeDays === undefined || lifetimeDays <= 0) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && created + lifetimeDays * DAY_MS < now;
}

function latest(times: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  let bestMs = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    if (!t) continue;
    const ms = Date.parse(t);
    if (Number.isFinite(ms) && ms > bestMs) {
      best = t;
      bestMs = ms;
    }
  }
  return best;
}

/** A flag's lifecycle: its stage and, once completed, its status (`kept` or `discarded`). */
export interface FlagLifecycle {
  stage: string;
  status: string | null;
}

/** An active flag's lifecycle stage and status, from its own document; null when the server has none. */
export async function featureLifecycle(
  client: ApiClient,
  project: string,
  name: string,
): Promise<FlagLifecycle | null> {
  const doc = await client.getJson(
    `/api/admin/projects/${segment(project, 'project id')}/features/${segment(name, 'feature name')}`,
    featureLifecycleResponse,
  );
  return doc.lifecycle ? { stage: doc.lifecycle.stage, status: doc.lifecycle.status ?? null } : null;
}

/** An active flag's lifecycle stage alone; null when the server has none. */
export async function lifecycleOf(client: ApiClient, project: string, name: string): Promise<string | null> {
  return (await featureLifecycle(client, project, name))?.stage ?? null;
}
