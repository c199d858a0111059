import { Argument, Command, Option } from 'commander';
import { UsageError } from '../../errors.js';
import { keepReadingWhenClosed } from '../../io.js';
import { VERSION } from '../../version.js';
import type { App, GlobalOptions } from './context.js';
import { GLOBAL_OPTIONS } from './globals.js';
import { outputOptions } from './output-options.js';
import { commandsOf, optionTable, longName } from './records.js';
import { OptionValueError, type ArgSpec, type CommandSpec, type OptionSpec, type OptionTable, type GroupSpec, type ProgramSpec, type Request } from './spec.js';

// The commander tree, generated from the command records. Commander only splits the words;
// the kit checks every value against its record, so run() gets a typed request.

const isCommand = (e: GroupSpec | CommandSpec<any>): e is CommandSpec<any> => 'load' in e;

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function examplesText(help: string | undefined, examples: readonly string[]): string {
  const list = examples.length ? `Examples:\n${examples.map((e) => `  $ ${e}`).join('\n')}` : '';
  return `\n${[help, list].filter(Boolean).join('\n\n')}`;
}

function option(spec: OptionSpec): Option {
  const opt = new Option(spec.spelling, spec.help);
  if (spec.repeat) opt.argParser(collect);
  if (typeof spec.default === 'string') opt.default(spec.default);
  if (spec.group) opt.helpGroup(spec.group);
  if (spec.hidden || spec.removed) opt.hideHelp();
  return opt;
}

/**
 * Checks and converts one table's values, as each option's declaration says: its variable
 * when it is not given (`env`), its `parse`, its default, `required` and `conflicts`. The
 * first problem is a usage error naming the option (or the variable) and the value.
 */
export function readOptions(table: OptionTable, given: Record<string, unknown>, env: Record<string, string | undefined> = {}): Record<string, unknown> {
  const raw = { ...given };
  for (const [key, spec] of Object.entries(table)) {
    if (spec.removed && raw[key] !== undefined) throw new UsageError(`${longName(spec)}: removed: ${spec.removed}`);
  }
  const names: Record<string, string> = {};
  for (const [key, spec] of Object.entries(table)) {
    const value = spec.env ? env[spec.env] : undefined;
    if (raw[key] !== undefined || !value) continue;
    raw[key] = value;
    names[key] = spec.env!;
  }
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(table)) {
    const value = raw[key];
    if (value === undefined || typeof value === 'boolean' || !spec.parse) {
      out[key] = value ?? (typeof spec.default === 'string' ? undefined : spec.default);
      continue;
    }
    const values = Array.isArray(value) ? (value as string[]) : [value as string];
    const parsed = values.map((v) => {
      try {
        return spec.parse!(v);
      } catch (err) {
        if (!(err instanceof OptionValueError)) throw err;
        throw labelled(err, `${names[key] ?? longName(spec)} "${v}"`);
      }
    });
    out[key] = spec.repeat ? parsed : parsed[0];
  }
  const isGiven = (key: string) => raw[key] !== undefined && raw[key] !== false && !(Array.isArray(raw[key]) && raw[key].length === 0);
  const shown = (key: string) => {
    const value = raw[key];
    const name = names[key] ?? longName(table[key]!);
    return typeof value === 'string' ? `${name} "${value}"` : name;
  };
  for (const [key, spec] of Object.entries(table)) {
    if (spec.required && out[key] === undefined) throw new UsageError(`${longName(spec)}: required: ${spec.required}`);
    if (!spec.conflicts || !isGiven(key)) continue;
    const other = spec.conflicts.with.find(isGiven);
    if (other) throw new UsageError(`${shown(key)} and ${shown(other)}: ${spec.conflicts.why}`);
  }
  return out;
}

function labelled(err: OptionValueError, fallback: string): UsageError {
  const label = err.label ?? fallback;
  return new UsageError(label ? `${label}: ${err.message}` : err.message);
}

function readArgs(specs: readonly ArgSpec[], values: unknown[]): Request<OptionTable>['args'] {
  return specs.map((spec, i) => {
    const value = values[i] as string | string[] | undefined;
    if (!spec.parse || value === undefined) return value;
    try {
      return Array.isArray(value) ? value.map(spec.parse) : spec.parse(value);
    } catch (err) {
      if (err instanceof OptionValueError) throw labelled(err, `${spec.name} "${String(value)}"`);
      throw err;
    }
  });
}

/** The global options; one not given comes from its variable, and a bad value there is reported under the variable's name. */
function globals(app: App, command: Command): GlobalOptions {
  const all = command.optsWithGlobals();
  const raw = Object.fromEntries(Object.keys(GLOBAL_OPTIONS).map((k) => [k, all[k]]));
  return readOptions(GLOBAL_OPTIONS, raw, app.io.env) as GlobalOptions;
}

/** Every project id the given options name (OptionSpec.projects). */
function namedProjects(table: OptionTable, flags: Record<string, unknown>): string[] {
  return Object.entries(table).flatMap(([key, spec]) => (spec.projects && flags[key] !== undefined ? spec.projects(flags[key]) : []));
}

function leaf(app: App, spec: CommandSpec): Command {
  const cmd = new Command(spec.path.at(-1)!).description(spec.summary);
  if (spec.usage) cmd.usage(spec.usage);
  for (const a of spec.args ?? []) {
    const arg = new Argument(a.name, a.help);
    cmd.addArgument(a.choices ? arg.choices(a.choices) : arg);
  }
  const table = optionTable(spec);
  for (const f of Object.values(table)) cmd.addOption(option(f));
  cmd.addHelpText('after', examplesText(spec.help, spec.examples));
  return cmd.action(async (...params: unknown[]) => {
    const command = params.at(-1) as Command;
    // The context holds the HTTP client and config reader: loaded only when a command runs.
    const { RunContext } = await import('./context.js');
    const ctx = new RunContext(app, globals(app, command));
    const flags = readOptions(table, command.opts(), app.io.env);
    const given = new Set(Object.keys(table).filter((k) => ['cli', 'env'].includes(command.getOptionValueSource(k) ?? '')));
    const request: Request<OptionTable> = {
      args: readArgs(spec.args ?? [], command.processedArgs),
      options: flags as Request<OptionTable>['options'],
      output: outputOptions(flags, spec.formats?.[0] ?? 'table'),
      given,
    };
    if (spec.check) {
      try {
        spec.check(request);
      } catch (err) {
        if (err instanceof OptionValueError) throw labelled(err, '');
        throw err;
      }
    }
    const gate = spec.gate?.(request.options as never) === true;
    ctx.expectProjects(namedProjects(table, flags), gate);
    if (gate) keepReadingWhenClosed(app.io.stdout);
    const work = await spec.load();
    try {
      await work.run(ctx, request);
    } finally {
      await ctx.close();
    }
  });
}

/** The global flags that take a value: `--url <base-url>` consumes the next word. */
const GLOBAL_WITH_VALUE = new Set(
  Object.values(GLOBAL_OPTIONS as OptionTable)
    .filter((f) => /[<[]/.test(f.spelling))
    .map(longName),
);

/** The words that name a command: what is left of argv before `--` once the global flags are skipped. */
function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) words.push(arg);
    else if (GLOBAL_WITH_VALUE.has(arg)) i++;
  }
  return words;
}

/**
 * The entries a command line reaches: when its words name a command, that command and the
 * groups above it; otherwise (no command, a group, `help`, a typo) every entry, so that help
 * and suggestions see the whole tree. A command's own --help reads only its own branch.
 */
export function entriesFor(program: ProgramSpec, argv: readonly string[]): ProgramSpec['entries'] {
  const words = commandWords(argv);
  const hit = commandsOf(program).find((c) => c.path.every((w, i) => words[i] === w));
  if (!hit) return program.entries;
  const line = hit.path.join(' ');
  return program.entries.filter((e) => line === e.path.join(' ') || line.startsWith(`${e.path.join(' ')} `));
}

/**
 * The tree: the root with the global flags, a command per group, a leaf per record. With
 * `argv`, only the branch that command line reaches (see entriesFor): building every leaf's
 * options costs start-up time that one command never uses.
 */
export function buildProgram(app: App, program: ProgramSpec, argv?: readonly string[]): Command {
  const root = new Command('flagctl').description(program.summary).version(VERSION, '-V, --version', 'print the version');
  for (const f of Object.values(GLOBAL_OPTIONS)) root.addOption(option(f));
  root.addHelpText('after', examplesText(undefined, program.examples));
  const parents = new Map<string, Command>([['', root]]);
  const parentOf = (path: readonly string[]) => parents.get(path.slice(0, -1).join(' '))!;
  for (const e of argv ? entriesFor(program, argv) : program.entries) {
    if (isCommand(e)) {
      parentOf(e.path).addCommand(leaf(app, e));
      continue;
    }
    const cmd = new Command(e.path.at(-1)!).description(e.summary).addHelpText('after', examplesText(undefined, e.examples));
    parentOf(e.path).addCommand(cmd);
    parents.set(e.path.join(' '), cmd);
  }
  return root;
}
