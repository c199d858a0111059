import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without type declarations
import { nounsWithVerbs } from '../../scripts/build.mjs';
import { PROGRAM } from '../../src/commands/registry.js';

// The launcher names its code cache after the command (what a run compiles depends on it), and
// must tell a verb (feature get) from an argument (refs src, evaluate my-flag). It runs before
// the bundle, and so the registry, is loaded: the build gives it the two-word nouns, read from
// the folders (src/startup/route.ts, scripts/build.mjs).

describe('the launcher', () => {
  it('is built knowing exactly the nouns that take a verb', () => {
    const groups = PROGRAM.entries.filter((e) => !('load' in e)).map((e) => e.path[0]!);
    expect(nounsWithVerbs()).toEqual([...groups].sort());
  });
});
