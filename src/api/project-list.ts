import * as z from '../zod-mini.js';
import { ApiError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { listProjectEnvironments } from './project-flags.js';

// GET /api/admin/projects: every project the token can see (6.10.1 and 8.2.0). Used to tell a
// mistyped --project from an empty one: search and /projects/{id}/features answer an unknown
// project with 200 and nothing, which a gate would take for "all clear". Where the list cannot
// be read, each project's environments tell instead.

const projectList = z.looseObject({ projects: z.array(z.looseObject({ id: z.string() })) });

const projectRows = z.looseObject({
  projects: z.array(
    z.looseObject({
      id: z.string(),
      name: z.nullish(z.string()),
      description: z.nullish(z.string()),
      featureCount: z.nullish(z.number()),
      memberCount: z.nullish(z.number()),
      createdAt: z.nullish(z.string()),
    }),
  ),
});
export type ProjectRow = z.output<typeof projectRows>['projects'][number];

/** Every project the token can see, as the server sends them (GET /api/admin/projects). */
export async function listProjects(client: ApiClient): Promise<ProjectRow[]> {
  return (await client.getJson('/api/admin/projects', projectRows)).projects;
}

/**
 * The ids of the server's projects, or the refusal when the token may not list them (403) or
 * the server has no such list (404): then the caller checks each project another way.
 */
export async function projectIds(client: ApiClient): Promise<Set<string> | ApiError> {
  try {
    const body = await client.getJson('/api/admin/projects', projectList);
    return new Set(body.projects.map((p) => p.id));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return err;
    throw err;
  }
}

/**
 * Whether one project exists, from its environments (GET /api/admin/environments/project/{id}):
 * every project has at least one enabled, and an unknown one has none visible (6.10.1, 8.2.0).
 * The refusal when the token may not read them (403) or the server has no such path (404).
 */
export async function projectHasEnvironments(client: ApiClient, id: string): Promise<boolean | ApiError> {
  try {
    return (await listProjectEnvironments(client, id)).length > 0;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return err;
    throw err;
  }
}
