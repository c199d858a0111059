import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from '../../src/zod-mini.js';
import { searchFlag, searchResponse } from '../../src/api/schemas/search.js';
import { compile, searchPageSchema } from '../../src/api/schemas/search-check.js';
import { full, mutate, paths, rng, VALUES } from '../support/shape-mutations.js';

// The compiled search page check must accept and refuse exactly what the zod schema does.

const searchFeatureIssue = compile(searchFlag);

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const pages = [load('search-v6.json'), load('search-v8.json')];

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
      const zodOk = searchFlag.safeParse(doc).success;
      const ours = searchFeatureIssue(doc);
      expect(ours === undefined, `${JSON.stringify(path)} -> ${String(JSON.stringify(doc)).slice(0, 200)}`).toBe(zodOk);
      if (!zodOk) refused++;
    }
    expect(refused).toBeGreaterThan(300); // the mutations really exercise refusals
  });

  it('agrees with zod on every field the schema declares, at every depth, for every kind of value', () => {
    const doc = full(searchFlag);
    expect(searchFlag.safeParse(doc).success).toBe(true);
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
        const zodOk = searchFlag.safeParse(mutated).success;
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
    const page = { features: [mutate(full(searchFlag), path, value)], total: 1 };
    expect(searchResponse.safeParse(page).success).toBe(false);
    expect(searchPageSchema.safeParse(page).error?.issues[0]?.path).toEqual(['features', 0, ...path]);
  });

  it('refuses to compile a kind of schema it does not know, rather than letting it through', () => {
    expect(() => compile(z.looseObject({ a: z.union([z.string(), z.number()]) }))).toThrow(
      /zod type "union" is not compiled/,
    );
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
