import { GLOBAL_OPTIONS } from './globals.js';
import { longName, optionTable } from './records.js';
import type { Words } from './request.js';
import type { CommandSpec, OptionSpec, OptionTable } from './spec.js';

// The fast path's reading of a command line (src/startup/feature-get.ts), from the same option
// records as commander's tree, for the plain forms only: the command's words first, then its
// arguments and options as `--name value`, `--name=value`, `-n value` and `--switch`. Anything
// else (help, an unknown or repeated option, `-ojson`, `--`, a value that starts with `-`, a
// missing or extra argument) is left to commander, whose messages and exit codes stay the
// only ones: this returns undefined and nothing has been done.

interface Known {
  key: string;
  spec: OptionSpec;
  global: boolean;
}

/** Every spelling of the options a command takes: its own and the global ones. */
function spellings(spec: CommandSpec<any>): Map<string, Known> {
  const names = new Map<string, Known>();
  const add = (table: OptionTable, global: boolean) => {
    for (const [key, option] of Object.entries(table)) {
      const known = { key, spec: option, global };
      names.set(longName(option), known);
      const short = /^-\w\b/.exec(option.spelling);
      if (short) names.set(short[0], known);
    }
  };
  add(GLOBAL_OPTIONS, true);
  add(optionTable(spec), false);
  return names;
}

const takesValue = (spec: OptionSpec) => /<[^>]+>/.test(spec.spelling);
const negated = (spec: OptionSpec) => /(^|\s)--no-/.test(spec.spelling);

/** The words of `argv` as commander would split them for `spec`, or undefined (see above). */
export function lightWords(spec: CommandSpec<any>, argv: readonly string[]): Words | undefined {
  if (!spec.path.every((w, i) => argv[i] === w)) return undefined;
  // Only required, single, free arguments: their count is then exact.
  const args = spec.args ?? [];
  if (!args.every((a) => /^<[\w-]+>$/.test(a.name) && !a.choices)) return undefined;
  const names = spellings(spec);
  if (
    Object.values({ ...GLOBAL_OPTIONS, ...optionTable(spec) }).some(
      (o: OptionSpec) => o.repeat || /\[/.test(o.spelling),
    )
  )
    return undefined;
  const globals: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  const given = new Set<string>();
  const positional: string[] = [];
  const seen = new Set<string>();
  for (let i = spec.path.length; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) {
      positional.push(word);
      continue;
    }
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const known = names.get(eq > 0 ? word.slice(0, eq) : word);
    if (!known || seen.has(known.key)) return undefined;
    seen.add(known.key);
    let value: string | boolean;
    if (!takesValue(known.spec)) {
      if (eq > 0) return undefined;
      value = !negated(known.spec);
    } else if (eq > 0) {
      value = word.slice(eq + 1);
    } else {
      const next = argv[++i];
      if (next === undefined || next.startsWith('-')) return undefined;
      value = next;
    }
    (known.global ? globals : options)[known.key] = value;
    if (!known.global) given.add(known.key);
  }
  if (positional.length !== args.length) return undefined;
  // What commander holds for an option not given: true for a `--no-` switch, a text default.
  const defaults = (table: OptionTable, into: Record<string, unknown>) => {
    for (const [key, option] of Object.entries(table)) {
      if (key in into) continue;
      if (negated(option)) into[key] = true;
      else if (typeof option.default === 'string') into[key] = option.default;
    }
  };
  defaults(GLOBAL_OPTIONS, globals);
  defaults(optionTable(spec), options);
  return { globals, options, given, args: positional };
}
