import { fetchOverview, SEARCH_ONLY_FIELDS, withSearchFields } from '../../../api/project-overview.js';
import { ApiError } from '../../../errors.js';
import { print } from '../../../output/context.js';
import { overviewView } from '../../../output/overview-view.js';
import { render } from '../../../output/render.js';
import { withSpinner } from '../../../output/spinner.js';
import { PageProgress } from '../../../output/page-progress.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { columns } from './columns.js';

/** Whether a picked column needs a field only search results carry (lifecycleStatus, createdById...). */
function needsSearch(picked: readonly string[] | undefined): boolean {
  return (picked ?? []).some((c) => SEARCH_ONLY_FIELDS.some((field) => c.startsWith(field)));
}

/** `project overview [id]`: the deprecated endpoint where it exists, else the same overview assembled. */
export async function run(ctx: RunContext, req: Request<Record<string, never>>): Promise<void> {
  const { io } = ctx;
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(columns, ui.out.columns);
  const target = await ctx.target();
  // Without the argument, the profile's project (else default), as every other command reads it.
  const projectId = (req.args[0] as string | undefined) ?? target.project;
  const client = ctx.client(target);
  let source;
  try {
    source = await withSpinner(io, `Fetching project ${projectId}`, () => fetchOverview(client, projectId));
  } catch (err) {
    // A missing project: name it, and list the ones the server has (exit 5), as --project does.
    if (err instanceof ApiError && err.status === 404) await ctx.confirmProject(target, projectId, 'project overview');
    throw err;
  }
  if (source.kind === 'replacement') {
    // Every current server is one of these: worth a line under --debug, not on every run.
    ctx.debug(
      `this server has no GET /api/admin/projects/${projectId} (removed in Unleash 7); ` +
        `the overview is built from /api/admin/projects/${projectId}/overview and /features`,
    );
  }
  const overview = source.overview;
  if (needsSearch(ui.out.columns)) {
    const progress = new PageProgress(io, false);
    const pacer = ctx.pacer(progress.waiting);
    try {
      overview.features = await withSearchFields(client, projectId, overview.features ?? [], {
        pacer,
        onProgress: progress.update,
      });
    } finally {
      progress.clear();
    }
  }
  const features = overview.features ?? [];
  await render(ui, {
    kind: 'document',
    document: overview,
    table: async (ui) => {
      await print(
        ui,
        `${overviewView(overview, projectId, ui).join('\n')}\n\n${ui.style.bold(`Features (${features.length})`)}\n`,
      );
      if (features.length) await render(ui, { kind: 'rows', columns: cols, rows: features });
      else await print(ui, `  ${ui.style.dim('none')}\n`);
    },
    rows: { columns: cols, rows: features },
  });
}
