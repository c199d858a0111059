import * as z from '../zod-mini.js';
import type { ApiClient } from './client.js';

const segmentList = z.looseObject({ segments: z.array(z.looseObject({ id: z.number(), name: z.string() })) });

/** GET /api/admin/segments: segment names by id (strategies refer to segments by id). */
export async function segmentNames(client: ApiClient): Promise<Map<number, string>> {
  const doc = await client.getJson('/api/admin/segments', segmentList);
  return new Map(doc.segments.map((s) => [s.id, s.name]));
}
