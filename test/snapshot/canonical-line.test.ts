import { describe, expect, it } from 'vitest';
import { canonicalJson, keyOf } from '../../src/snapshot/canonical.js';

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
});
