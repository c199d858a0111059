import { Option, type Command } from 'commander';
import * as z from '../zod-mini.js';
import { withValues } from '../completion/declared.js';
import { UsageError } from '../errors.js';
import { FORMATS, type OutputOptions } from '../output/context.js';

const OUTPUT_GROUP = 'Output options:';

/**
 * -o, --columns, --no-headers, --csv-raw: the output flags every data command shares, listed
 * as their own group in help. withValues() tells shell completion this command's formats.
 */
export function addOutputOptions(cmd: Command, formats: readonly string[] = FORMATS): Command {
  const output = new Option('-o, --output <format>', `output format: ${formats.join(', ')}`).default('table');
  return cmd
    .addOption(withValues(output, formats).helpGroup(OUTPUT_GROUP))
    .addOption(new Option('--columns <list>', 'comma-separated columns for table, csv and markdown').helpGroup(OUTPUT_GROUP))
    .addOption(new Option('--no-headers', 'omit the header row (table, csv)').helpGroup(OUTPUT_GROUP))
    .addOption(new Option('--csv-raw', 'csv: do not guard cells that a spreadsheet would run as formulas').helpGroup(OUTPUT_GROUP));
}

const outputFlags = z.object({
  output: z.string(),
  columns: z.optional(z.string()),
  headers: z._default(z.boolean(), true),
  csvRaw: z._default(z.boolean(), false),
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
export function parseFlags<S extends z.ZodMiniType>(schema: S, opts: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(opts);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const given = opts[key];
  const shown = given === undefined ? '' : ` "${Array.isArray(given) ? given.join(' ') : String(given)}"`;
  throw new UsageError(`${flag}${shown}: ${issue.message}`);
}
