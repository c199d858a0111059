import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';

// The flag types' expected lifetimes (GET /api/admin/feature-types): what potentially stale is
// judged by, in retire's judgement and in features stale's ages alike. A read of its own, so
// that a read-only command need not import the module that archives.

const typesResponse = z.looseObject({
  types: z.array(z.looseObject({ id: z.string(), lifetimeDays: z.nullish(z.number()) })),
});

/** Each flag type's expected lifetime in days (null: never potentially stale). */
export async function typeLifetimes(client: ApiClient): Promise<Map<string, number | null>> {
  const r = await client.getJson('/api/admin/feature-types', typesResponse);
  return new Map(r.types.map((t) => [t.id, t.lifetimeDays ?? null]));
}
