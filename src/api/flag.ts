import type { ApiClient } from './http/client.js';
import { featureShape } from './schemas/flag-check.js';
import { segment } from './http/path.js';
import type { Feature } from './schemas/flag.js';

// No zod here: `feature get` reads this module at start-up (the shape is checked by
// feature-shape.ts). What the human record adds to the document is in feature-complete.ts.

export const featurePath = (projectId: string, featureName: string) =>
  `/api/admin/projects/${segment(projectId, 'project')}/features/${segment(featureName, 'feature name')}`;

/**
 * GET /api/admin/projects/{projectId}/features/{featureName}. `variantEnvironments=true` asks
 * real servers to put each environment's variants in the document (without it they leave them out).
 */
export function getFeature(client: ApiClient, projectId: string, featureName: string): Promise<Feature> {
  return client.getJson(
    featurePath(projectId, featureName),
    featureShape,
    new URLSearchParams({ variantEnvironments: 'true' }),
  );
}
