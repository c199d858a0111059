import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';
import { segment } from './http/path.js';
import { fast } from './schemas/search-check.js';

// What a snapshot reads of a project before its features' documents: its environments and its
// feature list. GETs only: the batch export, which Unleash logs as a features-exported event
// holding the whole export, is no longer used (see docs/writes.md).

const bool = z.nullish(z.boolean());

const projectEnvironments = z.looseObject({
  environments: z.array(z.looseObject({ name: z.string(), enabled: bool, visible: bool })),
});

/**
 * The environments enabled in a project (GET /api/admin/environments/project/{id}). Real
 * servers list every environment there and mark the project's own `visible`; for an unknown
 * project none is visible, so the list is empty.
 */
export async function listProjectEnvironments(client: ApiClient, project: string): Promise<string[]> {
  const doc = await client.getJson(
    `/api/admin/environments/project/${segment(project, 'project')}`,
    projectEnvironments,
  );
  return doc.environments.filter((e) => e.visible !== false && e.enabled !== false).map((e) => e.name);
}

const flagList = z.looseObject({
  version: z.nullish(z.number()),
  features: z.array(
    z.looseObject({
      name: z.string(),
      tags: z.nullish(z.array(z.looseObject({ type: z.string(), value: z.string() }))),
      environments: z.nullish(z.array(z.looseObject({ name: z.string(), enabled: bool }))),
    }),
  ),
});

export type ProjectFlagItem = z.output<typeof flagList>['features'][number];
const flagListChecked = fast(flagList);

/**
 * GET /api/admin/projects/{id}/features: every active feature with its enabled state in each
 * environment and, on real servers (`version` 2, 6.x and 8.x), its tags; one request, not
 * rate-limited.
 */
export function projectFlagList(client: ApiClient, project: string): Promise<z.output<typeof flagList>> {
  return client.getJson(`/api/admin/projects/${segment(project, 'project')}/features`, flagListChecked);
}
