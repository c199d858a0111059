import { Command, Option } from 'commander';
import { SECTIONS } from '../../output/insights-sections.js';
import type { App } from '../context.js';
import { addOutputOptions } from '../options.js';

export const INSIGHTS_FORMATS = ['table', 'json', 'csv', 'ndjson', 'markdown'] as const;

const repeat = (value: string, previous: string[] = []) => [...previous, value];

export function insightsCommand(app: App): Command {
  const cmd = new Command('insights')
    .description('Show instance-wide trends: users, flags, projects, metrics, environment updates (Unleash Enterprise)')
    .option('--from <YYYY-MM-DD>', 'start of the date range (omitted: the server decides)')
    .option('--to <YYYY-MM-DD>', 'end of the date range (omitted: the server decides)')
    .addOption(new Option('--section <name>', `section to show, repeatable: ${SECTIONS.join(', ')} (default: all)`).argParser(repeat))
    .option('--no-chart', 'no charts on a terminal (they are never drawn when stdout is piped)');
  addOutputOptions(cmd, INSIGHTS_FORMATS).addHelpText(
    'after',
    `
-o json prints the server's document (only the --section arrays when given); csv, ndjson and
markdown print the rows of the one section picked with --section.

Examples:
  $ flagctl insights --from 2025-01-01 --to 2025-03-31
  $ flagctl insights --section projects --section metrics --no-chart
  $ flagctl insights --section users -o csv > users.csv`,
  );
  // The implementation (zod, the insights schema, views and charts) loads only when this command runs.
  return cmd.action(async (opts: Record<string, unknown>, command: Command) => {
    const { insights } = await import('./run.js');
    await insights(app, opts, command);
  });
}
