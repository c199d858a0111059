import { activeFlags, archivedAmong, batches, reviveFlags, type ActiveFlag } from '../api/archive.js';
import type { RateLimitPacer } from '../api/http/rate-limit.js';
import type { ApiClient } from '../api/http/client.js';
import { CliError, NotFoundError } from '../errors.js';
import type { Failure, Skip } from './outcome.js';
import type { Clock } from '../io.js';
import { isRefusal, notYetVerified, pause, SETTLE_WAITS_MS, stopSignal, writeError } from './write-answer.js';

// `features revive`'s work, apart from the terminal: the same record and verification as
// apply. Reads first: a flag already active is skipped, not "revived"; a name that is no
// archived flag of the project is never sent (the server answers 200 for it): named on the
// command line it is a typo, and the run stops before any write (exit 5); named by a record, it
// was deleted or revived since, and is skipped with the reason. Then one revive per 100
// flags, and the list again to verify: the server answers 200 for names it does not have, so
// only a read says what came back. An answer that proves nothing (a 5xx, a timeout, a reset)
// leaves its flags unknown until that read; a flag still archived after it is read again a
// few times, then stays unverified.

export interface ReviveOutcome {
  revived: string[];
  skipped: Skip[];
  failed: Failure[];
  unverified: Failure[];
  unclear: Failure[];
  notAttempted: string[];
  interrupted: boolean;
  signal?: string;
}

export interface ReviveOptions {
  client: ApiClient;
  project: string;
  clock: Clock;
  signal?: AbortSignal;
  debug: (line: string) => void;
  progress?: (partial: ReviveOutcome) => Promise<void>;
  pacer: RateLimitPacer;
  /** A name that is no archived flag of the project: refused before any write (given by hand), or skipped (named by a record). */
  unknown: 'refuse' | 'skip';
}

export async function reviveAll(o: ReviveOptions, names: string[]): Promise<ReviveOutcome> {
  const out: ReviveOutcome = {
    revived: [],
    skipped: [],
    failed: [],
    unverified: [],
    unclear: [],
    notAttempted: [],
    interrupted: false,
  };
  const before = await activeFlags(o.client, o.project);
  for (const n of names) if (before.has(n)) out.skipped.push({ name: n, reason: 'already active' });
  const inactive = names.filter((n) => !before.has(n));
  const archived = inactive.length > 0 ? await archivedAmong(o.client, o.project, inactive, o.pacer) : new Map();
  const unknown = inactive.filter((n) => !archived.has(n));
  const why = `not an archived flag of project ${o.project}`;
  if (unknown.length > 0 && o.unknown === 'refuse')
    throw new NotFoundError(
      `${unknown.map((n) => JSON.stringify(n)).join(', ')}: ${why} (neither active nor archived there); nothing was revived`,
    );
  for (const n of unknown) out.skipped.push({ name: n, reason: `${why} now (deleted, or never archived here)` });
  const list = batches(inactive.filter((n) => archived.has(n)));
  const sent: string[] = [];
  const unclear = new Map<string, string>();
  // The request in flight is on the record before it is sent: no handler runs after a SIGKILL.
  let inFlight: string[] = [];
  const progress = (rest: string[]) =>
    o.progress?.({
      ...out,
      unverified: notYetVerified(sent, 'sent; not verified yet', unclear, inFlight),
      notAttempted: [...out.notAttempted, ...rest],
    });
  for (let b = 0; b < list.length; b++) {
    const batch = list[b]!;
    if (o.signal?.aborted) {
      out.notAttempted.push(...list.slice(b).flat());
      break;
    }
    o.debug(
      `write: POST /api/admin/projects/${o.project}/revive {features: ${batch.length} name${batch.length === 1 ? '' : 's'}: ${batch.join(', ')}}`,
    );
    inFlight = batch;
    await progress(list.slice(b + 1).flat());
    try {
      await reviveFlags(o.client, o.project, batch);
      inFlight = [];
      sent.push(...batch);
    } catch (caught) {
      inFlight = [];
      const err = writeError(caught);
      for (const n of batch) {
        if (isRefusal(err)) out.failed.push({ name: n, message: err.message });
        else unclear.set(n, err.message);
      }
    }
    await progress(list.slice(b + 1).flat());
  }
  if (sent.length + unclear.size > 0) await verify(o, out, sent, unclear);
  // After the verification: a signal during its reads stopped the run too.
  out.interrupted = o.signal?.aborted === true;
  out.signal = stopSignal(o.signal);
  return out;
}

async function verify(
  o: ReviveOptions,
  out: ReviveOutcome,
  sent: string[],
  unclear: Map<string, string>,
): Promise<void> {
  for (const [name, message] of unclear) out.unclear.push({ name, message });
  let active: Map<string, ActiveFlag>;
  try {
    active = await activeFlags(o.client, o.project);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    const why = `the read that verifies it failed (${err.message})`;
    for (const n of sent) out.unverified.push({ name: n, message: `sent, but ${why}` });
    for (const [n, m] of unclear) out.unverified.push({ name: n, message: `${m}; and ${why}` });
    return;
  }
  let waited = 0;
  for (const ms of SETTLE_WAITS_MS) {
    if (![...unclear.keys()].some((n) => !active.has(n)) || o.signal?.aborted) break;
    await pause(o.clock, ms, o.signal);
    if (o.signal?.aborted) break;
    try {
      active = await activeFlags(o.client, o.project);
      waited += ms;
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      break;
    }
  }
  for (const n of sent) {
    if (active.has(n)) out.revived.push(n);
    else
      out.failed.push({
        name: n,
        message: `not active in project ${o.project} after the request (not an archived flag of this project?)`,
      });
  }
  for (const [n, m] of unclear) {
    if (active.has(n)) out.revived.push(n);
    else
      out.unverified.push({
        name: n,
        message: `${m}; not active ${waited > 0 ? `${waited / 1000} s later` : 'when read'}: the server may yet revive it, or it is not an archived flag of this project`,
      });
  }
}
