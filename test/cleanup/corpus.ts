// Shared by the corpus files: each case is a file before and after `flagctl cleanup`.
import { expect } from 'vitest';
import { cleanFile } from '../../src/cleanup/clean.js';
import { parserFor } from '../../src/cleanup/grammars.js';
import { grammarOf } from '../../src/cleanup/languages.js';

export interface Case {
  name: string;
  file: string;
  /** The flag `x`'s kept value. */
  keep: boolean;
  before: string;
  after: string;
  /** Reasons of the leftovers expected, in order. */
  leftovers?: string[];
}

/** The reason listed for a variable cleanup rewrote but could not follow. */
export const kept = (name: string) =>
  `its value is kept in the variable ${name}, which cleanup could not follow: the variable and its uses stay as they were`;

export async function check(c: Case): Promise<void> {
  const result = await cleanFile(c.file, c.before, new Map([['x', c.keep]]));
  expect(result.after).toBe(c.after);
  const grammar = grammarOf(c.file);
  if (grammar) {
    // Every file that parsed before parses after.
    const parser = await parserFor(grammar);
    const parses = (text: string) => !parser.parse(text.replace(/^\uFEFF/, ''))!.rootNode.hasError;
    if (parses(c.before)) expect(parses(result.after)).toBe(true);
  }
  expect(result.leftovers.map((l) => l.reason)).toEqual(c.leftovers ?? []);
}
