import * as z from '../zod-mini.js';
import { ApiError } from '../errors.js';
import type { ApiClient } from './client.js';
import { segment } from './path.js';
import { constraint, envVariant, strategyVariant } from './schemas.js';
import { fast } from './search-shape.js';

// The batch export: one environment of a project in one request, on Unleash 4.x and later
// (6.10.1 and 8.2.0 checked). NOT a pure read: the server records every call as a
// `features-exported` event holding the whole export (about 1.3 MB for 5,000 flags on 8.2.0),
// so flagctl uses it only when asked (`--batch-export`).

const str = z.nullish(z.string());
const bool = z.nullish(z.boolean());
const list = <T extends z.ZodMiniType>(item: T) => z.nullish(z.array(item));

const exportStrategy = z.looseObject({
  id: str,
  featureName: z.string(),
  name: z.string(),
  title: str,
  disabled: bool,
  parameters: z.nullish(z.record(z.string(), z.unknown())),
  constraints: list(constraint),
  segments: list(z.number()),
  variants: list(strategyVariant),
});

export const exportDocument = z.looseObject({
  features: z.array(
    z.looseObject({
      name: z.string(),
      type: str,
      description: str,
      stale: bool,
      impressionData: bool,
      archived: bool,
      project: str,
    }),
  ),
  featureStrategies: list(exportStrategy),
  featureEnvironments: list(
    z.looseObject({ featureName: z.string(), environment: str, enabled: bool, variants: list(envVariant) }),
  ),
  featureTags: list(z.looseObject({ featureName: z.string(), tagType: z.string(), tagValue: z.string() })),
  segments: list(z.looseObject({ id: z.number(), name: z.string() })),
  dependencies: list(
    z.looseObject({
      feature: z.string(),
      dependencies: list(z.looseObject({ feature: z.string(), enabled: bool, variants: list(z.string()) })),
    }),
  ),
});

export type ExportDocument = z.output<typeof exportDocument>;
export type ExportStrategy = z.output<typeof exportStrategy>;

const exportChecked = fast(exportDocument);

/** POST /api/admin/features-batch/export for one environment of a project. */
export function exportEnvironment(client: ApiClient, project: string, environment: string): Promise<ExportDocument> {
  return client.postJson('/api/admin/features-batch/export', { project, environment }, exportChecked);
}

/** A server that predates the batch export answers its path with 404 (or 405 behind some proxies). */
export function lacksExport(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 405);
}

const projectEnvironments = z.looseObject({
  environments: z.array(z.looseObject({ name: z.string(), enabled: bool, visible: bool })),
});

/**
 * The environments enabled in a project (GET /api/admin/environments/project/{id}). Real
 * servers list every environment there and mark the project's own `visible`; for an unknown
 * project none is visible, so the list is empty.
 */
export async function listProjectEnvironments(client: ApiClient, project: string): Promise<string[]> {
  const doc = await client.getJson(`/api/admin/environments/project/${segment(project, 'project')}`, projectEnvironments);
  return doc.environments.filter((e) => e.visible !== false && e.enabled !== false).map((e) => e.name);
}

// ---- the project's feature list ---------------------------------------------------------

const featureList = z.looseObject({
  version: z.nullish(z.number()),
  features: z.array(
    z.looseObject({
      name: z.string(),
      tags: list(z.looseObject({ type: z.string(), value: z.string() })),
      environments: list(z.looseObject({ name: z.string(), enabled: bool })),
    }),
  ),
});

export type ProjectFeatureItem = z.output<typeof featureList>['features'][number];
const featureListChecked = fast(featureList);

/**
 * GET /api/admin/projects/{id}/features: every active feature with its enabled state in each
 * environment (and, on real servers, its tags), one request, not rate-limited.
 */
export async function listProjectFeatures(client: ApiClient, project: string): Promise<ProjectFeatureItem[]> {
  return (await projectFeatureList(client, project)).features;
}

/** The same list with the document's `version` (2 on 6.x and 8.x: tags are listed). */
export function projectFeatureList(client: ApiClient, project: string): Promise<z.output<typeof featureList>> {
  return client.getJson(`/api/admin/projects/${segment(project, 'project')}/features`, featureListChecked);
}
