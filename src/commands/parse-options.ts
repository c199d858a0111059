import * as z from '../zod-mini.js';
import { UsageError } from '../errors.js';
import type { OutputOptions } from '../output/context.js';
import { FORMATS } from '../output/formats.js';

// Reading flag values with zod, for the commands' implementations (the *-run.ts modules):
// every problem is a usage error found before anything is sent.

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
