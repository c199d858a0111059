import { readFile } from 'node:fs/promises';
import { checkJsonDepth } from '../../../config/json-file.js';
import { InterruptedError, RequestError, UsageError } from '../../../errors.js';
import { clockOf, keepReadingWhenClosed } from '../../../io.js';
import { changesCounted, instanceId, type Change, type HistoryMark } from '../../../api/instance.js';
import { render } from '../../../output/render.js';
import { RESULT_KIND, REVIVE_RESULT_KIND } from '../../../retire/model.js';
import { recordNames, resultRecord, sameFile, stoppedToo } from '../../../retire/result-file.js';
import type { Skip } from '../../../retire/outcome.js';
import { reviveAll, type ReviveOutcome } from '../../../retire/revive.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { resolveColumns } from '../../../cli/columns.js';
import { writeColumnSet, writeRows, writeSummary, type Done } from '../../write-result.js';
import type { options } from './options.js';

/** The archived names and project of a `retire apply --result` file. */
async function fromResult(path: string): Promise<{
  names: string[];
  project: string;
  server: string;
  instance?: string | null;
  since?: number;
  mark?: HistoryMark | null;
  /** The names the record holds as archived (verified), not merely sent. */
  archived: Set<string>;
}> {
  const expected = 'expected the file of retire apply --result';
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--from "${path}": cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'}); ${expected}`,
    );
  }
  checkJsonDepth(text, `--from "${path}"`, expected);
  let doc: {
    kind?: unknown;
    archived?: unknown;
    unverified?: unknown;
    project?: unknown;
    server?: unknown;
    instance?: unknown;
    planCreatedAt?: unknown;
    planHistoryMark?: unknown;
  };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    throw new UsageError(`--from "${path}": not JSON; ${expected}`);
  }
  const names = doc?.archived;
  if (
    doc?.kind !== RESULT_KIND ||
    !Array.isArray(names) ||
    !names.every((n) => typeof n === 'string') ||
    typeof doc.project !== 'string' ||
    typeof doc.server !== 'string'
  ) {
    throw new UsageError(`--from "${path}": not a retire apply result (kind "${RESULT_KIND}" with an archived list)`);
  }
  // A record of an older flagctl has no instance: it is then known by its URL alone.
  const instance = typeof doc.instance === 'string' || doc.instance === null ? doc.instance : undefined;
  // When the plan was made: each flag's history since then says whether the record's archive is still its last word.
  const made = typeof doc.planCreatedAt === 'string' ? Date.parse(doc.planCreatedAt) : NaN;
  return {
    // Sent but not verified: maybe archived. Each is a candidate; one still active is reported "already active".
    names: recordNames(doc),
    project: doc.project,
    server: doc.server,
    instance,
    since: Number.isFinite(made) ? made : undefined,
    mark: historyMarkOf(doc.planHistoryMark),
    archived: new Set(names),
  };
}

/** The record's planHistoryMark, when it has that shape (a record of an older flagctl has none: its planCreatedAt is used). */
function historyMarkOf(v: unknown): HistoryMark | null | undefined {
  if (v === null) return null;
  const m = v as { id?: unknown; createdAt?: unknown; settled?: unknown } | undefined;
  if (typeof m?.id !== 'number' || !(typeof m.createdAt === 'string' || m.createdAt === null)) return undefined;
  return m.settled === true
    ? { id: m.id, createdAt: m.createdAt, settled: true }
    : { id: m.id, createdAt: m.createdAt };
}

const AGAIN: Record<Exclude<Change['type'], 'feature-revived'>, string> = {
  'feature-archived': 'archived again',
  'feature-created': 'created again',
  'feature-deleted': 'deleted',
};

/** `flagctl features revive`: restore archived flags and check that they are back. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  const given = (req.args[0] as string[] | undefined) ?? [];
  const columns = resolveColumns(writeColumnSet, req.output.columns);
  if (f.from && f.result && (await sameFile(f.from, f.result)))
    throw new UsageError(
      `--result ${f.result}: that is the --from file, the record of the archive, which this record would replace; name another file, e.g. --result revive.json`,
    );
  const from = f.from ? await fromResult(f.from) : undefined;
  if (from && f.project && f.project !== from.project)
    throw new UsageError(`--project "${f.project}": the result file is for project "${from.project}"`);
  const target = await ctx.target();
  if (from && from.server.replace(/\/+$/, '') !== target.url.replace(/\/+$/, '')) {
    throw new UsageError(
      `--from: the flags were archived on ${from.server}, not on ${target.url}; use --url ${from.server}`,
    );
  }
  const project = from?.project ?? f.project ?? target.project;
  const names = [...new Set(from?.names ?? given)];
  // A write's exit code and stderr summary outlive its reader: `revive … | true` still fails when a flag failed.
  keepReadingWhenClosed(io.stdout);
  const ui = await ctx.ui(req.output);
  const client = ctx.client(target);
  if (from && from.instance !== undefined) {
    const id = await instanceId(client);
    if (id !== from.instance)
      throw new UsageError(
        `--from: the flags were archived on the instance ${from.instance ?? '(no id)'} at ${from.server}, but that URL now answers as the instance ${id ?? '(no id)'}: another server; nothing was revived`,
      );
  }
  // One archive since the plan is the record's own. More (archived, revived and archived again;
  // deleted; created again under the name) is someone's later decision, or another flag of the
  // name: reviving it is not the undo of this record.
  const later: Skip[] = [];
  if (from?.since !== undefined) {
    const counted = await changesCounted(client, project, names, from.since, from.mark);
    for (const name of names) {
      const c = counted.get(name);
      // Archived (verified) by the record, yet no archive after the plan's mark: the record did
      // not archive it (a hand-edited file, or one of another plan); its archive is someone else's.
      if (!c && from.mark && from.archived.has(name))
        later.push({
          name,
          reason: `no archive of it in the project's history since the plan: not archived by this record (was the file edited?)`,
        });
      else if (c && c.count > 1 && c.newest.type !== 'feature-revived')
        later.push({
          name,
          reason: `${AGAIN[c.newest.type]} since the record's archive (${c.newest.at}): not the archive it made`,
        });
    }
  }
  const touched = new Set(later.map((x) => x.name));
  const clock = clockOf(io);
  const record = (o: ReviveOutcome, complete: boolean) => ({
    kind: REVIVE_RESULT_KIND,
    version: 1,
    server: target.url,
    project,
    complete,
    finishedAt: new Date(clock.now()).toISOString(),
    ...o,
  });
  const result = resultRecord(f.result, record, 'revived', 'revive');
  const hold = io.interrupt?.hold();
  let outcome: ReviveOutcome;
  // The record is the way to tell what was revived: the first one is written just before the
  // first write, and a file that cannot be written then stops the run with nothing sent.
  let first = true;
  const progress = async (o: ReviveOutcome) => {
    const now = { ...o, skipped: [...later, ...o.skipped] };
    if (first) await result.saveFirst(now);
    else await result.save(now, false);
    first = false;
  };
  try {
    outcome = await reviveAll(
      {
        client,
        project,
        clock,
        signal: hold?.signal,
        debug: ctx.debug,
        progress,
        pacer: ctx.pacer(() => undefined),
        unknown: from ? 'skip' : 'refuse',
      },
      names.filter((n) => !touched.has(n)),
    );
    outcome = { ...outcome, skipped: [...later, ...outcome.skipped] };
  } finally {
    hold?.release();
  }
  await result.save(outcome, true);
  const done: Done<'revived'> = { result: 'revived', names: outcome.revived, found: 'active' };
  const rows = writeRows(outcome, done);
  await render(ui, {
    kind: 'document',
    document: record(outcome, true),
    table: (u) => render(u, { kind: 'rows', columns, rows }).then(() => undefined),
  });
  io.stderr.write(`${writeSummary(outcome, done)}.\n`);
  if (result.failure) throw stoppedToo(result.failure, outcome);
  if (outcome.interrupted) throw new InterruptedError(outcome.signal);
  const bad = outcome.failed.length + outcome.unverified.length;
  if (bad > 0)
    throw new RequestError(
      `${bad} flag${bad === 1 ? ' was' : 's were'} not revived or not verified; see the result for why`,
    );
}
