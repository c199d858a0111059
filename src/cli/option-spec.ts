// An option's record: how it is spelled, checked and completed, and the typed values a table
// of them gives run(). The command records (spec.ts) are built from these; the run context
// (context.ts) and the global options (globals.ts) need only this part, which keeps the
// type-only imports between the three from closing a circle.

import type { Format } from '../output/formats.js';

/**
 * Names the shells complete from the server (completion --server-names, cached briefly):
 * active flags of the profile's project, its archived flags, projects, environments, segments;
 * and `plan`, the flags a plan file (the command's first argument) says to archive, read from
 * the file alone.
 */
export type ServerNames = 'features' | 'archived' | 'projects' | 'environments' | 'segments' | 'plan';

/** A value made of names on the server and other words (completion/server-values.ts). */
export interface ServerValues {
  names: ServerNames;
  /** A comma-separated list, maybe after `!` or an operator (`IS_ANY_OF:web,mo`): its last name completes. */
  list?: boolean;
  /** The name is followed by a colon and one of these (`--status production:enabled`). */
  then?: readonly string[];
  /** The names come after this fixed prefix only (`--sort-by environment:production`). */
  after?: string;
  /** Fixed words offered beside the names (operator prefixes such as `IS_ANY_OF:`). */
  words?: readonly string[];
}

/** What a flag's value completes to: a fixed list, the profiles in the config file, file names, or names on the server. */
export type ValueSource = readonly string[] | 'profiles' | 'files' | ServerNames | ServerValues;

export interface OptionSpec<T = unknown> {
  /** How it is written, as commander takes it: `-o, --output <format>`, `--all`, `--no-chart`. */
  spelling: string;
  help: string;
  /** What the value completes to in the shell. */
  values?: ValueSource;
  /**
   * Checks and converts the value (each value, for a repeated option). Throws OptionValueError.
   * `now` is the run's clock (io.clock), for values relative to it such as `30d`.
   */
  parse?: (raw: string, now: () => number) => T;
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
  /**
   * The environment names the value names (each value, for a repeated option) (`--status production:enabled`, `-e production`,
   * `--columns env:production.enabled`). The kit checks them against GET
   * /api/admin/environments before the command's first request: a mistyped one exits 5.
   */
  environments?: (value: T) => string[];
  /** The segment names the value names (`--segment beta`), checked as environments are (GET /api/admin/segments). */
  segments?: (value: T) => string[];
  /** The tags (`type:value`) the value names (`--tag team:growth`), checked as segments are (GET /api/admin/tags). */
  tags?: (value: T) => string[];
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
  /**
   * Formats this option cannot be given with (`not`) or needs (`only`, unless the option
   * `unless` names is given too): exit 2 with `why`, told the format given and the formats
   * that would do. A format goes with those it comes with (yaml with json: its adapter's `place`).
   */
  formats?: FormatRule;
}

export interface FormatRule {
  only?: readonly Format[];
  not?: readonly Format[];
  unless?: string;
  why: (format: Format, accepted: readonly Format[]) => string;
}

export type OptionTable = Readonly<Record<string, OptionSpec<any>>>;

export interface ArgSpec {
  /** `<feature>`, `[shell]`, `<feature...>` (commander's spelling). */
  name: string;
  help: string;
  choices?: readonly string[];
  /**
   * The value is a path (a plan, a tree, an @snapshot): the shells complete file names. Beside
   * `server` names, only after an @ (diff's @FILE); with 'with-names', always (cleanup's flag
   * names, then paths).
   */
  files?: boolean | 'with-names';
  /** The value is a name on the server: the shells complete it from there (beside file names, with `files`). */
  server?: ServerNames | ServerValues;
  /** Checks the value (each value of a variadic argument), as a flag's parse does. */
  parse?: (raw: string) => string;
}

type Base<F> = F extends { parse: (raw: string, ...rest: any[]) => infer T }
  ? T
  : F extends { spelling: `${string}<${string}>` }
    ? string
    : F extends { spelling: `${string}[${string}]` }
      ? string | true
      : boolean;
type Value<F> = F extends { repeat: true } ? Base<F>[] : Base<F>;
type Maybe<F> = F extends { default: unknown }
  ? never
  : F extends { repeat: true }
    ? never
    : F extends { spelling: `--no-${string}` }
      ? never
      : undefined;

/** The typed options of a table: what a command's run() receives (a removed option never reaches it). */
export type OptionValues<T extends OptionTable> = {
  -readonly [K in keyof T as T[K] extends { removed: string } ? never : K]: Value<T[K]> | Maybe<T[K]>;
};
