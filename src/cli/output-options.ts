import type { OutputOptions } from '../output/context.js';
import { ALL_FORMATS, withCompanions, type Format } from '../output/formats.js';
import { UsageError } from '../errors.js';
import { OptionValueError, type CommandSpec, type OptionTable } from './spec.js';
import { environmentsInColumns } from './values.js';

// -o, --columns, --no-headers, --csv-raw: the output flags every data command shares, listed
// as their own group in help.

const GROUP = 'Output options:';

export function outputOptionTable(formats: readonly Format[], formatOnly = false) {
  const table = {
    output: {
      spelling: '-o, --output <format>',
      help: `output format: ${formats.join(', ')}`,
      values: formats,
      default: formats[0]!,
      group: GROUP,
      parse: (raw: string): Format => {
        if (formats.includes(raw as Format)) return raw as Format;
        if (ALL_FORMATS.includes(raw as Format))
          throw new OptionValueError(`not a format of this command; accepted: ${formats.join(', ')}`);
        throw new OptionValueError(`unknown format "${raw}"; accepted: ${formats.join(', ')}`, '-o/--output');
      },
    },
    columns: {
      spelling: '--columns <list>',
      help: 'comma-separated columns for table, csv and markdown',
      group: GROUP,
      parse: (raw: string): string[] => {
        const list = raw
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean);
        if (!list.length)
          throw new OptionValueError('give at least one column name, e.g. --columns name,type', '--columns');
        return list;
      },
      environments: environmentsInColumns,
    },
    // An option a command does not use is not offered: no --csv-raw without csv, no
    // --no-headers without a format that has a header row.
    ...(formats.includes('table') || formats.includes('csv')
      ? { headers: { spelling: '--no-headers', help: 'omit the header row (table, csv)', group: GROUP } }
      : {}),
    ...(formats.includes('csv')
      ? {
          csvRaw: {
            spelling: '--csv-raw',
            help: 'csv: do not guard cells that a spreadsheet would run as formulas',
            group: GROUP,
          },
        }
      : {}),
  } satisfies OptionTable;
  return formatOnly ? { output: table.output } : table;
}

/**
 * The output flags' values as the renderers take them; -o left out means the record's default.
 * The environment never picks a format: the same command line gives the same stdout everywhere.
 */
export function outputOptions(spec: CommandSpec<any>, flags: Record<string, unknown>): OutputOptions {
  return {
    format: (flags.output as Format | undefined) ?? spec.formats?.[0] ?? 'table',
    columns: flags.columns as string[] | undefined,
    headers: flags.headers !== false,
    csvRaw: flags.csvRaw === true,
  };
}

/** The options' format rules (OptionSpec.formats), checked before anything is sent. */
export function checkFormatRules(spec: CommandSpec<any>, flags: Record<string, unknown>, format: Format): void {
  const given = (key: string) => flags[key] !== undefined && flags[key] !== false;
  for (const [key, option] of Object.entries(spec.options as OptionTable)) {
    const rule = option.formats;
    if (!rule || !given(key) || (rule.unless && given(rule.unless))) continue;
    const not = withCompanions(rule.not ?? []);
    const only = rule.only ? withCompanions(rule.only) : undefined;
    if (!not.includes(format) && (!only || only.includes(format))) continue;
    const accepted = (spec.formats ?? []).filter((f: Format) => !not.includes(f) && (!only || only.includes(f)));
    throw new UsageError(rule.why(format, accepted));
  }
}

/** `table, json or yaml`: the formats that would do, in an error message. */
export function orList(formats: readonly string[]): string {
  return formats.length < 2 ? formats.join('') : `${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`;
}
