import type { OutputOptions } from '../output/context.js';
import type { Format } from '../output/formats.js';
import { OptionValueError, type OptionTable } from './spec.js';

// -o, --columns, --no-headers, --csv-raw: the output flags every data command shares, listed
// as their own group in help.

const GROUP = 'Output options:';

export function outputOptionTable(formats: readonly Format[]) {
  return {
    output: {
      spelling: '-o, --output <format>',
      help: `output format: ${formats.join(', ')}`,
      values: formats,
      default: formats[0]!,
      group: GROUP,
      parse: (raw: string): Format => {
        if (!formats.includes(raw as Format)) throw new OptionValueError(`unknown format "${raw}"; accepted: ${formats.join(', ')}`, '-o/--output');
        return raw as Format;
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
        if (!list.length) throw new OptionValueError('give at least one column name, e.g. --columns name,type', '--columns');
        return list;
      },
    },
    headers: { spelling: '--no-headers', help: 'omit the header row (table, csv)', group: GROUP },
    csvRaw: { spelling: '--csv-raw', help: 'csv: do not guard cells that a spreadsheet would run as formulas', group: GROUP },
  } satisfies OptionTable;
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
