import { describe, expect, it } from 'vitest';
import { compile } from '../../src/api/schemas/search-check.js';
import { planShape } from '../../src/retire/plan-file.js';
import { full, mutate, paths, VALUES } from '../support/shape-mutations.js';

// A retire plan is checked by the walk compiled from its zod schema (plan-file.ts): it must
// accept and refuse exactly what the schema does, enums, literals and tuples included.

const planIssue = compile(planShape);

describe('retire plan shape', () => {
  it('agrees with zod on every field the schema declares, at every depth, for every kind of value', () => {
    const doc = full(planShape);
    expect(planShape.safeParse(doc).success).toBe(true);
    expect(planIssue(doc)).toBeUndefined();
    const all = paths(doc);
    expect(all).toContainEqual(['flags', 0, 'state', 'seen', 0, 1]);
    expect(all).toContainEqual(['flags', 0, 'verdict']);
    expect(all).toContainEqual(['kind']);
    let refused = 0;
    const kinds = [...VALUES, 'archive', 'blocked', 'flagctl-retire-plan', ['a', null], ['a', 'b', 'c'], ['a']];
    for (const path of all) {
      for (const value of kinds) {
        const mutated = mutate(doc, path, value);
        const zodOk = planShape.safeParse(mutated).success;
        expect(planIssue(mutated) === undefined, `${JSON.stringify(path)} = ${JSON.stringify(value)}`).toBe(zodOk);
        if (!zodOk) refused++;
      }
    }
    expect(refused).toBeGreaterThan(all.length * 5);
  });

  it('names where a plan is wrong', () => {
    const doc = full(planShape) as { flags: { verdict: string; state: { seen: unknown[] } }[] };
    doc.flags[0]!.verdict = 'delete';
    expect(planIssue(doc)).toEqual({
      path: ['flags', 0, 'verdict'],
      message: 'expected one of "archive"|"remove-code"|"blocked"',
    });
    doc.flags[0]!.verdict = 'archive';
    doc.flags[0]!.state.seen = [['production']];
    expect(planIssue(doc)).toEqual({ path: ['flags', 0, 'state', 'seen', 0], message: 'expected 2 items, received 1' });
  });
});
