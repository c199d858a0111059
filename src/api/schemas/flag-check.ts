import type * as z from '../../zod-mini.js';
import type { Flag } from './flag.js';

// The feature document (`flag` in flag.ts) checked by a plain walk, without zod: building
// zod's schemas and loading zod itself were a large part of `feature get`'s start-up, which
// must check this one document (issue 23). The walk takes exactly what the schema takes, and
// reports the first problem as zod does, with its path and zod's English message
// (test/api/flag-shape.test.ts compares the two on every field and on mutated documents),
// so a refused answer reads the same as before. flag.ts stays the description of the shape.

type Issue = { path: (string | number)[]; message: string };
type Check = (v: unknown) => Issue | undefined;

/** zod's name for what it received: `Infinity` for a number that is not finite (1e400 in JSON). */
const received = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && !Number.isFinite(v)
        ? String(v)
        : typeof v;
const refuse = (expected: string, v: unknown): Issue => ({
  path: [],
  message: `Invalid input: expected ${expected}, received ${received(v)}`,
});
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const string: Check = (v) => (typeof v === 'string' ? undefined : refuse('string', v));
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : refuse('boolean', v));
const number: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : refuse('number', v));
/** Keys are strings in any JSON object; the values are not checked (z.record(z.string(), z.unknown())). */
const record: Check = (v) => (isObject(v) ? undefined : refuse('record', v));
const nullish =
  (check: Check): Check =>
  (v) =>
    v === null || v === undefined ? undefined : check(v);

function array(item: Check): Check {
  return (v) => {
    if (!Array.isArray(v)) return refuse('array', v);
    for (let i = 0; i < v.length; i++) {
      const issue = item(v[i]);
      if (issue) return (issue.path.unshift(i), issue);
    }
    return undefined;
  };
}

/** A loose object: its declared fields in order (zod reports the first in that order), any others kept. */
function object(fields: Record<string, Check>): Check {
  const list = Object.entries(fields);
  return (v) => {
    if (!isObject(v)) return refuse('object', v);
    for (const [key, check] of list) {
      const issue = check(v[key]);
      if (issue) return (issue.path.unshift(key), issue);
    }
    return undefined;
  };
}

const str = nullish(string);
const bool = nullish(boolean);
const num = nullish(number);
const list = (item: Check) => nullish(array(item));

const userSummary = object({ id: num, name: str, imageUrl: str });
const constraint = object({
  contextName: string,
  operator: string,
  caseInsensitive: bool,
  inverted: bool,
  values: list(string),
  value: str,
});
const payload = object({ type: string, value: string });
const strategyVariant = object({
  name: string,
  weight: number,
  weightType: str,
  stickiness: str,
  payload: nullish(payload),
});
const envVariant = object({
  name: string,
  weight: number,
  weightType: str,
  stickiness: str,
  payload: nullish(payload),
  overrides: list(object({ contextName: string, values: list(string) })),
});
const strategy = object({
  id: str,
  name: string,
  title: str,
  disabled: bool,
  sortOrder: num,
  segments: list(number),
  constraints: list(constraint),
  variants: list(strategyVariant),
  parameters: nullish(record),
});
const flagEnvironment = object({
  name: string,
  environment: str,
  type: str,
  enabled: bool,
  sortOrder: num,
  lastSeenAt: str,
  strategies: list(strategy),
  variants: list(envVariant),
  hasStrategies: bool,
  hasEnabledStrategies: bool,
  yes: num,
  no: num,
});
const tag = object({ value: string, type: str });
const lifecycle = object({ stage: string, status: str, enteredStageAt: str });

/** The check of flag.ts's `flag`: undefined when the document fits, else its first problem. */
export const flagIssue: Check = object({
  name: string,
  type: str,
  description: str,
  archived: bool,
  project: str,
  enabled: bool,
  stale: bool,
  favorite: bool,
  impressionData: bool,
  createdAt: str,
  createdBy: nullish(userSummary),
  archivedAt: str,
  lastSeenAt: str,
  environments: list(flagEnvironment),
  variants: list(envVariant),
  tags: list(tag),
  children: list(string),
  lifecycle: nullish(lifecycle),
  dependencies: list(object({ feature: string, enabled: bool, variants: list(string) })),
  collaborators: nullish(object({ users: list(userSummary) })),
});

/** The walk where the client takes a schema (ApiClient.getJson reads only safeParse's answer). */
export const flagShape = {
  safeParse(value: unknown) {
    const issue = flagIssue(value);
    return issue ? { success: false, error: { issues: [issue] } } : { success: true, data: value };
  },
} as unknown as z.ZodMiniType<Flag>;
