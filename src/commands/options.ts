import { Option, type Command } from 'commander';
import { withValues } from '../completion/declared.js';
import { FORMATS } from '../output/formats.js';

// Flag declarations shared by several commands. Their values are read and checked in
// parse-options.ts, which only the command that runs loads.

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
