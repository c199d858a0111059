import type { Format } from '../output/formats.js';
import type { RunContext } from './context.js';
import type { OutputOptions } from '../output/context.js';

// A command is one record: its path, one flag table, its formats and examples, and the lazy
// import of its work. The commander tree, --help, shell completion and the README's flag
// tables are all generated from these records (see program.ts and scripts/build.mjs).

// Value checks throw OptionValueError (errors.ts); the kit turns it into a usage error.
export { OptionValueError } from '../errors.js';

/** What a flag's value completes to: a fixed list, the profiles in the config file, or file names. */
export type ValueSource = readonly string[] | 'profiles' | 'files';

export interface OptionSpec<T = unknown> {
  /** How it is written, as commander takes it: `-o, --output <format>`, `--all`, `--no-chart`. */
  spelling: string;
  help: string;
  /** What the value completes to in the shell. */
  values?: ValueSource;
  /** Checks and converts the value (each value, for a repeated option). Throws OptionValueError. */
  parse?: (raw: string) => T;
  /** The value when the flag is not given (already converted). */
  default?: T;
  /**
   * The project ids the (converted) value names. The kit checks them against the server's
   * project list before the command's first request: a mistyped project exits 5 everywhere.
   */
  projects?: (value: T) => string[];
  /**
   * The command's requests carry the project in their path, so a missing project answers 404:
   * the project list is then read only after a 404 (none on success), and a missing project
   * still exits 5 with the same message.
   */
  projectInPath?: boolean;
  /** The flag may be given several times; the request holds a list. */
  repeat?: boolean;
  /** Options (keys of the same table) that cannot be given with this one, and why: exit 2 naming both. */
  conflicts?: { with: readonly string[]; why: string };
  /** The command cannot run without it: exit 2 with this hint (e.g. `e.g. --env production`). */
  required?: string;
  /** A variable read when the option is not given (a bad value there is reported under its name). */
  env?: string;
  /** A heading of its own in --help. */
  group?: string;
  /** Left out of --help (still parsed). */
  hidden?: boolean;
  /**
   * The option was removed: it is still recognised, only to refuse it (exit 2, nothing sent)
   * with this text, which says why it went and what to use instead. Left out of --help, the
   * completions and the docs, and of the request run() receives.
   */
  removed?: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec<any>>>;

export interface ArgSpec {
  /** `<feature>`, `[shell]`, `<feature...>` (commander's spelling). */
  name: string;
  help: string;
  choices?: readonly string[];
  /** Checks the value (each value of a variadic argument), as a flag's parse does. */
  parse?: (raw: string) => string;
}

type Base<F> = F extends { parse: (raw: string) => infer T }
  ? T
  : F extends { spelling: `${string}<${string}>` }
    ? string
    : F extends { spelling: `${string}[${string}]` }
      ? string | true
      : boolean;
type Value<F> = F extends { repeat: true } ? Base<F>[] : Base<F>;
type Maybe<F> = F extends { default: unknown } ? never : F extends { repeat: true } ? never : F extends { spelling: `--no-${string}` } ? never : undefined;

/** The typed options of a table: what a command's run() receives (a removed option never reaches it). */
export type OptionValues<T extends OptionTable> = {
  -readonly [K in keyof T as T[K] extends { removed: string } ? never : K]: Value<T[K]> | Maybe<T[K]>;
};

export interface Request<T extends OptionTable> {
  /** Positional arguments, in order (a variadic one is the last, as a list). */
  args: (string | string[] | undefined)[];
  options: OptionValues<T>;
  /** Only for commands that declare formats. */
  output: OutputOptions;
  /** Where each flag's value came from, when that changes the meaning (e.g. a default -o). */
  given: ReadonlySet<string>;
}

/**
 * A command's work. The context class lives in context.ts, which loads only when a command
 * runs: a type-only import here costs nothing at start-up.
 */
export interface RunModule<T extends OptionTable> {
  run(ctx: RunContext, req: Request<T>): Promise<void>;
}

export interface CommandSpec<T extends OptionTable = OptionTable> {
  /** Words after `flagctl`: ['features', 'stale']. */
  path: readonly string[];
  summary: string;
  /** commander's usage line, where the generated one would mislead. */
  usage?: string;
  args?: readonly ArgSpec[];
  options: T;
  /** Output formats, first the default: adds -o, --columns, --no-headers and --csv-raw. */
  formats?: readonly Format[];
  /** Text after the flags in --help, before the examples. */
  help?: string;
  examples: readonly string[];
  /**
   * Whether this run is a gate (its exit code judges the data): then a closed stdout (EPIPE)
   * stops the output but not the reading, so the code still comes from all of the data.
   */
  gate?: (options: OptionValues<T>) => boolean;
  /**
   * Rules that span several options or arguments (one option or another, not both; exactly
   * one name with --expect): run by the kit after each value is checked and before anything
   * is sent. Throws UsageError, or OptionValueError with a label.
   */
  check?: (req: Request<T>) => void;
  load(): Promise<RunModule<T>>;
}

/** Keeps a record's flag types exact (`as const` spelled once, here). */
export function defineCommand<const T extends OptionTable>(spec: CommandSpec<T>): CommandSpec<T> {
  return spec;
}

/** A command that only groups others (`feature`, `features`, …). */
export interface GroupSpec {
  path: readonly string[];
  summary: string;
  examples: readonly string[];
}

export interface ProgramSpec {
  summary: string;
  examples: readonly string[];
  /** Groups and commands in help order; a group comes before the commands under it. */
  entries: readonly (GroupSpec | CommandSpec<any>)[];
}
