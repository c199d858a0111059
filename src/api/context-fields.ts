import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';

const contextFields = z.array(z.looseObject({ name: z.string() }));

/** The context fields defined on the server (GET /api/admin/context, 6.10.1 and 8.2.0). */
export async function contextFieldNames(client: ApiClient): Promise<string[]> {
  return (await client.getJson('/api/admin/context', contextFields)).map((f) => f.name);
}
