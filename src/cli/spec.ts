import type { Format } from '../output/formats.js';
import type { RunContext, Session } from './context.js';
import type { ArgSpec, OptionTable, OptionValues } from './option-spec.js';
import type { OutputOptions } from '../output/context.js';

// A command is one record: its path, one flag table, its formats and examples, and the lazy
// import of its work. The commander tree, --help, shell completion and the README's flag
// tables are all generated from these records (see program.ts and scripts/build.mjs).

// Value checks throw OptionValueError (errors.ts); the kit turns it into a usage error.
export { OptionValueError } from '../errors.js';
export type {
  ArgSpec,
  FormatRule,
  OptionSpec,
  OptionTable,
  OptionValues,
  ServerNames,
  ValueSource,
} from './option-spec.js';

export interface Request<T extends OptionTable> {
  /** Positional arguments, in order (a variadic one is the last, as a list). */
  args: (string | string[] | undefined)[];
  options: OptionValues<T>;
  /** Only for commands that declare formats. */
  output: OutputOptions;
  /** Where each flag's value came from, when that changes the meaning (e.g. a default -o). */
  given: ReadonlySet<string>;
  /** Every command's record: what `completion` generates its scripts from. */
  program: ProgramSpec;
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
  /** Only -o: the output is no rows of columns, so no --columns, --no-headers or --csv-raw. */
  formatOnly?: true;
  /** Text after the flags in --help, before the examples. */
  help?: string;
  examples: readonly string[];
  /**
   * Whether this run is a gate (its exit code judges the data): then a closed stdout (EPIPE)
   * stops the output but not the reading, so the code still comes from all of the data.
   */
  gate?: (options: OptionValues<T>) => boolean;
  /** It asks questions on the terminal (a confirmation): its output never goes through a pager. */
  prompts?: boolean;
  /**
   * It writes to the server: its report of each outcome goes straight to the terminal, never
   * through a pager, where quitting early would hide what was done while the writes go on.
   */
  writes?: boolean;
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

/** The process's IO, the commands, and where tokens in play are noted so no message shows them. */
export interface App extends Session {
  program: ProgramSpec;
}
