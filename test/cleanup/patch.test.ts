import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/cleanup/patch.js';

// The patch cleanup prints: whatever the two texts, `git apply` turns the first into the second.

/** A small deterministic generator (no clock, no Math.random): the same cases every run. */
function* texts(seed: number, count: number): Generator<[string, string]> {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31), s);
  const words = ['a();', 'b();', '', '  c();', '\td();', '}', 'if (x) {', 'é ü', 'return;'];
  for (let i = 0; i < count; i++) {
    const eol = next() % 4 === 0 ? '\r\n' : '\n';
    const lines = Array.from({ length: 1 + (next() % 40) }, () => words[next() % words.length]!);
    const after = lines.filter(() => next() % 5 !== 0).map((l) => (next() % 9 === 0 ? `${l} // x` : l));
    if (next() % 3 === 0) after.splice(next() % (after.length + 1), 0, 'inserted();');
    const end = (arr: string[]) => arr.join(eol) + (next() % 3 === 0 ? '' : eol);
    yield [end(lines), end(after)];
  }
}

describe('unifiedDiff', () => {
  it('is empty when nothing changed', () => {
    expect(unifiedDiff('a.ts', 'x\n', 'x\n')).toBe('');
  });

  it('git apply turns each before into its after (CRLF, no last newline, deletions, insertions)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-patch-'));
    try {
      execFileSync('git', ['init', '-q', dir]);
      let n = 0;
      for (const [before, after] of texts(7, 120)) {
        writeFileSync(join(dir, 'f.ts'), before);
        const patch = unifiedDiff('f.ts', before, after);
        if (before === after) continue;
        writeFileSync(join(dir, 'p.patch'), patch);
        execFileSync('git', ['apply', '--whitespace=nowarn', 'p.patch'], { cwd: dir });
        expect(readFileSync(join(dir, 'f.ts'), 'utf8')).toBe(after);
        n++;
      }
      expect(n).toBeGreaterThan(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
