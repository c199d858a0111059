import * as z from '../../zod-mini.js';
import { searchResponse, type SearchResponse } from './search.js';

// Search pages are the hot path of `--all`: 50,000 features arrive as 500 pages. zod's walk of
// every nested object cost more than parsing the JSON itself, so a page is checked by a plain
// walk compiled once from `searchResponse` in search.ts. The zod schema stays the one
// description of the shape: this file only reads it, so the two cannot drift apart. The
// result is still a zod schema, so errors read like every other shape error.

// A check returns nothing when the value fits; the path of a problem is built only on the way
// back out, so a good page allocates nothing.
export type Issue = { path: (string | number)[]; message: string };
type Check = (v: unknown) => Issue | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const expected = (what: string, v: unknown): Issue => ({
  path: [],
  message: `expected ${what}, received ${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`,
});
const at = (key: string | number, issue: Issue): Issue => (issue.path.unshift(key), issue);

/** The parts of a zod definition this compiler reads. */
interface Def {
  type: string;
  checks?: unknown[];
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  items?: z.ZodMiniType[];
  rest?: z.ZodMiniType | null;
}
const defOf = (s: z.ZodMiniType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Compiles a zod schema into a check that accepts exactly what it accepts. Only the kinds
 * the response schemas use are known; any other kind, or a refinement, stops the compile
 * (at the first search, and in the unit test) rather than being let through unchecked.
 */
export function compile(schema: z.ZodMiniType): Check {
  const def = defOf(schema);
  if (def.checks?.length) throw new Error(`search-shape: refinements (${def.type}) are not compiled`);
  switch (def.type) {
    case 'unknown':
    case 'any':
      return () => undefined;
    case 'string':
    case 'boolean':
      return (v) => (typeof v === def.type ? undefined : expected(def.type, v));
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : expected('number', v));
    case 'optional': {
      const inner = compile(def.innerType!);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (v) => (v === null ? undefined : inner(v));
    }
    case 'array': {
      const item = compile(def.element!);
      return (v) => {
        if (!Array.isArray(v)) return expected('array', v);
        for (let i = 0; i < v.length; i++) {
          const issue = item(v[i]);
          if (issue) return at(i, issue);
        }
        return undefined;
      };
    }
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries!) : def.values!);
      const shown = [...allowed].map((a) => JSON.stringify(a)).join('|');
      return (v) => (allowed.has(v) ? undefined : { path: [], message: `expected one of ${shown}` });
    }
    case 'tuple': {
      const items = def.items!.map((item) => {
        if (defOf(item).type === 'optional') throw new Error('search-shape: optional tuple items are not compiled');
        return compile(item);
      });
      if (def.rest) throw new Error('search-shape: tuples with a rest are not compiled');
      return (v) => {
        if (!Array.isArray(v)) return expected('tuple', v);
        if (v.length !== items.length)
          return { path: [], message: `expected ${items.length} items, received ${v.length}` };
        for (let i = 0; i < items.length; i++) {
          const issue = items[i]!(v[i]);
          if (issue) return at(i, issue);
        }
        return undefined;
      };
    }
    case 'record': {
      if (defOf(def.keyType!).type !== 'string') throw new Error('search-shape: only string record keys are compiled');
      const value = compile(def.valueType!);
      return (v) => {
        if (!isObject(v)) return expected('record', v);
        for (const key in v) {
          const issue = value(v[key]);
          if (issue) return at(key, issue);
        }
        return undefined;
      };
    }
    case 'object': {
      // Unknown keys are kept (looseObject) or dropped (object): accepted either way.
      if (def.catchall && defOf(def.catchall).type !== 'unknown')
        throw new Error('search-shape: only loose objects are compiled');
      const fields = Object.entries(def.shape!).map(([key, s]) => [key, compile(s)] as const);
      return (v) => {
        if (!isObject(v)) return expected('object', v);
        for (const [key, check] of fields) {
          const issue = check(v[key]);
          if (issue) return at(key, issue);
        }
        return undefined;
      };
    }
    default:
      throw new Error(`search-shape: zod type "${def.type}" is not compiled`);
  }
}

const page = compile(searchResponse);

export const searchPageSchema = z.unknown().check(
  z.superRefine((value, ctx) => {
    const issue = page(value);
    if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }),
) as unknown as z.ZodMiniType<SearchResponse>;

/**
 * The shape checks, compiled from the zod schemas into plain walks (see search-shape.ts): an
 * export of 5,000 features, or a project list of them, is megabytes of small objects, and zod's walk of them cost more
 * than parsing the JSON.
 */
export function fast<S extends z.ZodMiniType>(schema: S): z.ZodMiniType<z.output<S>> {
  const check = compile(schema);
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const issue = check(value);
      if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
    }),
  ) as unknown as z.ZodMiniType<z.output<S>>;
}
