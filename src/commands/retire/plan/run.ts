import { searchedPaths } from '../../refs/paths.js';
import { CheckFailedError } from '../../../errors.js';
import { clockOf } from '../../../io.js';
import { PageProgress } from '../../../output/page-progress.js';
import { makePlan } from '../../../retire/plan.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import type { options } from './options.js';
import { defaultThreads } from '../../refs/threads.js';
import { resolveColumns } from '../../../cli/columns.js';
import { headline, planColumnSet, renderPlan } from './view.js';
import { writePlanFile } from './write-plan.js';

/** `flagctl retire plan`: reads the server and the tree, judges each candidate, prints the plan. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const paths = searchedPaths(req.args[0] as string[] | undefined);
  const columns = resolveColumns(planColumnSet, req.output.columns);
  const ui = await ctx.ui(req.output);
  const target = await ctx.target();
  const project = f.project ?? target.project;
  // A --project was checked by the kit; the profile's (or default) is checked here, for the gate.
  if (f.project === undefined && f.failOn) await ctx.confirmProject(target, project);
  const client = ctx.client(target);
  const progress = new PageProgress(ctx.io, false);
  let plan;
  try {
    plan = await makePlan({
      client,
      server: target.url,
      project,
      include: [...new Set((f.include ?? []).flat())],
      unseenDays: f.unseenDays,
      now: clockOf(ctx.io).now(),
      pacer: ctx.pacer(progress.waiting),
      tree: { paths, noIgnore: f.ignore === false, exclude: f.exclude ?? [], threads: f.threads ?? defaultThreads() },
      match: { delimiters: f.delimiters, aliases: f.aliases === true, maxFileBytes: f.maxFileKb * 1024 },
      maxFileKb: f.maxFileKb,
      skipFiles: f.out ? [f.out] : [],
    });
  } finally {
    progress.clear();
  }
  const done = plan;
  // The file first: the table a person reads in the same run is then the file's.
  if (f.out) await writePlanFile(f.out, done);
  await renderPlan(ui, done, f.out, columns);
  ctx.debug(headline(done));
  const ready = done.flags.filter((x) => x.verdict === 'archive').length;
  if (f.failOn === 'archive' && ready > 0)
    throw new CheckFailedError(`${ready} flag${ready === 1 ? ' is' : 's are'} ready to archive (--fail-on archive)`);
}
