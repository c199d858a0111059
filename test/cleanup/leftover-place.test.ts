import { describe, expect, it } from 'vitest';
import { cleanFile } from '../../src/cleanup/clean.js';

// Where a leftover is listed: the line and column of the name a person must edit, as refs
// reports it, not the start of the comment or string that holds it. Found on a real React
// codebase: a doc comment naming the flag 14 lines into it was listed at the comment's first
// line, and a story's multi-line description at the line its template string opened.

const leftovers = async (file: string, text: string) =>
  (await cleanFile(file, text, new Map([['x', true]]))).leftovers.map((l) => `${l.line}:${l.column} ${l.reason}`);

describe('a leftover inside a comment or a longer string is listed where the name is', () => {
  it('a block comment: the line of the quoted name, each time it is named', async () => {
    const text = [
      '/**',
      ' * Services for the browser.',
      ' *',
      " *   itless: useFlag('x'),",
      " *   again: useFlag('x'),",
      ' */',
      'export const a = 1;',
      '',
    ].join('\n');
    expect(await leftovers('a.ts', text)).toEqual(['4:22 named in a comment', '5:21 named in a comment']);
  });

  it('a line comment keeps its own line, the column of the quoted name', async () => {
    expect(await leftovers('a.ts', "run(); // drop 'x' later\n")).toEqual(['1:16 named in a comment']);
  });

  it('a multi-line template string: the line of the name inside it', async () => {
    const text = ['const story = `', '**M1** with write access.', '', '- \\`x\\` = true', '`;', ''].join('\n');
    expect(await leftovers('a.tsx', text)).toEqual([
      '4:5 inside a string with escapes or interpolation (a dynamic name?)',
    ]);
  });

  it('Python and Go comments too', async () => {
    expect(await leftovers('a.py', '"""Module."""\n\n# Flags:\n#   "x" is gone\nA = 1\n')).toEqual([
      '4:5 named in a comment',
    ]);
    expect(await leftovers('a.go', 'package a\n\n/*\n  flags: "x"\n*/\nvar A = 1\n')).toEqual([
      '4:10 named in a comment',
    ]);
  });
});
