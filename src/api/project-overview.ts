import { ApiError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import {
  projectOverview,
  projectOverviewHead,
  type ProjectOverview,
  type ProjectOverviewHead,
} from './schemas/project-overview.js';
import { keepRaw } from './http/json-text.js';
import { segment } from './http/path.js';
import { searchFlag, type SearchFlag } from './schemas/search.js';
import { searchFlags, type SearchProgress } from './search.js';
import type { RateLimitPacer } from './http/rate-limit.js';
import * as z from '../zod-mini.js';

/**
 * Unleash answers an API path it does not serve with 404 "The path you were looking for
 * (/api/...) is not available." A missing project is also a 404, but says "No project found".
 */
export function isPathNotAvailable(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status === 404 &&
    /path you were looking for .* is not available/i.test(err.body.message ?? '')
  );
}

/** Where the overview came from: the deprecated endpoint whole, or assembled from its two replacements. */
export interface OverviewSource {
  kind: 'deprecated' | 'replacement';
  overview: ProjectOverview;
}

/** GET /api/admin/projects/{id}/features: every non-archived feature, in the 6.x overview's item shape. */
const projectFlagList = z.looseObject({ features: z.array(searchFlag) });

/**
 * GET /api/admin/projects/{id}; on servers without it (Unleash 7 and later),
 * GET /api/admin/projects/{id}/overview and GET /api/admin/projects/{id}/features at once:
 * two requests at any size, neither of them rate-limited (search is, on Unleash 8).
 */
export async function fetchOverview(client: ApiClient, projectId: string): Promise<OverviewSource> {
  const id = segment(projectId, 'project id');
  try {
    return { kind: 'deprecated', overview: await client.getJson(`/api/admin/projects/${id}`, projectOverview) };
  } catch (err) {
    if (!isPathNotAvailable(err)) throw err;
  }
  const [head, list] = await Promise.allSettled([
    client.getJson(`/api/admin/projects/${id}/overview`, projectOverviewHead),
    client.getJson(`/api/admin/projects/${id}/features`, projectFlagList),
  ]);
  // The overview's answer speaks first: a missing project is its 404.
  if (head.status === 'rejected') throw head.reason;
  if (list.status === 'rejected') throw list.reason;
  return { kind: 'replacement', overview: assembleOverview(head.value, list.value.features) };
}

/**
 * Fields only search results carry: neither the 6.x overview nor /projects/{id}/features has
 * them (both do have tags, on 6.10.1 and 8.2.0). They are fetched (paced, see searchFlags)
 * only when asked for.
 */
export const SEARCH_ONLY_FIELDS = ['lifecycle', 'createdBy', 'segments', 'dependencyType'] as const;

/**
 * The features with the search-only fields added from a search of the project (`project=IS:<id>`),
 * matched by name. Fields a feature already has are kept.
 */
export async function withSearchFields(
  client: ApiClient,
  projectId: string,
  features: SearchFlag[],
  options: { pacer?: RateLimitPacer; concurrency?: number; onProgress?: (p: SearchProgress) => void } = {},
): Promise<SearchFlag[]> {
  const extra = new Map<string, Partial<SearchFlag>>();
  const query = new URLSearchParams({ project: `IS:${projectId}` });
  const pages = searchFlags(
    client,
    { query, offset: 0, concurrency: options.concurrency ?? 4, pacer: options.pacer },
    options.onProgress,
  );
  for await (const f of pages) {
    const picked: Record<string, unknown> = {};
    for (const key of SEARCH_ONLY_FIELDS) if (f[key] !== undefined) picked[key] = f[key];
    extra.set(f.name, picked as Partial<SearchFlag>);
  }
  return features.map((f) => {
    const merged = { ...extra.get(f.name), ...f };
    keepRaw(f, merged);
    return merged;
  });
}

/** The spec's overview from the replacement document and the feature list; extra fields stay. */
export function assembleOverview(head: ProjectOverviewHead, features: SearchFlag[]): ProjectOverview {
  // Same place as the deprecated endpoint puts them: right after the environments.
  // Keys are the server's: defineProperty keeps one named `__proto__` as data, where
  // assignment would set the prototype and drop it.
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown) =>
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(head)) {
    if (key === 'features') continue;
    set(key, value);
    if (key === 'environments') set('features', features);
  }
  if (!Object.hasOwn(out, 'features')) set('features', features);
  keepRaw(head, out);
  return out as ProjectOverview;
}
