import * as z from '../zod-mini.js';
import type { SearchResponse } from './schemas.js';

// Search pages are the hot path of `--all`: 50,000 features arrive as 500 pages. zod's walk of
// every nested object cost more than parsing the JSON itself, so a page is checked by this
// hand-written walk of the same shape as `searchFeature` in schemas.ts (what the renderers
// rely on, null allowed wherever real servers send it). It is still a zod schema, so errors
// read like every other shape error.

// A check returns nothing when the value fits; the path of a problem is built only on the way
// back out, so a good page allocates nothing.
type Issue = { path: (string | number)[]; message: string };
type Check = (v: unknown) => Issue | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const expected = (what: string, v: unknown): Issue => ({
  path: [],
  message: `expected ${what}, received ${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`,
});
const at = (key: string | number, issue: Issue): Issue => (issue.path.unshift(key), issue);

const primitive =
  (type: 'string' | 'number' | 'boolean', required = false): Check =>
  (v) =>
    typeof v === type || (!required && (v === null || v === undefined)) ? undefined : expected(type, v);

const list =
  (item: Check, required = false): Check =>
  (v) => {
    if (!required && (v === null || v === undefined)) return undefined;
    if (!Array.isArray(v)) return expected('array', v);
    for (let i = 0; i < v.length; i++) {
      const issue = item(v[i]);
      if (issue) return at(i, issue);
    }
    return undefined;
  };

const object =
  (fields: Record<string, Check>, required = false): Check =>
  (v) => {
    if (!required && (v === null || v === undefined)) return undefined;
    if (!isObject(v)) return expected('object', v);
    for (const key in fields) {
      const issue = fields[key]!(v[key]);
      if (issue) return at(key, issue);
    }
    return undefined;
  };

const str = primitive('string');
const num = primitive('number');
const bool = primitive('boolean');

const environment = object(
  { name: primitive('string', true), type: str, enabled: bool, sortOrder: num, lastSeenAt: str, hasStrategies: bool, hasEnabledStrategies: bool, yes: num, no: num },
  true,
);

const feature = object(
  {
    name: primitive('string', true),
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
    environments: list(environment),
    segments: list(primitive('string', true)),
    tags: list(object({ value: primitive('string', true), type: str }, true)),
    lifecycle: object({ stage: primitive('string', true), status: str, enteredStageAt: str }),
    createdBy: object({ id: num, name: str, imageUrl: str }),
  },
  true,
);

const page = object({ features: list(feature, true), total: num }, true);

/** The first problem in a search feature, for tests and callers outside a page. */
export function searchFeatureIssue(v: unknown): Issue | undefined {
  return feature(v);
}

export const searchPageSchema = z.unknown().check(
  z.superRefine((value, ctx) => {
    const issue = page(value);
    if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }),
) as unknown as z.ZodMiniType<SearchResponse>;


