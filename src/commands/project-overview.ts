import { Command } from 'commander';
import { assembleOverview, collect, fetchOverview, projectFeatures } from '../api/projects.js';
import type { ProjectOverview } from '../api/overview-schema.js';
import type { SearchFeature } from '../api/schemas.js';
import { notice, print } from '../output/context.js';
import { featureColumns } from '../output/feature-columns.js';
import { overviewView } from '../output/overview-view.js';
import { pickColumns, writeRows, type ColumnSet } from '../output/rows.js';
import { withSpinner } from '../output/spinner.js';
import { CommandContext, type App } from './context.js';
import { addOutputOptions, parseOutputOptions } from './options.js';

const FORMATS = ['table', 'json', 'csv', 'ndjson', 'markdown'] as const;

/** The search table's columns; `project` is left out of the defaults, as every row has the same. */
const columns: ColumnSet<SearchFeature> = {
  ...featureColumns,
  defaults: featureColumns.defaults.filter((name) => name !== 'project'),
};

export function projectOverviewCommand(app: App): Command {
  const io = app.io;
  const cmd = new Command('overview')
    .description("Show a project's settings, stats, environments and features")
    .argument('<projectId>', 'project id, e.g. default');
  addOutputOptions(cmd, FORMATS).addHelpText(
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
  return cmd.action(async (projectId: string, opts: Record<string, unknown>, command: Command) => {
    const ctx = new CommandContext(app, command);
    const ui = ctx.ui(parseOutputOptions(opts, FORMATS));
    pickColumns(columns, ui.out.columns);
    const target = await ctx.target();
    const client = ctx.client(target);
    try {
      const source = await withSpinner(io, `Fetching project ${projectId}`, () => fetchOverview(client, projectId));
      if (source.kind === 'replacement') {
        notice(
          io,
          `flagctl: note: this server has no GET /api/admin/projects/${projectId} (removed in Unleash 7); ` +
            `the overview is built from /api/admin/projects/${projectId}/overview and a feature search`,
        );
      }
      const rowsOnly = ui.out.format !== 'table' && ui.out.format !== 'json';
      if (rowsOnly) {
        // Search pages stream straight through; the deprecated endpoint had them all at once.
        const rows = source.kind === 'deprecated' ? (source.overview.features ?? []) : projectFeatures(client, projectId);
        await writeRows(ui, columns, rows);
        return;
      }
      let overview: ProjectOverview;
      if (source.kind === 'deprecated') overview = source.overview;
      else {
        const features = await withSpinner(io, `Fetching the features of ${projectId}`, () => collect(projectFeatures(client, projectId)));
        overview = assembleOverview(source.head, features);
      }
      if (ui.out.format === 'json') return print(ui, `${JSON.stringify(overview, null, 2)}\n`);
      const features = overview.features ?? [];
      await print(ui, `${overviewView(overview, projectId, ui).join('\n')}\n\n${ui.style.bold(`Features (${features.length})`)}\n`);
      if (features.length) await writeRows(ui, columns, features);
      else await print(ui, `  ${ui.style.dim('none')}\n`);
    } finally {
      await client.close();
    }
  });
}
