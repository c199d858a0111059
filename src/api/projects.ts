import { ApiError } from '../errors.js';
import type { ApiClient } from './client.js';
import {
  projectOverview,
  projectOverviewHead,
  type ProjectOverview,
  type ProjectOverviewHead,
} from './overview-schema.js';
import { segment } from './path.js';
import type { SearchFeature } from './schemas.js';
import { searchFeatures } from './search.js';

/** The search endpoint's page-size cap: a larger limit is silently replaced by 50. */
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

/** Where the overview came from: the deprecated endpoint whole, or its replacement without features. */
export type OverviewSource =
  | { kind: 'deprecated'; overview: ProjectOverview }
  | { kind: 'replacement'; head: ProjectOverviewHead };

/**
 * GET /api/admin/projects/{id}; on servers without it (Unleash 7 and later),
 * GET /api/admin/projects/{id}/overview, whose features come from search.
 */
export async function fetchOverview(client: ApiClient, projectId: string): Promise<OverviewSource> {
  const id = segment(projectId, 'project id');
  try {
    return { kind: 'deprecated', overview: await client.getJson(`/api/admin/projects/${id}`, projectOverview) };
  } catch (err) {
    if (!isPathNotAvailable(err)) throw err;
  }
  return { kind: 'replacement', head: await client.getJson(`/api/admin/projects/${id}/overview`, projectOverviewHead) };
}

/**
 * Every non-archived feature of a project: the search `project=IS:<id>`, paged at the
 * server's cap, in order and without repeats (see searchFeatures).
 */
export function projectFeatures(client: ApiClient, projectId: string, concurrency = 4): AsyncGenerator<SearchFeature> {
  return searchFeatures(client, { query: new URLSearchParams({ project: `IS:${projectId}` }), offset: 0, concurrency });
}

/** The spec's overview from the replacement document and the searched features; extra fields stay. */
export function assembleOverview(head: ProjectOverviewHead, features: SearchFeature[]): ProjectOverview {
  // Same place as the deprecated endpoint puts them: right after the environments.
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head)) {
    if (key === 'features') continue;
    out[key] = value;
    if (key === 'environments') out.features = features;
  }
  if (!('features' in out)) out.features = features;
  return out as ProjectOverview;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
