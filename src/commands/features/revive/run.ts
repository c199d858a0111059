import { readFile } from 'node:fs/promises';
import { checkJsonDepth } from '../../../config/json-file.js';
import { InterruptedError, OutputError, RequestError, UsageError } from '../../../errors.js';
import { clockOf, keepReadingWhenClosed } from '../../../io.js';
import { render } from '../../../output/render.js';
import type { Column } from '../../../output/rows.js';
import { RESULT_KIND, REVIVE_RESULT_KIND } from '../../../retire/model.js';
import { writeRecord } from '../../../retire/result-file.js';
import { reviveAll, type ReviveOutcome } from '../../../retire/revive.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import type { options } from './options.js';

interface Row {
  flag: string;
  result: 'revived' | 'skipped' | 'failed' | 'unverified' | 'not attempted';
  detail: string;
}
const columns: Column<Row>[] = [
  { name: 'name', header: 'flag', value: (r) => r.flag },
  { name: 'result', value: (r) => r.result },
  { name: 'detail', value: (r) => r.detail },
];

function reviveRows(o: ReviveOutcome): Row[] {
  const unclear = new Map(o.unclear.map((u) => [u.name, u.message]));
  const stopped = `stopped (${o.signal === undefined || o.signal === 'SIGINT' ? 'Ctrl-C' : o.signal}) before its request`;
  return [
    ...o.revived.map((flag): Row => ({
      flag,
      result: 'revived',
      detail: unclear.has(flag)
        ? `the answer was unclear (${unclear.get(flag)}); verified active by reading the project`
        : '',
    })),
    ...o.skipped.map((s): Row => ({ flag: s.name, result: 'skipped', detail: s.reason })),
    ...o.failed.map((x): Row => ({ flag: x.name, result: 'failed', detail: x.message })),
    ...o.unverified.map((x): Row => ({ flag: x.name, result: 'unverified', detail: x.message })),
    ...o.notAttempted.map((flag): Row => ({ flag, result: 'not attempted', detail: stopped })),
  ];
}

/** The archived names and project of a `retire apply --result` file. */
async function fromResult(path: string): Promise<{ names: string[]; project: string; server: string }> {
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
  let doc: { kind?: unknown; archived?: unknown; unverified?: unknown; project?: unknown; server?: unknown };
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
  // Sent but not verified: maybe archived. Each is a candidate; a flag that is still active is reported "already active".
  const unverified = Array.isArray(doc.unverified)
    ? doc.unverified.flatMap((u: unknown) =>
        typeof (u as { name?: unknown })?.name === 'string' ? [(u as { name: string }).name] : [],
      )
    : [];
  return { names: [...(names as string[]), ...unverified], project: doc.project, server: doc.server };
}

/** `flagctl features revive`: restore archived flags and check that they are back. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  const given = (req.args[0] as string[] | undefined) ?? [];
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
  let unwritten: OutputError | undefined;
  const save = async (o: ReviveOutcome, complete: boolean) => {
    if (!f.result) return;
    try {
      await writeRecord(f.result, record(o, complete));
      unwritten = undefined;
    } catch (err) {
      unwritten = new OutputError(`${f.result} (--result)`, err as NodeJS.ErrnoException);
    }
  };
  const hold = io.interrupt?.hold();
  let outcome: ReviveOutcome;
  try {
    outcome = await reviveAll(
      { client, project, clock, signal: hold?.signal, debug: ctx.debug, progress: (o) => save(o, false) },
      names,
    );
  } finally {
    hold?.release();
  }
  await save(outcome, true);
  const rows = reviveRows(outcome);
  await render(ui, {
    kind: 'document',
    document: record(outcome, true),
    table: (u) => render(u, { kind: 'rows', columns, rows }).then(() => undefined),
  });
  const more = [
    outcome.unverified.length ? `${outcome.unverified.length} unverified` : '',
    outcome.notAttempted.length ? `${outcome.notAttempted.length} not attempted` : '',
  ].filter(Boolean);
  io.stderr.write(
    `${outcome.revived.length} revived, ${outcome.skipped.length} skipped, ${outcome.failed.length} failed${more.map((m) => `, ${m}`).join('')}.\n`,
  );
  if (unwritten) throw unwritten;
  if (outcome.interrupted) throw new InterruptedError(outcome.signal);
  const bad = outcome.failed.length + outcome.unverified.length;
  if (bad > 0)
    throw new RequestError(
      `${bad} flag${bad === 1 ? ' was' : 's were'} not revived or not verified; see the result for why`,
    );
}
