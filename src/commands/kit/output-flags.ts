import type { OutputOptions } from '../../output/context.js';
import type { Format } from '../../output/formats.js';
import { FlagValueError, type FlagTable } from './spec.js';

// -o, --columns, --no-headers, --csv-raw: the output flags every data command shares, listed
// as their own group in help.

const GROUP = 'Output options:';

export function outputFlags(formats: readonly Format[]) {
  return {
    output: {
      flags: '-o, --output <format>',
      help: `output format: ${formats.join(', ')}`,
      values: formats,
      default: formats[0]!,
      group: GROUP,
      parse: (raw: string): Format => {
        if (!formats.includes(raw as Format)) throw new FlagValueError(`unknown format "${raw}"; accepted: ${formats.join(', ')}`, '-o/--output');
        return raw as Format;
      },
    },
    columns: {
      flags: '--columns <list>',
      help: 'comma-separated columns for table, csv and markdown',
      group: GROUP,
      parse: (raw: string): string[] => {
        const list = raw
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean);
        if (!list.length) throw new FlagValueError('give at least one column name, e.g. --columns name,type', '--columns');
        return list;
      },
    },
    headers: { flags: '--no-headers', help: 'omit the header row (table, csv)', group: GROUP },
    csvRaw: { flags: '--csv-raw', help: 'csv: do not guard cells that a spreadsheet would run as formulas', group: GROUP },
  } satisfies FlagTable;
}

/** The output flags' values as the renderers take them. */
export function outputOptions(flags: Record<string, unknown>, fallback: Format): OutputOptions {
  return {
    format: (flags.output as Format | undefined) ?? fallback,
    columns: flags.columns as string[] | undefined,
    headers: flags.headers !== false,
    csvRaw: flags.csvRaw === true,
  };
}
