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
  const key = path.join(' ');
  const children = program.entries
    .filter((e) => e.path.length === path.length + 1 && e.path.slice(0, -1).join(' ') === key)
    .map((e) => e.path.at(-1)!);
  const owner = ['flagctl', ...path].join(' ');
  return `The commands of \`${owner}\` are: ${children.join(', ')}. See \`${help}\`.`;
}
