import { commandWords } from './program.js';
import type { ProgramSpec } from './spec.js';

// What follows commander's "unknown command" or "unknown option" when it has no close match
// to suggest, as git, gh and kubectl do: the commands the group has, or where that command's
// options are listed. Commander's own "(Did you mean …?)" stays the whole answer when it has one.

/** The deepest command or group that the words of `argv` name: [] for the root. */
function reached(program: ProgramSpec, argv: readonly string[]): string[] {
  const words = commandWords(argv);
  const paths = new Set(program.entries.map((e) => e.path.join(' ')));
  let at: string[] = [];
  for (let i = 1; i <= words.length && paths.has(words.slice(0, i).join(' ')); i++) at = words.slice(0, i);
  return at;
}

/** Edits (insert, delete, change, swap two neighbours) between two words. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const childrenOf = (program: ProgramSpec, path: readonly string[]) =>
  program.entries
    .filter((e) => e.path.length === path.length + 1 && e.path.slice(0, -1).join(' ') === path.join(' '))
    .map((e) => e.path.at(-1)!);

/**
 * `feature serch`: the noun in the other number has a command close to the word (the noun's
 * number alone is taken care of before parsing, see nounNumber).
 */
function otherNumber(program: ProgramSpec, path: readonly string[], word: string | undefined): string | undefined {
  if (path.length !== 1 || !word) return undefined;
  const noun = path[0]!;
  const other = noun.endsWith('s') ? noun.slice(0, -1) : `${noun}s`;
  const close = childrenOf(program, [other]).filter((c) => distance(word, c) <= Math.max(1, Math.floor(c.length / 3)));
  return close.length === 1 ? `flagctl ${other} ${close[0]}` : undefined;
}

/**
 * The line to print after commander's message for `code` (a CommanderError code), or
 * undefined when commander suggested a close match or the error is of another kind.
 */
export function unknownWordHint(
  program: ProgramSpec,
  argv: readonly string[],
  code: string,
  message: string,
): string | undefined {
  if (/did you mean/i.test(message)) return undefined;
  const path = reached(program, argv);
  const help = ['flagctl', ...path, '--help'].join(' ');
  if (code === 'commander.unknownOption') return `See \`${help}\` for its options.`;
  if (code !== 'commander.unknownCommand') return undefined;
  const suggestion = otherNumber(program, path, commandWords(argv)[path.length]);
  if (suggestion) return `(Did you mean \`${suggestion}\`?)`;
  const owner = ['flagctl', ...path].join(' ');
  return `The commands of \`${owner}\` are: ${childrenOf(program, path).join(', ')}. See \`${help}\`.`;
}
