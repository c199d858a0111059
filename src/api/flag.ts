import type { ApiClient } from './http/client.js';
import { flagShape } from './schemas/flag-check.js';
import { segment } from './http/path.js';
import type { Flag } from './schemas/flag.js';

// No zod here: `feature get` reads this module at start-up (the shape is checked by
// feature-shape.ts). What the human record adds to the document is in feature-complete.ts.

export const flagPath = (projectId: string, featureName: string) =>
  `/api/admin/projects/${segment(projectId, 'project')}/features/${segment(featureName, 'feature name')}`;

/**
 * GET /api/admin/projects/{projectId}/features/{featureName}. `variantEnvironments=true` asks
 * real servers to put each environment's variants in the document (without it they leave them out).
 */
export function getFlag(client: ApiClient, projectId: string, featureName: string): Promise<Flag> {
  return client.getJson(
    flagPath(projectId, featureName),
    flagShape,
    new URLSearchParams({ variantEnvironments: 'true' }),
  );
}
