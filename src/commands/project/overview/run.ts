import { fetchOverview, SEARCH_ONLY_FIELDS, withSearchFields } from '../../../api/project-overview.js';
import type { SearchFeature } from '../../../api/schemas/flag.js';
import { notice, print } from '../../../output/context.js';
import { featureColumns } from '../../../output/feature-columns.js';
import { overviewView } from '../../../output/overview-view.js';
import { render } from '../../../output/render.js';
import { writeRows, type ColumnSet } from '../../../output/rows.js';
import { withSpinner } from '../../../output/spinner.js';
import { PageProgress } from '../../../output/page-progress.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';

/**
 * The search table's columns. `project` is left out of the defaults, as every row has the same,
 * and so is `lifecycle`: only search has it, and it is fetched only when --columns asks.
 */
const columns: ColumnSet<SearchFeature> = {
  ...featureColumns,
  defaults: featureColumns.defaults.filter((name) => name !== 'project' && name !== 'lifecycle'),
};

/** Whether a picked column needs a field only search results carry (lifecycleStatus, createdById...). */
function needsSearch(picked: readonly string[] | undefined): boolean {
  return (picked ?? []).some((c) => SEARCH_ONLY_FIELDS.some((field) => c.startsWith(field)));
}

/** `project overview <id>`: the deprecated endpoint where it exists, else the same overview assembled. */
export async function run(ctx: RunContext, req: Request<Record<string, never>>): Promise<void> {
  const { io } = ctx;
  const projectId = req.args[0] as string;
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(columns, ui.out.columns);
  const target = await ctx.target();
  const client = ctx.client(target);
  const source = await withSpinner(io, `Fetching project ${projectId}`, () => fetchOverview(client, projectId));
  if (source.kind === 'replacement') {
    notice(
      io,
      `flagctl: note: this server has no GET /api/admin/projects/${projectId} (removed in Unleash 7); ` +
        `the overview is built from /api/admin/projects/${projectId}/overview and /features`,
    );
  }
  const overview = source.overview;
  if (needsSearch(ui.out.columns)) {
    const progress = new PageProgress(io, false);
    const pacer = ctx.pacer(progress.waiting);
    try {
      overview.features = await withSearchFields(client, projectId, overview.features ?? [], { pacer, onProgress: progress.update });
    } finally {
      progress.clear();
    }
  }
  const features = overview.features ?? [];
  await render(ui, {
    kind: 'document',
    document: overview,
    table: async (ui) => {
      await print(ui, `${overviewView(overview, projectId, ui).join('\n')}\n\n${ui.style.bold(`Features (${features.length})`)}\n`);
      if (features.length) await writeRows(ui, cols, features);
      else await print(ui, `  ${ui.style.dim('none')}\n`);
    },
    rows: { columns: cols, rows: features },
  });
}
