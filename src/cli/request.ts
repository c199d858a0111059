import { UsageError } from '../errors.js';
import { clockOf, keepReadingWhenClosed } from '../io.js';
import type { GlobalOptions, RunContext } from './context.js';
import { GLOBAL_OPTIONS } from './globals.js';
import { checkFormatRules, outputOptions } from './output-options.js';
import type { NamedValue } from './known-names.js';
import { longName, optionTable } from './records.js';
import {
  OptionValueError,
  type App,
  type ArgSpec,
  type CommandSpec,
  type OptionTable,
  type Request,
  type RunModule,
} from './spec.js';

// From the words of a command line, split by commander (program.ts) or by the fast path's
// parser (light.ts), to a command's typed request and its run: the same checks, in the same
// order, whichever split the words. Nothing here loads commander.

/** A command line as its parser split it, before any value is checked. */
export interface Words {
  /** The global options' values (what commander's optsWithGlobals() holds for them). */
  globals: Record<string, unknown>;
  /** The command's own options' values, defaults included (commander's opts()). */
  options: Record<string, unknown>;
  /** The command's options given on the command line. */
  given: Set<string>;
  /** The positional arguments (commander's processedArgs). */
  args: unknown[];
}

/**
 * Checks and converts one table's values, as each option's declaration says: its variable
 * when it is not given (`env`), its `parse`, its default, `required` and `conflicts`. The
 * first problem is a usage error naming the option (or the variable) and the value.
 */
export function readOptions(
  table: OptionTable,
  given: Record<string, unknown>,
  env: Record<string, string | undefined> = {},
  now: () => number = Date.now,
): Record<string, unknown> {
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
        return spec.parse!(v, now);
      } catch (err) {
        if (!(err instanceof OptionValueError)) throw err;
        throw labelled(err, `${names[key] ?? longName(spec)} "${v}"`);
      }
    });
    out[key] = spec.repeat ? parsed : parsed[0];
  }
  const isGiven = (key: string) =>
    raw[key] !== undefined && raw[key] !== false && !(Array.isArray(raw[key]) && raw[key].length === 0);
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

/** Every project id the given options name (OptionSpec.projects), those checked only after a 404 apart. */
function namedProjects(table: OptionTable, flags: Record<string, unknown>, inPath: boolean): string[] {
  return Object.entries(table).flatMap(([key, spec]) =>
    spec.projects && flags[key] !== undefined && (spec.projectInPath === true) === inPath
      ? spec.projects(flags[key])
      : [],
  );
}

/** Every environment, segment or tag name the given options name, with the option that named it. */
function namedValues(
  table: OptionTable,
  flags: Record<string, unknown>,
  kind: 'environments' | 'segments' | 'tags',
): NamedValue[] {
  return Object.entries(table).flatMap(([key, spec]) => {
    const names = spec[kind];
    if (!names || flags[key] === undefined || flags[key] === false) return [];
    const values = spec.repeat ? (flags[key] as unknown[]) : [flags[key]];
    return values.flatMap((v) => names(v)).map((name) => ({ name, label: longName(spec) }));
  });
}

/** A command ready to run: every value checked, its work loaded, nothing sent or printed yet. */
export interface Ready {
  ctx: RunContext;
  request: Request<OptionTable>;
  work: RunModule<OptionTable>;
}

/**
 * Everything before a command's work, in the order the user sees its errors: the global
 * options (one not given comes from its variable, and a bad value there is reported under the
 * variable's name), --ca-file, the command's options, its arguments, its cross-option rules.
 */
export async function prepare(app: App, spec: CommandSpec<any>, words: Words): Promise<Ready> {
  // The context holds the HTTP client and config reader: loaded only when a command runs.
  const { RunContext } = await import('./context.js');
  const ctx = new RunContext(app, readOptions(GLOBAL_OPTIONS, words.globals, app.io.env) as GlobalOptions);
  const table = optionTable(spec);
  const clock = clockOf(app.io);
  const flags = readOptions(table, words.options, app.io.env, () => clock.now());
  const request: Request<OptionTable> = {
    args: readArgs(spec.args ?? [], words.args),
    options: flags as Request<OptionTable>['options'],
    output: outputOptions(spec, flags),
    given: words.given,
    program: app.program,
  };
  checkFormatRules(spec, flags, request.output.format);
  if (spec.check) {
    try {
      spec.check(request);
    } catch (err) {
      if (err instanceof OptionValueError) throw labelled(err, '');
      throw err;
    }
  }
  const names = {
    environments: namedValues(table, flags, 'environments'),
    segments: namedValues(table, flags, 'segments'),
    tags: namedValues(table, flags, 'tags'),
  };
  ctx.expectProjects(
    namedProjects(table, flags, false),
    spec.gate?.(request.options as never) === true,
    names,
    namedProjects(table, flags, true),
  );
  ctx.paged = spec.prompts !== true && spec.writes !== true;
  return { ctx, request, work: await spec.load() };
}

/** Runs a prepared command; its clients are closed however it ends. */
export async function runPrepared(app: App, spec: CommandSpec<any>, { ctx, request, work }: Ready): Promise<void> {
  if (spec.gate?.(request.options as never)) keepReadingWhenClosed(app.io.stdout);
  try {
    await work.run(ctx, request);
  } catch (err) {
    await ctx.afterNotFound(err);
    throw err;
  } finally {
    await ctx.close();
  }
}
