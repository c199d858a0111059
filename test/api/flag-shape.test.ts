import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { flagIssue, flagShape } from '../../src/api/schemas/flag-check.js';
import { checked } from '../../src/api/http/response.js';
import { flag } from '../../src/api/schemas/flag.js';
import { full, mutate, paths, rng, VALUES } from '../support/shape-mutations.js';

// `feature get` checks the feature document with a hand-written walk (api/schemas/flag-check.ts)
// instead of the zod schema `feature` (api/schemas/flag.ts). The two must accept and refuse the
// same documents, and a refusal must read the same: zod's first issue, its path and message.

const document = JSON.parse(readFileSync(new URL('../fixtures/feature.json', import.meta.url), 'utf8'));
const MORE = [
  ...VALUES,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  1e300,
  { id: 'x' },
  [{}],
  [null],
  ['a', 1],
];

/** Sets the value at `path` inside `doc` itself, as mutate() does inside its copy. */
function put(doc: unknown, path: (string | number)[], value: unknown): void {
  let at = doc as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
}

/** zod's verdict and the walk's, in the same form: undefined, or the first issue's path and message. */
function verdicts(doc: unknown) {
  const z = flag.safeParse(doc);
  const first = z.success ? undefined : { path: z.error.issues[0]!.path, message: z.error.issues[0]!.message };
  return { zod: first, walk: flagIssue(doc) };
}

describe('the feature document walk', () => {
  it('accepts the captured document, as zod does', () => {
    expect(flag.safeParse(document).success).toBe(true);
    expect(flagIssue(document)).toBeUndefined();
    expect(flagShape.safeParse(document)).toEqual({ success: true, data: document });
  });

  it.each([[[]], [null], ['x'], [1], [true], [undefined], [{}], [{ name: 1 }]])('refuses %j as zod does', (doc) => {
    const { zod, walk } = verdicts(doc);
    expect(zod).toBeDefined();
    expect(walk).toEqual(zod);
  });

  it('agrees with zod on every field the schema declares, at every depth, for every kind of value', () => {
    const doc = full(flag);
    expect(verdicts(doc)).toEqual({ zod: undefined, walk: undefined });
    const all = paths(doc);
    // environments[].strategies[].constraints[].values[] and the like are all reached.
    expect(all).toContainEqual(['environments', 0, 'strategies', 0, 'constraints', 0, 'values', 0]);
    expect(all).toContainEqual(['environments', 0, 'variants', 0, 'overrides', 0, 'values', 0]);
    expect(all).toContainEqual(['collaborators', 'users', 0, 'imageUrl']);
    expect(all).toContainEqual(['dependencies', 0, 'variants', 0]);
    let refused = 0;
    for (const path of all) {
      for (const value of MORE) {
        const { zod, walk } = verdicts(mutate(doc, path, value));
        expect(walk, `${JSON.stringify(path)} = ${String(JSON.stringify(value))}`).toEqual(zod);
        if (zod) refused++;
      }
    }
    expect(refused).toBeGreaterThan(all.length * 5);
  });

  it('names the same first problem as zod where there are two, whichever two (zod reports in its field order)', () => {
    const doc = full(flag);
    const all = paths(doc).filter((p) => p.length > 0);
    let refused = 0;
    for (const a of all) {
      for (const b of all) {
        if (a === b) continue;
        for (const value of [[], false]) {
          // One copy per pair, changed at a and then at b (mutate would copy it twice).
          const both = mutate(doc, a, structuredClone(value));
          try {
            put(both, b, value);
          } catch {
            continue; // a held b's parent
          }
          const { zod, walk } = verdicts(both);
          // expect() only where the two differ: tens of thousands of pairs, each compared.
          if (!isDeepStrictEqual(walk, zod)) expect(walk, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toEqual(zod);
          if (zod) refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(all.length * all.length);
  });

  it('agrees with zod on 3,000 mutations of the captured document, the first problem included', () => {
    const next = rng(23);
    const all = paths(document);
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      // One to three changes: zod must name the first in its own order, and so must the walk.
      let doc = document;
      for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
        const path = all[Math.floor(next() * all.length)]!;
        try {
          doc = mutate(doc, path, MORE[Math.floor(next() * MORE.length)]);
        } catch {
          // An earlier change removed what this path goes through.
        }
      }
      const { zod, walk } = verdicts(doc);
      expect(walk, String(JSON.stringify(doc)).slice(0, 300)).toEqual(zod);
      if (zod) refused++;
    }
    expect(refused).toBeGreaterThan(1000); // the mutations really exercise refusals
  });

  it('gives the client the same error for a refused answer, 1e400 included', () => {
    const answers = [
      '{"name":"f","environments":[{"name":"e","yes":1e400}]}',
      '{"name":"f","tags":[{"value":2}]}',
      '[]',
      '{"name":null}',
    ];
    for (const text of answers) {
      const res = { kind: 'ok' as const, status: 200, text, contentType: 'application/json' };
      const message = (schema: Parameters<typeof checked>[1]) => {
        try {
          checked(res, schema);
        } catch (err) {
          return (err as Error).message;
        }
        return 'accepted';
      };
      expect(message(flagShape)).toBe(message(flag));
      expect(message(flagShape)).toMatch(/^the server's answer \(HTTP 200\) is not the expected shape/);
    }
  });
});
