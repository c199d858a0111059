import type { ApiClient } from '../api/client.js';
import type { ProjectFeatureItem } from '../api/export.js';
import { completeFeature, getFeature } from '../api/features.js';
import { segmentNames } from '../api/segments.js';
import type { SourceFeature, SourceProject } from './build.js';
import { eachLimited } from './limit.js';

/**
 * For a server without the batch export: the feature list, then each feature's own document
 * (strategies with their sortOrder, environment variants, dependencies) and its tags. Many
 * requests, so only where the export is missing.
 */
export async function fallbackSource(
  client: ApiClient,
  project: string,
  environments: string[],
  list: ProjectFeatureItem[],
  concurrency: number,
): Promise<SourceProject> {
  // Servers before segments existed have none to name.
  const segments = segmentNames(client).catch(() => new Map<number, string>());
  const features: SourceFeature[] = [];
  // Real servers list tags only on tagged features; a list with none anywhere leaves them to fetch.
  const listsTags = list.some((item) => item.tags);
  await eachLimited(list, concurrency, async (item) => {
    const tags = listsTags ? (item.tags ?? []) : undefined;
    const doc = await completeFeature(client, project, { ...(await getFeature(client, project, item.name)), tags });
    features.push({
      name: doc.name,
      type: doc.type,
      description: doc.description,
      stale: doc.stale,
      impressionData: doc.impressionData,
      tags: (doc.tags ?? []).map((t) => ({ type: t.type ?? 'simple', value: t.value })),
      dependencies: doc.dependencies ?? [],
      environments: new Map(
        (doc.environments ?? [])
          .filter((e) => environments.includes(e.name))
          .map((e) => [e.name, { enabled: e.enabled, strategies: e.strategies ?? [], variants: e.variants }]),
      ),
    });
  });
  return { project, environments, features, segmentNames: await segments };
}
