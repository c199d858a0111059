import type { Command, Option } from 'commander';
import type { ValueSource } from './value-source.js';

/** What a flag's value completes to, by the command's path and the flag's long name. */
export type ValuesOf = (path: readonly string[], long: string) => ValueSource | undefined;

// What the completion scripts know, read from the live commander tree: every command, its
// flags and arguments. The scripts are rendered from this, so a new command or flag reaches
// bash, zsh and fish without anyone editing them.

export interface FlagSpec {
  /** `-o`, `--output`: the spellings that name this flag. */
  names: string[];
  description: string;
  /** Whether the flag takes a value (`--output <format>`), and what that value completes to. */
  takesValue: boolean;
  values?: ValueSource;
}

export interface ArgSpec {
  name: string;
  values?: readonly string[];
}

export interface CommandSpec {
  /** Words after `flagctl` that name this command: [] for the root, ['feature', 'get'], … */
  path: string[];
  description: string;
  commands: CommandSpec[];
  /** Its own flags, then the root's global flags (commander accepts those after any subcommand). */
  flags: FlagSpec[];
  args: ArgSpec[];
}

function flagSpec(option: Option, path: string[], valuesOf: ValuesOf): FlagSpec {
  const names = [option.short, option.long].filter((n): n is string => Boolean(n));
  const takesValue = option.required || option.optional;
  const values = takesValue ? (option.argChoices ?? valuesOf(path, option.long ?? '')) : undefined;
  return { names, description: firstLine(option.description), takesValue, values };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

function commandSpec(cmd: Command, path: string[], globals: Option[], valuesOf: ValuesOf): CommandSpec {
  const help = cmd.createHelp();
  const own = help.visibleOptions(cmd);
  const inherited = globals.filter((g) => !own.some((o) => o.long === g.long || (g.short && o.short === g.short)));
  // visibleCommands() lists the implicit `help [command]` too, as `--help` does.
  const subs = help.visibleCommands(cmd);
  const siblings = subs.filter((s) => cmd.commands.includes(s)).map((s) => s.name());
  return {
    path,
    description: firstLine(cmd.description()),
    commands: subs.map((sub) => {
      const spec = commandSpec(sub, [...path, sub.name()], globals, valuesOf);
      // The implicit help command's argument is one of its siblings.
      if (!cmd.commands.includes(sub)) spec.args = spec.args.map((a) => ({ ...a, values: siblings }));
      return spec;
    }),
    flags: [...own, ...inherited].map((o) => flagSpec(o, path, valuesOf)),
    args: cmd.registeredArguments.map((a) => ({ name: a.name(), values: a.argChoices })),
  };
}

/** The completion spec of a whole program: the root's flags, except its --help, are global. */
export function completionSpec(root: Command, valuesOf: ValuesOf): CommandSpec {
  const globals = root.createHelp().visibleOptions(root).filter((o) => o.long !== '--help');
  return commandSpec(root, [], globals, valuesOf);
}

/** Every command of the spec, the root first. */
export function allSpecs(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(allSpecs)];
}
