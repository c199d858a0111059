import { writeFile } from 'node:fs/promises';
import { InterruptedError, OutputError, RequestError, UsageError } from '../../../errors.js';
import { clockOf } from '../../../io.js';
import { render } from '../../../output/render.js';
import { termSafe } from '../../../output/sanitize.js';
import { archiveAll, recheck, type Outcome } from '../../../retire/apply.js';
import { RESULT_KIND } from '../../../retire/model.js';
import { readPlan } from '../../../retire/plan-file.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { confirm } from './confirm.js';
import type { options } from './options.js';
import { resultColumns, resultRows } from './view.js';

/** Servers compare without a trailing slash: http://x/ and http://x are the same server. */
const sameServer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** `flagctl retire apply plan.json`: re-check, archive, verify, report. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  const file = req.args[0] as string;
  // Nothing is read from the server before the plan and the run's rules are known good.
  const plan = await readPlan(file);
  const terminal = io.stdinIsTTY && io.stderrIsTTY;
  if (!f.yes && !terminal) {
    throw new UsageError('retire apply archives flags and stdin is not a terminal, so there is no one to ask; pass --yes to archive without a prompt');
  }
  if (f.project && f.project !== plan.project) {
    throw new UsageError(`--project "${f.project}": the plan is for project "${plan.project}"; make a plan for "${f.project}" with retire plan --project ${f.project}`);
  }
  const target = await ctx.target();
  if (!sameServer(target.url, plan.server)) {
    throw new UsageError(`the plan was made on ${plan.server}, not on ${target.url}; apply it to that server (--url) or make a new plan here`);
  }
  const ui = await ctx.ui(req.output);
  const client = ctx.client(target);
  const hold = io.interrupt?.hold();
  let outcome: Outcome;
  try {
    const opts = { client, plan, now: clockOf(io).now(), signal: hold?.signal, debug: ctx.debug };
    const { ready, skipped } = await recheck(opts);
    outcome = { archived: [], skipped, failed: [], notAttempted: [], interrupted: false };
    if (ready.length > 0) {
      const n = ready.length;
      const ask = `Archive ${n} flag${n === 1 ? '' : 's'} in project ${plan.project} on ${target.url}${skipped.length ? ` (${skipped.length} skipped)` : ''}?`;
      // As terraform's "Apply cancelled": exit 1, nothing sent.
      if (!f.yes && !(await confirm(io, termSafe(ask)))) throw new RequestError('cancelled at the prompt: nothing archived');
      const done = await archiveAll(opts, ready.map((x) => x.name));
      outcome = { ...done, skipped: [...skipped, ...done.skipped] };
    }
  } finally {
    hold?.release();
  }
  const result = {
    kind: RESULT_KIND,
    version: 1,
    server: plan.server,
    project: plan.project,
    plan: plan.digest,
    finishedAt: new Date(clockOf(io).now()).toISOString(),
    ...outcome,
  };
  // A result file that could not be written fails the run (exit 1), but only once the result is
  // printed: the flags are archived either way, and stdout is then the only record of it.
  let unwritten: OutputError | undefined;
  if (f.result) {
    try {
      await writeFile(f.result, `${JSON.stringify(result, null, 2)}\n`, 'utf8');
    } catch (err) {
      unwritten = new OutputError(`${f.result} (--result)`, err as NodeJS.ErrnoException);
    }
  }
  await render(ui, {
    kind: 'document',
    document: result,
    table: (u) => render(u, { kind: 'rows', columns: resultColumns, rows: resultRows(outcome) }).then(() => undefined),
  });
  const summary = `${outcome.archived.length} archived, ${outcome.skipped.length} skipped, ${outcome.failed.length} failed${outcome.notAttempted.length ? `, ${outcome.notAttempted.length} not attempted` : ''}`;
  io.stderr.write(`${summary}.\n`);
  if (unwritten) throw unwritten;
  if (outcome.interrupted) throw new InterruptedError();
  if (outcome.failed.length > 0) throw new RequestError(`${outcome.failed.length} flag${outcome.failed.length === 1 ? ' was' : 's were'} not archived; see the result for the server's messages`);
}
