import { listProjects, type ProjectRow } from '../../../api/project-list.js';
import { render } from '../../../output/render.js';
import type { ColumnSet } from '../../../output/rows.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';

const projectColumns: ColumnSet<ProjectRow> = {
  all: [
    { name: 'id', key: true, value: (p) => p.id },
    { name: 'name', value: (p) => p.name },
    { name: 'description', value: (p) => p.description },
    { name: 'features', kind: 'number', value: (p) => p.featureCount },
    { name: 'members', kind: 'number', value: (p) => p.memberCount },
    { name: 'createdAt', kind: 'time', value: (p) => p.createdAt },
  ],
  defaults: ['id', 'name', 'features', 'createdAt', 'description'],
};

/** `projects list`: the server's projects, in its order. */
export async function run(ctx: RunContext, req: Request<Record<string, never>>): Promise<void> {
  const ui = await ctx.ui(req.output);
  const columns = resolveColumns(projectColumns, ui.out.columns);
  const client = ctx.client(await ctx.target());
  const rows = await listProjects(client);
  await render(ui, { kind: 'rows', columns, rows, jsonObject: { key: 'projects', after: () => ({}) } });
}
