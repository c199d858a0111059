import * as z from '../../zod-mini.js';
import { flagEnvironment, lifecycle, tag, userSummary } from './flag.js';

// GET /api/admin/search/features: a page of flags, each in the search result's shape. Lenient
// like flag.ts; search-check.ts checks pages by a walk compiled from this schema.

const str = z.nullish(z.string());
const bool = z.nullish(z.boolean());
const list = <T extends z.ZodMiniType>(item: T) => z.nullish(z.array(item));

/** An item of the search response: the spec's "search result feature". */
export const searchFlag = z.looseObject({
  name: z.string(),
  type: str,
  description: str,
  dependencyType: str,
  archived: bool,
  project: str,
  stale: bool,
  favorite: bool,
  impressionData: bool,
  createdAt: str,
  archivedAt: str,
  lastSeenAt: str,
  environments: list(flagEnvironment),
  segments: list(z.string()),
  tags: list(tag),
  lifecycle: z.nullish(lifecycle),
  createdBy: z.nullish(userSummary),
});

export const searchResponse = z.looseObject({
  features: z.array(searchFlag),
  total: z.nullish(z.number()),
});

export type SearchFlag = z.output<typeof searchFlag>;
export type SearchResponse = z.output<typeof searchResponse>;
