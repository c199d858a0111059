import { pathKey, valueWords } from './quote.js';
import { serverLines } from './server-values.js';
import { allSpecs, type CommandSpec, type OptionSpec } from './spec.js';

// The data every script carries, as branches of a `case` (bash, zsh) or `switch` (fish) keyed
// by command path: the shells differ only in quoting, descriptions and the driver around them.

/** Renders the completion script of one shell from the spec of the whole program. */
export type Script = (root: CommandSpec) => string;

/** One branch of a generated `case`/`switch`: the patterns it matches and the lines it prints. */
export interface Arm {
  patterns: string[];
  lines: string[];
}

export interface Dialect {
  quote: (text: string) => string;
  /** A pattern matching `<any command path>|<flag>`. */
  anyPath: (flag: string) => string;
  /** The line listing a command or flag; zsh and fish add the description. */
  entry: (name: string, description: string) => string;
}

export interface ScriptData {
  /** Subcommands by command path. */
  commands: Arm[];
  /** Flags by command path, without the shared ones. */
  flags: Arm[];
  /** Lines for the flags every command takes. */
  shared: string[];
  /** Values by `path|flag`: words, @profiles or @files; an arm with no lines marks a flag that takes a free value. */
  values: Arm[];
  /** Fixed values of positional arguments by `path|index`; @files for a path. */
  args: Arm[];
}

const key = (f: OptionSpec) => JSON.stringify([f.names, f.takesValue, f.values]);

/** The flags every command takes alike (the global ones and --help): scripts list them once. */
export function sharedFlags(specs: CommandSpec[]): OptionSpec[] {
  const [root, ...rest] = specs;
  return (root?.flags ?? []).filter((f) => rest.every((s) => s.flags.some((g) => key(g) === key(f))));
}

function ownFlags(spec: CommandSpec, shared: OptionSpec[]): OptionSpec[] {
  return spec.flags.filter((f) => !shared.some((g) => key(g) === key(f)));
}

/**
 * Merges branches that print the same lines, keeping every specific branch (one command's
 * flag) before every wildcard one (a global flag), so that `case` picks the specific first.
 */
function mergeArms(specific: Arm[], wildcard: Arm[] = []): Arm[] {
  const merge = (arms: Arm[]) => {
    const byLines = new Map<string, Arm>();
    for (const arm of arms) {
      const seen = byLines.get(JSON.stringify(arm.lines));
      if (seen) seen.patterns.push(...arm.patterns);
      else byLines.set(JSON.stringify(arm.lines), { patterns: [...arm.patterns], lines: arm.lines });
    }
    return [...byLines.values()];
  };
  return [...merge(specific), ...merge(wildcard)];
}

export function scriptData(root: CommandSpec, d: Dialect): ScriptData {
  const specs = allSpecs(root);
  const shared = sharedFlags(specs);
  const at = (s: CommandSpec, rest = '') => d.quote(`${pathKey(s)}${rest}`);
  const flagLines = (flags: OptionSpec[]) => flags.flatMap((f) => f.names.map((n) => d.entry(n, f.description)));
  const valueArm = (patterns: string[], f: OptionSpec): Arm => ({ patterns, lines: valueWords(f) });

  return {
    commands: specs
      .filter((s) => s.commands.length)
      .map((s) => ({ patterns: [at(s)], lines: s.commands.map((c) => d.entry(c.path.at(-1)!, c.description)) })),
    flags: specs
      .filter((s) => ownFlags(s, shared).length)
      .map((s) => ({ patterns: [at(s)], lines: flagLines(ownFlags(s, shared)) })),
    shared: flagLines(shared),
    values: mergeArms(
      specs.flatMap((s) =>
        ownFlags(s, shared)
          .filter((f) => f.takesValue)
          .map((f) =>
            valueArm(
              f.names.map((n) => at(s, `|${n}`)),
              f,
            ),
          ),
      ),
      shared.filter((f) => f.takesValue).map((f) => valueArm(f.names.map(d.anyPath), f)),
    ),
    args: specs.flatMap((s) =>
      s.args.flatMap((a, i) => {
        if (a.values?.length) return [{ patterns: [at(s, `|${i}`)], lines: [...a.values] }];
        // A path, a name on the server, or either (diff's ENV or @FILE: the scripts offer files after an @).
        const files = a.files === 'with-names' ? ['@paths'] : a.files ? ['@files'] : [];
        const lines = [...files, ...(a.server ? serverLines(a.server) : [])];
        if (!lines.length) return [];
        // A list takes any number of them: the positions after it match as well.
        const at_ = a.variadic ? Array.from({ length: 20 }, (_, k) => at(s, `|${i + k}`)) : [at(s, `|${i}`)];
        return [{ patterns: at_, lines }];
      }),
    ),
  };
}

/** Patterns joined by `sep`, wrapped onto continuation lines so that lines stay short. */
export function wrapPatterns(patterns: string[], sep: string, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const p of patterns) {
    if (line && line.length + sep.length + p.length > 90) {
      lines.push(`${line}${sep}\\`);
      line = p;
    } else line = line ? `${line}${sep}${p}` : p;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}
