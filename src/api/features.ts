import type { ApiClient } from './client.js';
import { segment } from './path.js';
import { feature, type Feature } from './schemas.js';

/** GET /api/admin/projects/{projectId}/features/{featureName} */
export function getFeature(client: ApiClient, projectId: string, featureName: string): Promise<Feature> {
  const path = `/api/admin/projects/${segment(projectId, 'project')}/features/${segment(featureName, 'feature name')}`;
  return client.getJson(path, feature);
}
