import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';

const environmentsResponse = z.looseObject({
  environments: z.array(z.looseObject({ name: z.string(), enabled: z.nullish(z.boolean()) })),
});

/**
 * The server's environment names (GET /api/admin/environments, 6.10.1 and 8.2.0). The
 * playground answers an unknown environment with every flag off rather than an error, so
 * callers check the name here first.
 */
export async function environmentNames(client: ApiClient): Promise<string[]> {
  const res = await client.getJson('/api/admin/environments', environmentsResponse);
  return res.environments.map((e) => e.name);
}

const environmentRows = z.looseObject({
  environments: z.array(
    z.looseObject({
      name: z.string(),
      type: z.nullish(z.string()),
      enabled: z.nullish(z.boolean()),
      protected: z.nullish(z.boolean()),
      sortOrder: z.nullish(z.number()),
    }),
  ),
});
export type EnvironmentRow = z.output<typeof environmentRows>['environments'][number];

/** Every environment of the server, in the server's order (GET /api/admin/environments). */
export async function listEnvironments(client: ApiClient): Promise<EnvironmentRow[]> {
  return (await client.getJson('/api/admin/environments', environmentRows)).environments;
}
