import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROGRAM } from '../../src/commands/registry.js';

// bin/flagctl names its code cache after the command (issue 23: what a run compiles depends on
// it), and must tell a verb (feature get) from an argument (refs src, evaluate my-flag). It
// cannot load the registry before the bundle, so it keeps the list of two-word nouns itself.

describe('bin/flagctl', () => {
  it('knows exactly the nouns that take a verb', () => {
    const bin = readFileSync(fileURLToPath(new URL('../../bin/flagctl', import.meta.url)), 'utf8');
    const listed = JSON.parse(/const NOUNS_WITH_VERBS = (\[[^\]]*\]);/.exec(bin)![1]!.replace(/'/g, '"')) as string[];
    const groups = PROGRAM.entries.filter((e) => !('load' in e)).map((e) => e.path[0]!);
    expect([...listed].sort()).toEqual([...groups].sort());
  });
});
