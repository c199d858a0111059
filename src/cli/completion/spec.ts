import { commandsOf, optionTable, longName } from '../records.js';
import { GLOBAL_OPTIONS } from '../globals.js';
import type { ServerValues } from '../option-spec.js';
import type { ArgSpec as RecordArg, OptionSpec as RecordFlag, ProgramSpec, ServerNames, ValueSource } from '../spec.js';

// What the completion scripts know, read from the command records: every command, its flags
// and arguments, and the `help [command]` and -h/--help that commander adds to each. The
// scripts are rendered from this, so a new command or flag reaches bash, zsh and fish without
// anyone editing them, and nothing here builds a commander tree.

export interface OptionSpec {
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
  /** A path: the scripts complete file names (an @ in front is kept); 'with-names': beside server names too. */
  files?: boolean | 'with-names';
  /** Names the scripts ask the server for. */
  server?: ServerNames | ServerValues;
  variadic?: boolean;
}

export interface CommandSpec {
  /** Words after `flagctl` that name this command: [] for the root, ['feature', 'get'], … */
  path: string[];
  description: string;
  commands: CommandSpec[];
  /** Its own flags, then the root's global flags (commander accepts those after any subcommand). */
  flags: OptionSpec[];
  args: ArgSpec[];
}

const HELP_FLAG: OptionSpec = { names: ['-h', '--help'], description: 'display help for command', takesValue: false };
const VERSION_FLAG: OptionSpec = { names: ['-V', '--version'], description: 'print the version', takesValue: false };

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

function flagSpec(spec: RecordFlag): OptionSpec {
  const short = /(?:^|[\s,])(-[A-Za-z])\b/.exec(spec.spelling)?.[1];
  const takesValue = /[<[]/.test(spec.spelling);
  return {
    names: [short, longName(spec)].filter((n): n is string => Boolean(n)),
    description: firstLine(spec.help),
    takesValue,
    ...(takesValue ? { values: spec.values } : {}),
  };
}

/** `<feature...>` → feature, as commander names an argument. */
function argSpec(arg: RecordArg): ArgSpec {
  return {
    name: arg.name.replace(/^[<[]|\.\.\.|[>\]]$/g, ''),
    values: arg.choices,
    files: arg.files,
    server: arg.server,
    variadic: arg.name.includes('...'),
  };
}

const visible = (table: Readonly<Record<string, RecordFlag>>) =>
  Object.values(table)
    .filter((f) => !f.hidden && !f.removed)
    .map(flagSpec);

/** Own flags first, then the globals that no own flag shadows. */
function withGlobals(own: OptionSpec[], globals: OptionSpec[]): OptionSpec[] {
  const taken = new Set(own.flatMap((f) => f.names));
  return [...own, ...globals.filter((g) => !g.names.some((n) => taken.has(n)))];
}

/** The completion spec of a whole program: the root's flags, except its --help, are global. */
export function completionSpec(program: ProgramSpec): CommandSpec {
  const globals = [VERSION_FLAG, ...visible(GLOBAL_OPTIONS)];
  const commands = commandsOf(program);
  const node = (path: string[], description: string): CommandSpec => {
    const key = path.join(' ');
    const record = commands.find((c) => c.path.join(' ') === key);
    if (record) {
      return {
        path,
        description: firstLine(description),
        commands: [],
        flags: withGlobals([...visible(optionTable(record)), HELP_FLAG], globals),
        args: (record.args ?? []).map(argSpec),
      };
    }
    // A group (or the root): its children in record order, then commander's `help [command]`.
    const children = program.entries.filter(
      (e) => e.path.length === path.length + 1 && e.path.slice(0, -1).join(' ') === key,
    );
    const subs = children.map((e) => node([...e.path], e.summary));
    const help: CommandSpec = {
      path: [...path, 'help'],
      description: HELP_FLAG.description,
      commands: [],
      flags: withGlobals([], globals),
      args: [{ name: 'command', values: subs.map((s) => s.path.at(-1)!) }],
    };
    return {
      path,
      description: firstLine(description),
      commands: [...subs, help],
      flags: withGlobals([HELP_FLAG], globals),
      args: [],
    };
  };
  const root = node([], program.summary);
  // The root's own flags are the globals themselves, in help order.
  root.flags = [...globals, HELP_FLAG];
  return root;
}

/** Every command of the spec, the root first. */
export function allSpecs(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(allSpecs)];
}
