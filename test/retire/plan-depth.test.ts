import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkJsonDepth, checkJsonValueDepth, MAX_JSON_DEPTH } from '../../src/config/json-file.js';
import { readPlan } from '../../src/retire/plan-file.js';
import { rng } from '../support/shape-mutations.js';

// A retire plan's depth is checked on the value JSON.parse gave, not on its megabyte of text
// (plan-file.ts): the verdict and the message must be the text check's for every document.

const dir = mkdtempSync(join(tmpdir(), 'flagctl-plan-depth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const verdict = (check: () => void): string => {
  try {
    check();
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  }
};

/** JSON nested `levels` deep, arrays and objects mixed, with brackets inside strings and keys. */
function nested(levels: number, random: () => number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    const r = random();
    if (r < 0.4) {
      open += `["[{\\\\\\"", 1, `;
      close = `, "]}"]${close}`;
    } else if (r < 0.8) {
      open += `{"k[${i}": "}", "v": `;
      close = `, "w": []}${close}`;
    } else {
      open += '[';
      close = `]${close}`;
    }
  }
  return `${open}"leaf"${close}`;
}

describe('the depth of a plan, checked on its parsed value', () => {
  it('gives the text check verdict and message at every depth around the limit', () => {
    const random = rng(64);
    let refused = 0;
    for (let levels = 0; levels <= MAX_JSON_DEPTH + 3; levels++) {
      for (let i = 0; i < 5; i++) {
        const text = nested(levels, random);
        const value: unknown = JSON.parse(text);
        const byText = verdict(() => checkJsonDepth(text, 'f', 'e'));
        expect(
          verdict(() => checkJsonValueDepth(value, 'f', 'e')),
          `${levels} levels`,
        ).toBe(byText);
        if (byText !== 'ok') refused++;
      }
    }
    // Both verdicts are met: every text of 65 levels and more is refused, most below it are not.
    expect(refused).toBeGreaterThanOrEqual(3 * 5);
    expect(refused).toBeLessThan(10 * 5);
  });

  it('a plan too deep says so whether or not it parses; a shallow broken one is not JSON', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const cases: [string, RegExp][] = [
      [`{"kind":"flagctl-retire-plan","extra":${deep(100)}}`, /nested more than 64 levels deep/],
      [`{"kind":"flagctl-retire-plan","extra":${deep(100)}`, /nested more than 64 levels deep/],
      [`{"kind":"flagctl-retire-plan","extra":${deep(10)}`, /: not JSON; expected the output of/],
    ];
    for (const [text, message] of cases) {
      const path = join(dir, 'plan.json');
      writeFileSync(path, text);
      await expect(readPlan(path)).rejects.toThrow(message);
    }
  });
});
