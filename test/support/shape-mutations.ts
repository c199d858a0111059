import type * as z from '../../src/zod-mini.js';

// Documents made to test a hand-written shape check against its zod schema (search pages,
// the feature document): every field at every depth, and mutations of real documents.

/** A small deterministic PRNG, so a failure can be reproduced. */
export function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** Values a field is replaced with: each JSON kind, and an undefined (a missing field). */
export const VALUES: unknown[] = [
  null,
  undefined,
  0,
  1.5,
  '',
  'x',
  true,
  false,
  [],
  [1],
  ['a'],
  {},
  { name: 'n' },
  { value: 'v' },
];

type Def = {
  type: string;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  valueType?: z.ZodMiniType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  items?: z.ZodMiniType[];
};
const defOf = (s: z.ZodMiniType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A value with every field the schema declares, at every depth, and one item in every array. */
export function full(schema: z.ZodMiniType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'optional':
    case 'nullable':
      return full(def.innerType!);
    case 'array':
      return [full(def.element!)];
    case 'record':
      return { k: full(def.valueType!) };
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'tuple':
      return def.items!.map(full);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, full(v)]));
    default:
      return 'anything';
  }
}

/** Every path to a value inside `v`. */
export function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== 'object') return [prefix];
  const keys = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [prefix, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...prefix, k]))];
}

/** A copy of `doc` with the value at `path` replaced. */
export function mutate<T>(doc: T, path: (string | number)[], value: unknown): T {
  const copy = structuredClone(doc);
  if (path.length === 0) return value as T;
  let at = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}
