import * as z from '../zod-mini.js';
import { ApiError } from '../errors.js';
import type { ApiClient } from './client.js';

// GET /api/admin/projects: every project the token can see (6.10.1 and 8.2.0). Used to tell a
// mistyped --project from an empty one: search and /projects/{id}/features answer an unknown
// project with 200 and nothing, which a gate would take for "all clear".

const projectList = z.looseObject({ projects: z.array(z.looseObject({ id: z.string() })) });

/**
 * The ids of the server's projects, or undefined when the token may not list them (403) or the
 * server has no such list (404): then there is nothing to check against, and the command's own
 * requests speak.
 */
export async function projectIds(client: ApiClient): Promise<Set<string> | undefined> {
  try {
    const body = await client.getJson('/api/admin/projects', projectList);
    return new Set(body.projects.map((p) => p.id));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return undefined;
    throw err;
  }
}
