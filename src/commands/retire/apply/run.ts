import { InterruptedError, RequestError, UsageError } from '../../../errors.js';
import { clockOf, keepReadingWhenClosed } from '../../../io.js';
import { render } from '../../../output/render.js';
import { termSafe } from '../../../output/sanitize.js';
import { archiveAll, type Outcome } from '../../../retire/apply.js';
import { leftOut } from '../../../retire/narrow.js';
import { recheck } from '../../../retire/recheck.js';
import { defaultThreads } from '../../refs/threads.js';
import { RESULT_KIND } from '../../../retire/model.js';
import { readPlan } from '../../../retire/plan-file.js';
import { stopSignal } from '../../../retire/write-answer.js';
import { earlierArchived, resultRecord, sameFile, stoppedToo } from '../../../retire/result-file.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { confirm } from './confirm.js';
import type { options } from './options.js';
import { resolveColumns } from '../../../cli/columns.js';
import { writeColumnSet, writeRows, writeSummary, type Done } from '../../write-result.js';

/** Servers compare without a trailing slash: http://x/ and http://x are the same server. */
const sameServer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** `flagctl retire apply plan.json`: re-check, archive, verify, report. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  const file = req.args[0] as string;
  const columns = resolveColumns(writeColumnSet, req.output.columns);
  // Nothing is read from the server before the plan and the run's rules are known good.
  const plan = await readPlan(file);
  // The digest the reviewer saw pins every field apply reads (its rules, paths, --include too):
  // a file edited after the review, its digests recomputed, is not that plan.
  if (f.expectDigest && f.expectDigest !== plan.digest)
    throw new UsageError(
      `--expect-digest ${f.expectDigest}: the plan file "${file}" has digest ${plan.digest}, so it is not the plan that was reviewed; nothing was archived`,
    );
  const terminal = io.stdinIsTTY && io.stderrIsTTY;
  if (!f.yes && !terminal) {
    throw new UsageError(
      'retire apply archives flags and stdin is not a terminal, so there is no one to ask; pass --yes to archive without a prompt',
    );
  }
  if (f.project && f.project !== plan.project) {
    throw new UsageError(
      `--project "${f.project}": the plan is for project "${plan.project}"; make a plan for "${f.project}" with retire plan --project ${f.project}`,
    );
  }
  if (f.result && (await sameFile(f.result, file)))
    throw new UsageError(
      `--result ${f.result}: that is the plan file, which the record would replace; name another file, e.g. --result result.json`,
    );
  const narrowed = leftOut(plan, f.only?.flat(), f.skip?.flat());
  const target = await ctx.target();
  if (!sameServer(target.url, plan.server)) {
    throw new UsageError(
      `the plan was made on ${plan.server}, not on ${target.url}; apply it to that server (--url) or make a new plan here`,
    );
  }
  // A write's exit code and stderr summary outlive its reader: `apply … | head` still fails when a flag failed.
  keepReadingWhenClosed(io.stdout);
  const ui = await ctx.ui(req.output);
  const client = ctx.client(target);
  const clock = clockOf(io);
  let notes: string[] = [];
  // A second run of the same plan with the same --result file replaces the first's record: the
  // flags that record names archived (or sent), now skipped as already archived, are carried
  // over as archived, so that `revive --from` of the file still undoes the whole plan.
  const same = { kind: RESULT_KIND, plan: plan.digest, server: plan.server, project: plan.project };
  const earlier = f.result ? await earlierArchived(f.result, same) : new Set<string>();
  // Read again before each rewrite: another run of the plan with the same file (at the same
  // time, or while this one waited at the question) may have archived flags this one now
  // finds already archived, and its record is the one being replaced.
  const refresh = async () => {
    if (f.result) for (const n of await earlierArchived(f.result, same)) earlier.add(n);
  };
  const carry = (o: Outcome & { earlier?: string[] }): Outcome & { earlier: string[] } => {
    const moved = o.skipped.filter((x) => x.reason === 'already archived' && earlier.has(x.name)).map((x) => x.name);
    const gone = new Set(moved);
    return {
      ...o,
      archived: [...moved, ...o.archived],
      skipped: o.skipped.filter((x) => !gone.has(x.name)),
      earlier: [...(o.earlier ?? []), ...moved],
    };
  };
  const record = (o: Outcome, complete: boolean) => ({
    kind: RESULT_KIND,
    version: 1,
    server: plan.server,
    // The instance behind the URL: `features revive --from` refuses another one, as apply does.
    instance: plan.instance,
    project: plan.project,
    plan: plan.digest,
    // From when the history tells what became of each flag: `features revive --from` skips one touched after its archive.
    planCreatedAt: plan.createdAt,
    // The same moment by the server's event ids: what revive judges by, whatever the clocks say.
    planHistoryMark: plan.historyMark,
    complete,
    finishedAt: new Date(clock.now()).toISOString(),
    ...carry(o),
    notes,
  });
  const result = resultRecord(f.result, record, 'archived', 'apply', refresh);
  const hold = io.interrupt?.hold();
  let outcome: Outcome;
  try {
    const opts = {
      client,
      plan,
      now: clock.now(),
      clock,
      signal: hold?.signal,
      debug: ctx.debug,
      progress: (o: Outcome) => result.save(o, false),
    };
    // The plan and result files name every flag: a `retire plan . --out plan.json` must not find them as references.
    const skipFiles = [file, ...(f.result ? [f.result] : [])];
    const judge = (now: number, validate: boolean) =>
      recheck({
        ...opts,
        now,
        leftOut: narrowed,
        pacer: ctx.pacer(() => undefined),
        threads: defaultThreads(),
        skipFiles,
        validate,
      });
    // Without a prompt nothing comes between the judgement and the writes: validate is asked beside its reads.
    let judged = await judge(opts.now, f.yes === true);
    let { ready, skipped } = judged;
    notes = judged.notes;
    for (const note of notes) io.stderr.write(`note: ${termSafe(note)}\n`);
    outcome = { archived: [], skipped, failed: [], unverified: [], unclear: [], notAttempted: [], interrupted: false };
    if (ready.length > 0 && !f.yes) {
      const n = ready.length;
      const ask = `Archive ${n} flag${n === 1 ? '' : 's'} in project ${plan.project} on ${target.url}${skipped.length ? ` (${skipped.length} skipped)` : ''}?`;
      // As terraform's "Apply cancelled": exit 1, nothing sent. Ctrl-C at the question: exit 130, nothing sent.
      io.stderr.write(`Plan ${termSafe(file)} (digest ${plan.digest})\n${toArchive(ready.map((x) => x.name))}`);
      if (!(await confirm(io, termSafe(ask), hold?.signal)))
        throw new RequestError('cancelled at the prompt: nothing archived');
      // The answer may come minutes later: the flags are judged again, and of those listed only
      // the ones still ready are archived (a flag seen meanwhile is skipped with the reason).
      const listed = new Set(ready.map((x) => x.name));
      judged = await judge(clock.now(), true);
      ready = judged.ready.filter((x) => listed.has(x.name));
      skipped = [
        ...judged.skipped,
        ...judged.ready
          .filter((x) => !listed.has(x.name))
          .map((x) => ({ name: x.name, reason: 'not among the flags listed at the question' })),
      ];
      outcome = { ...outcome, skipped };
    }
    if (ready.length > 0) {
      // The record is the way to finish or undo: a file that cannot be written stops the run before its first write.
      await result.saveFirst({ ...outcome, notAttempted: ready.map((x) => x.name) });
      const done = await archiveAll(
        {
          ...opts,
          validated: judged.validated,
          progress: (o) => result.save({ ...o, skipped: [...skipped, ...o.skipped] }, false),
        },
        ready.map((x) => x.name),
      );
      outcome = { ...done, skipped: [...skipped, ...done.skipped] };
    }
  } finally {
    hold?.release();
  }
  // A signal after the last batch (while verifying, or while judging when nothing was left to
  // send) still stopped the run: its exit code and the record say so.
  if (!outcome.interrupted && hold?.signal.aborted)
    outcome = { ...outcome, interrupted: true, signal: stopSignal(hold.signal) };
  await refresh();
  outcome = carry(outcome);
  await result.save(outcome, true);
  const done: Done<'archived'> = { result: 'archived', names: outcome.archived, found: 'archived' };
  await render(ui, {
    kind: 'document',
    document: record(outcome, true),
    table: (u) => render(u, { kind: 'rows', columns, rows: writeRows(outcome, done) }).then(() => undefined),
  });
  io.stderr.write(`${writeSummary(outcome, done)}.\n`);
  if (result.failure) throw stoppedToo(result.failure, outcome);
  if (outcome.interrupted) throw new InterruptedError(outcome.signal);
  const bad = outcome.failed.length + outcome.unverified.length;
  if (bad > 0) {
    throw new RequestError(
      `${bad} flag${bad === 1 ? ' was' : 's were'} not archived or not verified; see the result for the server's messages${outcome.unverified.length ? ' (run the same apply again to finish: an unverified flag archived meanwhile is then skipped as already archived)' : ''}`,
    );
  }
}

/** Names listed before the question: a terminal's height, less the question and the count. */
const SCREENFUL = 20;

/** The flags about to be archived, before the question: all of them, or a screenful and a count. */
function toArchive(names: string[]): string {
  const shown = names.length <= SCREENFUL ? names : names.slice(0, SCREENFUL - 1);
  const lines = ['Flags to archive:', ...shown.map((n) => `  ${termSafe(n)}`)];
  if (shown.length < names.length)
    lines.push(
      `  … and ${names.length - shown.length} more (${names.length} in all; \`flagctl retire show\` lists the plan)`,
    );
  return `${lines.join('\n')}\n`;
}
