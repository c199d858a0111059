import { Option, type Command } from 'commander';
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { FORMATS, type OutputOptions } from '../output/context.js';

/** -o, --columns, --no-headers, --csv-raw: the output flags every data command shares. */
export function addOutputOptions(cmd: Command, formats: readonly string[] = FORMATS): Command {
  return cmd
    .addOption(new Option('-o, --output <format>', `output format: ${formats.join(', ')}`).default('table'))
    .option('--columns <list>', 'comma-separated columns for table, csv and markdown')
    .option('--no-headers', 'omit the header row (table, csv)')
    .option('--csv-raw', 'csv: do not guard cells that a spreadsheet would run as formulas');
}

const outputFlags = z.object({
  output: z.string(),
  columns: z.string().optional(),
  headers: z.boolean().default(true),
  csvRaw: z.boolean().default(false),
});

export function parseOutputOptions(opts: Record<string, unknown>, formats: readonly string[] = FORMATS): OutputOptions {
  const o = outputFlags.parse(opts);
  if (!formats.includes(o.output)) {
    throw new UsageError(`-o/--output: unknown format "${o.output}"; accepted: ${formats.join(', ')}`);
  }
  const columns = o.columns
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (o.columns !== undefined && !columns?.length) throw new UsageError('--columns: give at least one column name, e.g. --columns name,type');
  return { format: o.output as OutputOptions['format'], columns, headers: o.headers, csvRaw: o.csvRaw };
}

/**
 * Parses flags with a zod schema; the first problem becomes a usage error naming the flag,
 * the value given and what is accepted.
 */
export function parseFlags<S extends z.ZodType>(schema: S, opts: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(opts);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const given = opts[key];
  const shown = given === undefined ? '' : ` "${Array.isArray(given) ? given.join(' ') : String(given)}"`;
  throw new UsageError(`${flag}${shown}: ${issue.message}`);
}
