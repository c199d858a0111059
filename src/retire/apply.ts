import { activeFeatures, archiveFeatures, batches, isDependencyRefusal, lastFates, parentsAmong, typeLifetimes } from '../api/archive.js';
import type { ApiClient } from '../api/http/client.js';
import { ApiError, CliError } from '../errors.js';
import { stateChange, stateDigest, type Plan, type PlanFlag } from './model.js';
import { flagState } from './state.js';

// `retire apply`'s work, apart from the terminal: re-check the plan's `archive` flags against
// the live server, archive the ones unchanged in batches, and verify against the archived set.
// Requests: the project's feature list and the flag types; one validate of every name (a
// read: parents with a new child are skipped before the server refuses a batch); one archive
// per 100 flags; then the list again and the project's archive, delete and revive events
// (not rate-limited, 1,000 a page) to verify. For 1,000 flags: 15 requests. A refusal about
// the whole request (permission, change requests) fails the batch's flags with its message;
// only the servers' parent refusal (a child added after validate) adds one validate and one
// request per flag of that batch.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day (YYYY-MM-DD, UTC) before a time: events are asked for from it, as the server's clock and ours need not agree on the date. */
const dayBefore = (ms: number, fallback: number) => new Date((Number.isFinite(ms) ? ms : fallback) - DAY_MS).toISOString().slice(0, 10);

export interface Skip {
  name: string;
  reason: string;
}
export interface Failure {
  name: string;
  message: string;
}

export interface Outcome {
  archived: string[];
  skipped: Skip[];
  failed: Failure[];
  /** Not sent: Ctrl-C came first. */
  notAttempted: string[];
  interrupted: boolean;
}

export interface ApplyOptions {
  client: ApiClient;
  plan: Plan;
  now: number;
  /** Aborted by Ctrl-C: no request starts after it; the one in flight finishes. */
  signal?: AbortSignal;
  /** Shows each write before it is sent (--debug). */
  debug: (line: string) => void;
}

/** The plan's `archive` flags whose state on the server is still what the plan saw, and why the others are skipped. */
export async function recheck(o: Pick<ApplyOptions, 'client' | 'plan' | 'now'>): Promise<{ ready: PlanFlag[]; skipped: Skip[] }> {
  const { client, plan } = o;
  const planned = plan.flags.filter((f) => f.verdict === 'archive');
  if (planned.length === 0) return { ready: [], skipped: [] };
  const [active, lifetimes] = await Promise.all([activeFeatures(client, plan.project), typeLifetimes(client)]);
  const ready: PlanFlag[] = [];
  const skipped: Skip[] = [];
  const absent: PlanFlag[] = [];
  for (const f of planned) {
    const live = active.get(f.name);
    if (!live) {
      absent.push(f);
      continue;
    }
    const now = flagState(live, plan.project, false, lifetimes, o.now);
    if (stateDigest(now) === f.stateDigest) ready.push(f);
    else skipped.push({ name: f.name, reason: `changed since the plan: ${stateChange(f.state, now)}` });
  }
  if (absent.length > 0) {
    const fates = await lastFates(client, plan.project, absent.map((f) => f.name), dayBefore(Date.parse(plan.createdAt), o.now));
    for (const f of absent) skipped.push({ name: f.name, reason: fates.get(f.name) === 'feature-archived' ? 'already archived' : 'no longer on the server (deleted?)' });
  }
  return { ready, skipped };
}

/** Archives the names in batches, then reads the project to see which really are archived. */
export async function archiveAll(o: ApplyOptions, names: string[]): Promise<Outcome> {
  const { client, plan } = o;
  const out: Outcome = { archived: [], skipped: [], failed: [], notAttempted: [], interrupted: false };
  const sent: string[] = [];
  const unknown = new Map<string, string>();
  const stopped = () => o.signal?.aborted === true;
  const write = async (batch: string[]): Promise<void> => {
    o.debug(`write: POST /api/admin/projects/${plan.project}/archive {features: ${batch.length} name${batch.length === 1 ? '' : 's'}: ${preview(batch)}}`);
    await archiveFeatures(client, plan.project, batch);
  };
  const skipParents = async (batch: string[]): Promise<string[]> => {
    const parents = await parentsOrNone(o, batch);
    for (const p of parents) out.skipped.push({ name: p, reason: 'changed since the plan: other flags now depend on it' });
    return batch.filter((n) => !parents.includes(n));
  };
  // A child added since the plan: the server would refuse the whole batch for its parent.
  // One validate for every name, not one per batch; a child added later still meets the
  // refusal's own fallback below.
  const list = batches(names.length > 0 ? await skipParents(names) : names);
  for (let b = 0; b < list.length; b++) {
    if (stopped()) {
      out.notAttempted.push(...list.slice(b).flat());
      break;
    }
    const batch = list[b]!;
    try {
      await write(batch);
      sent.push(...batch);
      continue;
    } catch (err) {
      if (!(err instanceof ApiError)) {
        // No answer: the write may or may not have happened. The read below decides.
        for (const n of batch) unknown.set(n, (err as Error).message);
        continue;
      }
      if (!isDependencyRefusal(err)) {
        // About the request, not its flags (a permission, change requests): one more request per flag would only be refused again.
        for (const n of batch) out.failed.push({ name: n, message: err.message });
        continue;
      }
      o.debug(`the batch was refused (${err.message}); archiving its flags one by one`);
    }
    // A child added between validate and archive: its parent is skipped, every other flag gets its own request and answer.
    const rest = await skipParents(batch);
    for (let i = 0; i < rest.length; i++) {
      if (stopped()) {
        out.notAttempted.push(...rest.slice(i), ...list.slice(b + 1).flat());
        b = list.length;
        break;
      }
      try {
        await write([rest[i]!]);
        sent.push(rest[i]!);
      } catch (err) {
        if (err instanceof ApiError) out.failed.push({ name: rest[i]!, message: err.message });
        else unknown.set(rest[i]!, (err as Error).message);
      }
    }
  }
  out.interrupted = stopped();
  if (sent.length + unknown.size === 0) return out;
  await verify(o, out, sent, unknown);
  return out;
}

/** Which of these are parents of active flags; none when validate itself fails (the archive's answer then says why). */
async function parentsOrNone(o: ApplyOptions, names: string[]): Promise<string[]> {
  try {
    return await parentsAmong(o.client, o.plan.project, names);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    o.debug(`archive/validate failed (${err.message}); sending the batch without it`);
    return [];
  }
}

/**
 * Archived means archived by the server, not merely gone from the active list: a flag deleted
 * meanwhile is gone too. The active list is one request; for the names that left it, the
 * project's change history says what became of each last (archived, deleted or revived).
 */
async function verify(o: ApplyOptions, out: Outcome, sent: string[], unknown: Map<string, string>): Promise<void> {
  // Both reads at once: the history is asked about every name sent, which takes one page when
  // all were archived (it stops once each name's last fate is known) and more only when some were not.
  const [list, history] = await Promise.allSettled([
    activeFeatures(o.client, o.plan.project),
    lastFates(o.client, o.plan.project, [...sent, ...unknown.keys()], dayBefore(o.now, o.now)),
  ]);
  if (list.status === 'rejected') throw list.reason;
  const active = list.value;
  let fates = new Map<string, string>();
  let unchecked: string | null = null;
  if (history.status === 'fulfilled') fates = history.value;
  else if (history.reason instanceof CliError) unchecked = history.reason.message;
  else throw history.reason;
  const judge = (n: string, before: string | null): void => {
    const fate = fates.get(n);
    if (active.has(n)) out.failed.push({ name: n, message: before ?? 'the server accepted the request, but the flag is still active' });
    else if (fate === 'feature-archived') out.archived.push(n);
    else if (unchecked !== null) out.failed.push({ name: n, message: `the flag left the active list, but whether it is archived could not be checked: ${unchecked}` });
    else out.failed.push({ name: n, message: `${before ? `${before}; ` : 'the server accepted the request, but '}the flag is neither active nor archived now (deleted?)` });
  };
  for (const n of sent) judge(n, null);
  for (const [n, message] of unknown) judge(n, message);
}

function preview(names: string[]): string {
  return names.length <= 5 ? names.join(', ') : `${names.slice(0, 5).join(', ')}, …`;
}
