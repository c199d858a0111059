import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';
import { flagPath } from './flag.js';
import { segment } from './http/path.js';
import { envVariant, tag, type Flag } from './schemas/flag.js';

const tagsResponse = z.looseObject({ tags: z.array(tag) });
const variantsResponse = z.looseObject({ variants: z.array(envVariant) });

/**
 * Real servers (6.x and 8.x) leave tags out of the feature document, although the spec lists
 * them, and older ones may ignore `variantEnvironments`. For the human record view, fetch them from the
 * server's own endpoints, in parallel. What cannot be fetched stays absent.
 */
export async function completeFlag(client: ApiClient, projectId: string, f: Flag): Promise<Flag> {
  const base = () => flagPath(projectId, f.name);
  // A name the server gave that cannot be a path segment (`..`) is refused by segment() as it
  // builds the path: inside the async call that refusal is one more thing not fetched.
  const quietly = <T>(get: () => Promise<T>) => get().catch(() => undefined);
  const environments = f.environments ?? [];
  const [tags, ...variants] = await Promise.all([
    f.tags !== undefined
      ? f.tags
      : quietly(
          async () =>
            (await client.getJson(`/api/admin/features/${segment(f.name, 'feature name')}/tags`, tagsResponse)).tags,
        ),
    ...environments.map((e) =>
      e.variants !== undefined
        ? e.variants
        : quietly(
            async () =>
              (
                await client.getJson(
                  `${base()}/environments/${segment(e.name, 'environment')}/variants`,
                  variantsResponse,
                )
              ).variants,
          ),
    ),
  ]);
  return {
    ...f,
    tags,
    environments: environments.map((e, i) => ({ ...e, variants: variants[i] ?? e.variants })),
  };
}
