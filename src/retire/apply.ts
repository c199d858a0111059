import { archiveFlags, batches, isDependencyRefusal, parentsAmong } from '../api/archive.js';
import { ApiError, CliError } from '../errors.js';
import type { ApplyOptions, Outcome } from './outcome.js';
import { verifyArchived } from './verify.js';
import { isRefusal, notYetVerified, stopSignal, writeError } from './write-answer.js';

// `retire apply`'s work, apart from the terminal: archive the flags recheck.ts judged ready in
// batches, and verify against the archived set.
// Requests: recheck.ts's reads (instance id, environments, feature list, history since the
// plan, and the flag types unless every flag is marked stale); one validate of every name (a
// read: parents with a new child are skipped before the server refuses a batch; under --yes
// asked beside recheck's reads, and again only when the judgement skipped a flag); one archive
// per 100 flags; then the project's archive, delete and revive events (not rate-limited, 1,000
// a page) to verify, and the list again only when some name's last event is not its archive.
// For 1,000 stale flags archived as asked: 16 requests. A refusal about
// the whole request (permission, change requests) fails the batch's flags with its message;
// only the servers' parent refusal (a child added after validate) adds one validate and one
// request per flag of that batch.

export type { ApplyOptions, Failure, Outcome, Skip } from './outcome.js';

/** Archives the names in batches, then reads the project to see which really are archived. */
export async function archiveAll(o: ApplyOptions, names: string[]): Promise<Outcome> {
  const { client, plan } = o;
  const out: Outcome = {
    archived: [],
    skipped: [],
    failed: [],
    unverified: [],
    unclear: [],
    notAttempted: [],
    interrupted: false,
  };
  const sent: string[] = [];
  const unclear = new Map<string, string>();
  const stopped = () => o.signal?.aborted === true;
  const write = async (batch: string[]): Promise<void> => {
    o.debug(
      `write: POST /api/admin/projects/${plan.project}/archive {features: ${batch.length} name${batch.length === 1 ? '' : 's'}: ${batch.join(', ')}}`,
    );
    await archiveFlags(client, plan.project, batch);
  };
  const skipParents = async (batch: string[], known?: string[]): Promise<string[]> => {
    const parents = known ?? (await parentsOrNone(o, batch));
    for (const p of parents)
      out.skipped.push({ name: p, reason: 'changed since the plan: other flags now depend on it' });
    return batch.filter((n) => !parents.includes(n));
  };
  // Until verified, a name sent is on the record as sent and not verified, so that a run cut
  // short (a crash, SIGKILL) still leaves a true record. That includes the request in flight:
  // the record says so before it is sent, since no handler runs after a SIGKILL.
  let inFlight: string[] = [];
  const progress = (rest: string[]) =>
    o.progress?.({
      ...out,
      unverified: notYetVerified(sent, 'sent and accepted; not verified yet', unclear, inFlight),
      notAttempted: [...out.notAttempted, ...rest],
    });
  const sending = async (names: string[], rest: string[]): Promise<void> => {
    inFlight = names;
    await progress(rest);
  };
  // A child added since the plan: the server would refuse the whole batch for its parent.
  // One validate for every name, not one per batch: the judgement's own when it asked about
  // exactly these names (a parent's child among the names it judged out would be missed
  // otherwise); a child added later still meets the refusal's own fallback below.
  const early = o.validated && sameNames(o.validated.names, names) ? o.validated.parents : undefined;
  const list = batches(names.length > 0 ? await skipParents(names, early) : names);
  for (let b = 0; b < list.length; b++) {
    if (stopped()) {
      out.notAttempted.push(...list.slice(b).flat());
      break;
    }
    const batch = list[b]!;
    try {
      await sending(batch, list.slice(b + 1).flat());
      await write(batch);
      inFlight = [];
      sent.push(...batch);
      await progress(list.slice(b + 1).flat());
      continue;
    } catch (caught) {
      inFlight = [];
      const err = writeError(caught);
      if (!isRefusal(err)) {
        // No answer that proves anything: the write may or may not have happened. The reads below decide.
        for (const n of batch) unclear.set(n, err.message);
        await progress(list.slice(b + 1).flat());
        continue;
      }
      if (!(err instanceof ApiError) || !isDependencyRefusal(err)) {
        // About the request, not its flags (a permission, change requests): one more request per flag would only be refused again.
        for (const n of batch) out.failed.push({ name: n, message: err.message });
        await progress(list.slice(b + 1).flat());
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
        await sending([rest[i]!], [...rest.slice(i + 1), ...list.slice(b + 1).flat()]);
        await write([rest[i]!]);
        inFlight = [];
        sent.push(rest[i]!);
      } catch (caught) {
        inFlight = [];
        const err = writeError(caught);
        if (isRefusal(err)) out.failed.push({ name: rest[i]!, message: err.message });
        else unclear.set(rest[i]!, err.message);
      }
    }
    await progress(list.slice(b + 1).flat());
  }
  out.interrupted = stopped();
  out.signal = stopSignal(o.signal);
  if (sent.length + unclear.size === 0) return out;
  await verifyArchived(o, out, sent, unclear);
  return out;
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

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
