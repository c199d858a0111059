import type { ServerNames, ServerValues } from '../option-spec.js';
import { serverLines } from './server-values.js';
import type { CommandSpec, OptionSpec } from './spec.js';

/** A POSIX shell single-quoted word, read literally by bash and zsh. */
export function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The same for fish, where a backslash inside single quotes escapes the next \\ or '. */
export function fishQuote(text: string): string {
  return sq(text.replace(/\\/g, '\\\\'));
}

/** The spelling a script compares the command path with: '' for the root, 'feature get', … */
export function pathKey(spec: CommandSpec): string {
  return spec.path.join(' ');
}

/** `printf '%s\n' …` of a word list (one per line), or `:` (bash, zsh) / `true` (fish) when empty. */
export function printLines(words: readonly string[], quote = sq): string {
  if (!words.length) return quote === sq ? ':' : 'true';
  return `printf '%s\\n' ${words.map(quote).join(' ')}`;
}

/** What a flag's value stands for in the scripts: its words, a @profiles / @files marker, or a server marker and words. */
export function valueWords(flag: OptionSpec): string[] {
  const values = flag.values;
  if (values === 'profiles') return ['@profiles'];
  if (values === 'files') return ['@files'];
  if (values === undefined) return [];
  if (typeof values === 'string' || !Array.isArray(values)) return serverLines(values as ServerNames | ServerValues);
  return [...values];
}

/** `name<sep>description` lines, for the shells that show descriptions (zsh ':', fish tab). */
export function described(name: string, description: string, sep: string): string {
  const desc = sep === ':' ? description : description.replace(/\t/g, ' ');
  return `${sep === ':' ? name.replace(/:/g, '\\:') : name}${desc ? `${sep}${desc}` : ''}`;
}
