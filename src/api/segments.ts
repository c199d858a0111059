import * as z from '../zod-mini.js';
import { ApiError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { constraint, type Constraint } from './schemas/flag.js';

const segmentList = z.looseObject({
  segments: z.array(z.looseObject({ id: z.number(), name: z.string(), constraints: z.nullish(z.array(constraint)) })),
});

export interface SegmentDefinition {
  name: string;
  constraints: Constraint[];
}

/**
 * GET /api/admin/segments: each segment's name and constraints by id (strategies refer to
 * segments by id). Every error is an error (a 401 or a 5xx must not read as "no segments"),
 * except a 404 for the path itself: a server from before segments has none to define.
 */
export async function segmentDefinitions(client: ApiClient): Promise<Map<number, SegmentDefinition>> {
  try {
    const doc = await client.getJson('/api/admin/segments', segmentList);
    return new Map(doc.segments.map((s) => [s.id, { name: s.name, constraints: s.constraints ?? [] }]));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return new Map();
    throw err;
  }
}

/** Segment names by id, for views that show names instead of ids (`feature get`). */
export async function segmentNames(client: ApiClient): Promise<Map<number, string>> {
  return new Map([...(await segmentDefinitions(client))].map(([id, s]) => [id, s.name]));
}
