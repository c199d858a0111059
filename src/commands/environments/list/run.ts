import { listEnvironments, type EnvironmentRow } from '../../../api/environments.js';
import { render } from '../../../output/render.js';
import type { ColumnSet } from '../../../output/rows.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';

const environmentColumns: ColumnSet<EnvironmentRow> = {
  all: [
    { name: 'name', key: true, value: (e) => e.name },
    { name: 'type', value: (e) => e.type },
    { name: 'enabled', kind: 'bool', value: (e) => e.enabled },
    { name: 'protected', kind: 'bool', value: (e) => e.protected },
    { name: 'sortOrder', kind: 'number', value: (e) => e.sortOrder },
  ],
  defaults: ['name', 'type', 'enabled', 'protected'],
};

/** `environments list`: the server's environments, in its order. */
export async function run(ctx: RunContext, req: Request<Record<string, never>>): Promise<void> {
  const ui = await ctx.ui(req.output);
  const columns = resolveColumns(environmentColumns, ui.out.columns);
  const client = ctx.client(await ctx.target());
  const rows = await listEnvironments(client);
  await render(ui, { kind: 'rows', columns, rows, jsonObject: { key: 'environments', after: () => ({}) } });
}
