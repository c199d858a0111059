import * as z from '../zod-mini.js';
import { RequestError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { segment } from './http/path.js';
import { lifecycle as lifecycleShape } from './schemas/flag.js';
import type { SearchFlag } from './schemas/search.js';
import type { RateLimitPacer } from './http/rate-limit.js';
import { searchFlags } from './search.js';
import { fast } from './schemas/search-check.js';

// Every flag a server has, from its cheap endpoints (SERVER-FACTS): one request for the
// projects, one per project for its features (no paging, no rate limit), one for the flag
// types' expected lifetimes, and the archived flags through search's `archived` filter, paged
// and paced like every search. 6.10.1 and 8.2.0 both accept `archived=IS:true`.
//
// The project feature lists carry neither lifecycle nor the server's potentially-stale mark:
// flags/list.ts judges each flag from what is read here (flags/stale.ts holds the server's
// rule); the lifecycle stage of an active flag is read, when it is wanted, from that flag's own
// document (flagLifecycle) or its stage rows (flagStage, the same answer for less of the
// server's time); archived flags have it in their search results. Search pages carry one too,
// but not the same one: the latest stage row by time, where the document gives the furthest
// stage reached (docs/guides/refs-internals.md).

const str = z.nullish(z.string());
const projectsResponse = z.looseObject({ projects: z.array(z.looseObject({ id: z.string() })) });
const flagTypesResponse = z.looseObject({
  types: z.array(z.looseObject({ id: z.string(), lifetimeDays: z.nullish(z.number()) })),
});
const projectFlag = z.looseObject({
  name: z.string(),
  type: str,
  stale: z.nullish(z.boolean()),
  createdAt: str,
  lastSeenAt: str,
  environments: z.nullish(z.array(z.looseObject({ lastSeenAt: str }))),
});
const projectFlagsResponse = z.looseObject({ features: z.array(projectFlag) });
/** One flag of a project's feature list, as the server sends it. */
export type ProjectListFlag = z.output<typeof projectFlag>;
/** A project's list is thousands of small objects: checked by the compiled walk, not zod's (built at first use). */
let projectFlagsChecked: z.ZodMiniType<z.output<typeof projectFlagsResponse>> | undefined;
const flagLifecycleResponse = z.looseObject({ lifecycle: z.nullish(lifecycleShape) });
const stageRowsResponse = z.array(z.looseObject({ stage: z.string(), status: z.nullish(z.string()) }));

export interface ListOptions {
  /** Project ids to read; all of the server's when absent. */
  projects?: string[];
  /** Search pages fetched at once for the archived flags. */
  concurrency?: number;
  /** The run's rate-limit pacer: the archived flags come from search, which is limited on 8.x. */
  pacer?: RateLimitPacer;
}

/** What the server says of its flags: each project's list, the archived flags and the types' lifetimes. */
export interface ServerFlags {
  lists: { id: string; features: ProjectListFlag[] }[];
  archived: SearchFlag[];
  /** Each flag type's expected lifetime in days; null: it never expires. */
  lifetimes: Map<string, number | null>;
}

/** The project every Unleash server starts with. */
const DEFAULT_PROJECT = 'default';

/** Every flag, active and archived, of the projects asked for (all by default), as the server lists them. */
export async function readFlags(client: ApiClient, opts: ListOptions = {}): Promise<ServerFlags> {
  const archivedQuery = new URLSearchParams({ archived: 'IS:true' });
  if (opts.projects) archivedQuery.set('project', `IS_ANY_OF:${opts.projects.join(',')}`);
  const flagsOf = (id: string) =>
    client
      .getJson(
        `/api/admin/projects/${segment(id, 'project id')}/features`,
        (projectFlagsChecked ??= fast(projectFlagsResponse)),
      )
      .then((r) => ({ id, features: r.features }));
  // Without --project, the default project's list is asked for beside the project list
  // instead of after it: most servers have it (open-source ones have nothing else), and it
  // saves a round trip before the scan can start. Where there is no such project, the
  // answer, whatever it is, goes unused.
  const early = opts.projects ? undefined : flagsOf(DEFAULT_PROJECT);
  early?.catch(() => undefined); // used, and its failure thrown, only if the project exists
  const [projects, lifetimes, archived] = await Promise.all([
    opts.projects ?? client.getJson('/api/admin/projects', projectsResponse).then((r) => r.projects.map((p) => p.id)),
    client
      .getJson('/api/admin/feature-types', flagTypesResponse)
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
  const lists = await Promise.all(projects.map((id) => (early && id === DEFAULT_PROJECT ? early : flagsOf(id))));
  return { lists, archived, lifetimes };
}

async function collectArchived(
  client: ApiClient,
  query: URLSearchParams,
  concurrency: number,
  pacer?: RateLimitPacer,
): Promise<SearchFlag[]> {
  const all: SearchFlag[] = [];
  for await (const f of searchFlags(client, { query, offset: 0, concurrency, pacer })) all.push(f);
  return all;
}

/** A flag's lifecycle: its stage and, once completed, its status (`kept` or `discarded`). */
export interface FlagLifecycle {
  stage: string;
  status: string | null;
}

/** An active flag's lifecycle stage and status, from its own document; null when the server has none. */
export async function flagLifecycle(client: ApiClient, project: string, name: string): Promise<FlagLifecycle | null> {
  const doc = await client.getJson(
    `/api/admin/projects/${segment(project, 'project id')}/features/${segment(name, 'feature name')}`,
    flagLifecycleResponse,
  );
  return doc.lifecycle ? { stage: doc.lifecycle.stage, status: doc.lifecycle.status ?? null } : null;
}

/**
 * The order in which both servers (6.10.1 and 8.2.0, `getCurrentStage`) pick the stage a flag's
 * document shows from its stage rows: the furthest reached, whenever each row was written.
 */
const FURTHEST_FIRST = ['archived', 'completed', 'live', 'pre-live', 'initial'];

/** The stage a flag's document shows, from its stage rows, as the server picks it; null for none it knows. */
export function furthestStage(rows: readonly { stage: string; status?: string | null }[]): FlagLifecycle | null {
  for (const stage of FURTHEST_FIRST) {
    const row = rows.find((r) => r.stage === stage);
    // The server drops an empty status from the document.
    if (row) return { stage, status: row.status || null };
  }
  return null;
}

/**
 * An active flag's lifecycle as its document gives it, read from its stage rows
 * (`GET …/features/{name}/lifecycle`): the document's `lifecycle` is computed from the same
 * rows by the same query (findCurrentStage), but the document also joins strategies,
 * environments, variants, dependencies and collaborators, about three times the server's time.
 * A flag the server does not have has no rows: null, as for one without any.
 */
export async function flagStage(client: ApiClient, project: string, name: string): Promise<FlagLifecycle | null> {
  const rows = await client.getJson(
    `/api/admin/projects/${segment(project, 'project id')}/features/${segment(name, 'feature name')}/lifecycle`,
    stageRowsResponse,
  );
  return furthestStage(rows);
}
