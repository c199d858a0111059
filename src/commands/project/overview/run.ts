import type { Command } from 'commander';
import { assembleOverview, collect, fetchOverview, projectFeatures } from '../../../api/projects.js';
import type { ProjectOverview } from '../../../api/overview-schema.js';
import type { SearchFeature } from '../../../api/schemas.js';
import { notice, print } from '../../../output/context.js';
import { featureColumns } from '../../../output/feature-columns.js';
import { overviewView } from '../../../output/overview-view.js';
import { pickColumns, writeRows, type ColumnSet } from '../../../output/rows.js';
import { withSpinner } from '../../../output/spinner.js';
import { CommandContext, type App } from '../../context.js';
import { parseOutputOptions } from '../../parse-options.js';
import { OVERVIEW_FORMATS } from './index.js';

/** The search table's columns; `project` is left out of the defaults, as every row has the same. */
const columns: ColumnSet<SearchFeature> = {
  ...featureColumns,
  defaults: featureColumns.defaults.filter((name) => name !== 'project'),
};

/** `project overview <id>`: the deprecated endpoint where it exists, else the same overview assembled. */
export async function projectOverview(app: App, projectId: string, opts: Record<string, unknown>, command: Command): Promise<void> {
  const io = app.io;
  const ctx = new CommandContext(app, command);
  const ui = await ctx.ui(parseOutputOptions(opts, OVERVIEW_FORMATS));
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
}
