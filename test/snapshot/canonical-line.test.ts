import { describe, expect, it } from 'vitest';
import { planShape } from '../../src/retire/plan-file.js';
import { canonicalJson, keyOf } from '../../src/snapshot/canonical.js';
import { full, mutate, paths, rng, VALUES as KINDS } from '../support/shape-mutations.js';

// canonicalJson(v, 0) is what a retire plan's digests hash: it must stay keyOf's text exactly,
// or a plan written before would no longer match its own digest.

const VALUES: unknown[] = [
  null,
  0,
  -1.5e-7,
  'a"b\\c\u2028\u0000é',
  [],
  {},
  [undefined, null, [1, [2, [3]]]],
  { b: 1, a: undefined, c: { z: [true, false], y: 'x' }, 10: 'ten', 9: 'nine', __proto__x: 1 },
  JSON.parse('{"__proto__": {"k": 1}, "a": [{"d": 1, "c": 2}]}'),
];

describe('canonicalJson(value, 0)', () => {
  it("is keyOf's text, keys sorted by code unit, undefined left out of objects and null in arrays", () => {
    for (const v of VALUES) expect(canonicalJson(v, 0)).toBe(keyOf(structuredClone(v)));
    expect(canonicalJson({ b: 1, a: [undefined], 10: 0, 9: 0 }, 0)).toBe('{"10":0,"9":0,"a":[null],"b":1}');
  });

  it('a plan-sized value gives the same text both ways', () => {
    const flags = Array.from({ length: 300 }, (_, i) => ({
      name: `flag-${i}`,
      verdict: i % 3 === 0 ? 'archive' : 'blocked',
      checks: [{ check: 'not-seen', pass: i % 2 === 0, evidence: `never seen in "prod" ${i}` }],
      state: { stale: true, seen: [['production', i % 5 ? null : '2026-01-01T00:00:00.000Z']], createdAt: null },
      keep: undefined,
    }));
    const plan = { kind: 'flagctl-retire-plan', version: 2, options: { unseenDays: 30, include: [] }, flags };
    expect(canonicalJson(plan, 0)).toBe(keyOf(structuredClone(plan)));
  });

  // Plain data takes JSON.stringify of a sorted copy; anything else the walk keyOf also takes.
  // Both must give keyOf's text for every value, or a plan's digest would change with the path.
  it('mutated plans, and values that are not plain data, give the same text as keyOf', () => {
    const doc = full(planShape);
    const extra: unknown[] = [
      ...KINDS,
      { 10: 1, 9: 2, a: 3 },
      { '1a': 1, b: 2 },
      { '-1': 1, '': 2, é: 3, Z: 4, a: 5 },
      JSON.parse('{"__proto__": [1, {"b": 1, "a": 2}], "toJSON": "x"}'),
      Object.assign(Object.create(null), { b: 1, a: 2 }),
      new Date(0),
      new Map([['a', 1]]),
      { toJSON: () => 'mine', a: 1 },
      Object.assign(new String('s'), { x: 1 }),
      [1, , 3], // eslint-disable-line no-sparse-arrays
      Object.assign([1, 2], { extra: 'x' }),
      new Uint8Array([1, 2]),
      new (class Point {
        constructor(
          readonly y = 1,
          readonly x = 2,
        ) {}
      })(),
      NaN,
      -0,
      'a\ud800b',
    ];
    let compared = 0;
    for (const path of paths(doc)) {
      for (const value of extra) {
        const mutated = mutate(doc, path, value);
        expect(canonicalJson(mutated, 0), JSON.stringify(path)).toBe(keyOf(mutate(doc, path, value)));
        compared++;
      }
    }
    for (const value of extra) expect(canonicalJson(value, 0)).toBe(keyOf(value));
    // Random plans: keys in any order, arrays of mixed kinds, some keys undefined.
    const random = rng(33);
    const anyValue = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.4) return extra[Math.floor(random() * extra.length)];
      if (r < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => anyValue(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 5); i > 0; i--)
        o[String.fromCharCode(0x5a + Math.floor(random() * 40))] = anyValue(depth + 1);
      return o;
    };
    for (let i = 0; i < 500; i++) {
      const v = anyValue(0);
      expect(canonicalJson(v, 0)).toBe(keyOf(v));
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
