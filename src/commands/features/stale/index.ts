import { Command } from 'commander';
import { FORMATS } from '../../../output/formats.js';
import type { App } from '../../context.js';
import { addOutputOptions } from '../../options.js';
import { addFilterOptions } from '../../search/options.js';

/** The formats of a list, and GitHub annotations. */
export const STALE_FORMATS = [...FORMATS, 'github'] as const;

export function featuresStaleCommand(app: App): Command {
  const cmd = new Command('stale').description('List stale and potentially stale flags; exit 3 when there are more than --max');
  addFilterOptions(cmd, 'stale');
  cmd
    .option('--max <n>', 'stale flags allowed before exit 3 (default 0)')
    .option('--concurrency <n>', 'pages fetched at once (1-16, default 4)');
  addOutputOptions(cmd, STALE_FORMATS);
  cmd.addHelpText(
    'after',
    `
A flag is listed when it is marked stale, or potentially stale: not marked, but older than its
type's expected lifetime. The reason column says which. Project and type filters take the same
forms as in \`features search\` (web, web,mobile, !web, IS_ANY_OF:web,mobile).

In GitHub Actions (GITHUB_ACTIONS=true) without -o, each flag is a warning annotation, and a
markdown table is appended to $GITHUB_STEP_SUMMARY when it is set. A failed request exits 1
(or 4 for a refused token), never 3.

Examples:
  $ flagctl features stale
  $ flagctl features stale --project web --type release,experiment --max 5
  $ flagctl features stale -o github`,
  );
  // The implementation (flag parsing, paging, annotations) loads only when this command runs.
  return cmd.action(async (opts: Record<string, unknown>, command: Command) => {
    const { featuresStale } = await import('./run.js');
    await featuresStale(app, opts, command);
  });
}
