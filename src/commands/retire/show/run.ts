import { readPlan } from '../../../retire/plan-file.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { resolveColumns } from '../../../cli/columns.js';
import { planColumnSet, renderPlan } from '../plan/view.js';
import type { options } from './options.js';

/** `flagctl retire show plan.json`: the plan file, checked and rendered; no server is read. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const file = req.args[0] as string;
  const columns = resolveColumns(planColumnSet, req.output.columns);
  const plan = await readPlan(file);
  const ui = await ctx.ui(req.output);
  await renderPlan(ui, plan, file, columns);
}
