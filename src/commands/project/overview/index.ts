import { Command } from 'commander';
import type { App } from '../../context.js';
import { addOutputOptions } from '../../options.js';

export const OVERVIEW_FORMATS = ['table', 'json', 'csv', 'ndjson', 'markdown'] as const;

export function projectOverviewCommand(app: App): Command {
  const cmd = new Command('overview')
    .description("Show a project's settings, stats, environments and features")
    .argument('<projectId>', 'project id, e.g. default');
  addOutputOptions(cmd, OVERVIEW_FORMATS).addHelpText(
    'after',
    `
Table and json show the whole overview; csv, ndjson and markdown give the feature rows
(--columns picks them, as in the search table, e.g. env:production.enabled).
Servers from Unleash 7 on no longer have the overview endpoint: flagctl then builds the same
overview from /api/admin/projects/<id>/overview and a feature search, and says so on stderr.

Examples:
  $ flagctl project overview default
  $ flagctl project overview default -o json | jq '.features | length'
  $ flagctl project overview default -o csv --columns name,type,stale,env:production.enabled`,
  );
  // The implementation (overview schemas, search paging, the view) loads only when this command runs.
  return cmd.action(async (projectId: string, opts: Record<string, unknown>, command: Command) => {
    const { projectOverview } = await import('./run.js');
    await projectOverview(app, projectId, opts, command);
  });
}
