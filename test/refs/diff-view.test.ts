import { describe, expect, it } from 'vitest';
import { diffAnnotations, diffMarkdown } from '../../src/output/refs-diff-view.js';
import { parseProjectMap, projectFor } from '../../src/refs/diff/config.js';
import { lineKey, pairUp } from '../../src/refs/diff/pair.js';
import type { RefsDiff } from '../../src/refs/diff/model.js';

// The parts of refs --diff that need no repository: pairing by content, the project map, and
// what untrusted names, paths and lines become in markdown and workflow commands.

describe('pairing references by flag and line content', () => {
  const ref = (file: string, flag: string, text: string, line: number) => ({
    file,
    name: flag,
    key: lineKey(flag, text),
    item: `${file}:${line}`,
  });
  it('a move between files pairs; an edit around the name in the same file is neither a removal nor an addition', () => {
    const base = [ref('a.ts', 'f', 'isEnabled("f")', 1), ref('a.ts', 'g', 'x = "g"', 2)];
    const tree = [ref('b.ts', 'f', '  isEnabled("f")  ', 9), ref('a.ts', 'g', 'x = "g" && y', 2)];
    expect(pairUp(base, tree)).toEqual({ added: [], removed: [] });
  });
  it('edited lines pair by count per flag and file: only the net addition (or removal) is left', () => {
    const base = [ref('a.ts', 'g', "| 'g';", 3), ref('a.ts', 'g', 'use("g", 1)', 7)];
    const tree = [ref('a.ts', 'g', "| 'g'", 3), ref('a.ts', 'g', 'use("g", 2)', 7), ref('a.ts', 'g', 'use("g", 3)', 9)];
    expect(pairUp(base, tree)).toEqual({ added: ['a.ts:9'], removed: [] });
    expect(pairUp(tree, base)).toEqual({ added: [], removed: ['a.ts:9'] });
    // Another file or another flag does not pair by count: that is a real addition and removal.
    expect(pairUp([ref('a.ts', 'g', 'x("g")', 1)], [ref('b.ts', 'g', 'y("g")', 1)])).toEqual({
      added: ['b.ts:1'],
      removed: ['a.ts:1'],
    });
    expect(pairUp([ref('a.ts', 'g', 'x("g")', 1)], [ref('a.ts', 'h', 'x("h")', 1)])).toEqual({
      added: ['a.ts:1'],
      removed: ['a.ts:1'],
    });
  });
  it('a move is paired by content before edits pair by count, so the edit does not take the moved line', () => {
    const base = [ref('a.ts', 'f', 'isEnabled("f")', 1), ref('a.ts', 'f', 'list("f");', 2)];
    const tree = [ref('a.ts', 'f', 'list("f")', 2), ref('b.ts', 'f', 'isEnabled("f")', 4)];
    expect(pairUp(base, tree)).toEqual({ added: [], removed: [] });
  });
  it('within a file first: a copy elsewhere of a line that stays is an addition there', () => {
    const base = [ref('a.ts', 'f', 'use("f")', 1)];
    const tree = [ref('b.ts', 'f', 'use("f")', 1), ref('a.ts', 'f', 'use("f")', 5)];
    expect(pairUp(base, tree)).toEqual({ added: ['b.ts:1'], removed: [] });
  });
});

describe('flagctl.json', () => {
  it('the longest mapped directory wins; keys are data (a "__proto__" path is just a path)', () => {
    const map = parseProjectMap(
      JSON.parse('{"projects": {"packages": "default", "./packages/web/": "web", "__proto__": "odd"}}'),
    );
    expect(projectFor(map, 'packages/web/src/a.ts')).toBe('web');
    expect(projectFor(map, 'packages/webby/a.ts')).toBe('default');
    expect(projectFor(map, '__proto__/x')).toBe('odd');
    expect(projectFor(map, 'other/a.ts')).toBeUndefined();
  });
  it('refuses what is not a map of paths to project ids', () => {
    expect(() => parseProjectMap([])).toThrow(/must hold a JSON object/);
    expect(() => parseProjectMap({ projects: { web: 3 } })).toThrow(/"projects"."web" must be a project id/);
    expect(() => parseProjectMap({ projects: { '/abs': 'web' } })).toThrow(/not a relative path inside the repository/);
  });
});

describe('untrusted text in the outputs', () => {
  const hostile: RefsDiff = {
    base: 'main',
    baseCommit: 'a'.repeat(40),
    root: '',
    changedFiles: 1,
    flags: [
      {
        name: 'x\n::error::owned',
        project: 'default',
        state: 'stale',
        archived: false,
        lifecycle: null,
        added: [
          {
            file: 'a|b,c:d\n@team.ts',
            line: 1,
            column: 2,
            text: '<img src=x onerror=alert(1)> | [link](http://e) @octocat #12',
            match: 'exact',
          },
        ],
        removed: [],
        extinct: false,
        newToCode: true,
      },
    ],
    unknown: [],
    skipped: [],
  };
  it('a workflow command stays one line, its properties escaped', () => {
    const out = diffAnnotations(hostile, () => false).text;
    expect(out.split('\n')).toHaveLength(2);
    expect(out).toBe(
      '::warning file=a|b%2Cc%3Ad%0A@team.ts,line=1,col=2,title=Flag stale%3A x%0A%3A%3Aerror%3A%3Aowned::x%0A::error::owned (marked stale, project default) is stale; this change adds a reference to it\n',
    );
  });
  it('markdown: no raw HTML, no table break, no mention or issue link', () => {
    const md = diffMarkdown(hostile);
    expect(md).not.toMatch(/(^|[^\\])<img/);
    expect(md).toContain('\\<img src=x onerror=alert(1)\\> \\| \\[link\\](http://e) @\u2060octocat #\u206012');
    expect(md).toContain('a\\|b,c:d\\\\n@\u2060team.ts');
  });
});
