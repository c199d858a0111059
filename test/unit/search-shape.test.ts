import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from '../../src/zod-mini.js';
import { searchFeature, searchResponse } from '../../src/api/schemas.js';
import { compile, searchPageSchema } from '../../src/api/search-shape.js';

// The compiled search page check must accept and refuse exactly what the zod schema does.

const searchFeatureIssue = compile(searchFeature);

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const pages = [load('search-v6.json'), load('search-v8.json')];

/** A small deterministic PRNG, so a failure can be reproduced. */
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

const VALUES: unknown[] = [null, undefined, 0, 1.5, '', 'x', true, false, [], [1], ['a'], {}, { name: 'n' }, { value: 'v' }];

type Def = { type: string; innerType?: z.ZodMiniType; element?: z.ZodMiniType; shape?: Record<string, z.ZodMiniType>; valueType?: z.ZodMiniType };
const defOf = (s: z.ZodMiniType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A value with every field the schema declares, at every depth, and one item in every array. */
function full(schema: z.ZodMiniType): unknown {
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
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, full(v)]));
    default:
      return 'anything';
  }
}

/** Every path to a value inside `v`. */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== 'object') return [prefix];
  const keys = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [prefix, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...prefix, k]))];
}

function mutate<T>(doc: T, path: (string | number)[], value: unknown): T {
  const copy = structuredClone(doc);
  if (path.length === 0) return value as T;
  let at = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

describe('search page shape', () => {
  it('accepts the real servers’ pages, as zod does', () => {
    for (const page of pages) {
      expect(searchResponse.safeParse(page).success).toBe(true);
      expect(searchPageSchema.safeParse(page).success).toBe(true);
    }
  });

  it('agrees with the zod schema on 3,000 mutated features', () => {
    const next = rng(42);
    const features = pages.flatMap((p) => p.features);
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const base = features[Math.floor(next() * features.length)];
      const all = paths(base);
      const path = all[Math.floor(next() * all.length)]!;
      const doc = mutate(base, path, VALUES[Math.floor(next() * VALUES.length)]);
      const zodOk = searchFeature.safeParse(doc).success;
      const ours = searchFeatureIssue(doc);
      expect(ours === undefined, `${JSON.stringify(path)} -> ${String(JSON.stringify(doc)).slice(0, 200)}`).toBe(zodOk);
      if (!zodOk) refused++;
    }
    expect(refused).toBeGreaterThan(300); // the mutations really exercise refusals
  });

  it('agrees with zod on every field the schema declares, at every depth, for every kind of value', () => {
    const doc = full(searchFeature);
    expect(searchFeature.safeParse(doc).success).toBe(true);
    expect(searchFeatureIssue(doc)).toBeUndefined();
    const all = paths(doc);
    // environments[].strategies[].constraints[].values[] and the like are all reached.
    expect(all).toContainEqual(['environments', 0, 'strategies', 0, 'constraints', 0, 'values', 0]);
    expect(all).toContainEqual(['environments', 0, 'variants', 0, 'overrides', 0, 'contextName']);
    expect(all).toContainEqual(['environments', 0, 'environment']);
    let refused = 0;
    for (const path of all) {
      for (const value of [...VALUES, Number.POSITIVE_INFINITY]) {
        const mutated = mutate(doc, path, value);
        const zodOk = searchFeature.safeParse(mutated).success;
        expect(searchFeatureIssue(mutated) === undefined, `${JSON.stringify(path)} = ${String(value)}`).toBe(zodOk);
        if (!zodOk) refused++;
      }
    }
    expect(refused).toBeGreaterThan(all.length * 5);
  });

  it.each([
    ['a string environment type of number', ['environments', 0, 'environment'], 3],
    ['strategies that are not an array', ['environments', 0, 'strategies'], 'none'],
    ['variants that are not an array', ['environments', 0, 'variants'], {}],
  ])('refuses %s, as zod does', (_what, path, value) => {
    const page = { features: [mutate(full(searchFeature), path, value)], total: 1 };
    expect(searchResponse.safeParse(page).success).toBe(false);
    expect(searchPageSchema.safeParse(page).error?.issues[0]?.path).toEqual(['features', 0, ...path]);
  });

  it('refuses to compile a kind of schema it does not know, rather than letting it through', () => {
    expect(() => compile(z.looseObject({ a: z.union([z.string(), z.number()]) }))).toThrow(/zod type "union" is not compiled/);
    expect(() => compile(z.string().check(z.minLength(1)))).toThrow(/refinements/);
  });

  it('names the path of the first problem', () => {
    const page = structuredClone(pages[1]);
    page.features[2].environments[1].name = 42;
    const r = searchPageSchema.safeParse(page);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['features', 2, 'environments', 1, 'name']);
    expect(r.error!.issues[0]!.message).toBe('expected string, received number');
  });
});
