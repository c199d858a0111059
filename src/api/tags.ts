import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';

const tagList = z.looseObject({ tags: z.array(z.looseObject({ type: z.string(), value: z.string() })) });

/**
 * Every tag of the server as `type:value`, the form search's tag filter takes (GET
 * /api/admin/tags, 6.10.1 and 8.2.0). Search answers an unknown tag with no matches, so a
 * mistyped one is checked here first.
 */
export async function tagNames(client: ApiClient): Promise<string[]> {
  return (await client.getJson('/api/admin/tags', tagList)).tags.map((t) => `${t.type}:${t.value}`);
}
