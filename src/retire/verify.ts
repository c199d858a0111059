import { activeFlags, lastFates, type ActiveFlag, type LastFate } from '../api/archive.js';
import { CliError } from '../errors.js';
import type { ApplyOptions, Outcome } from './outcome.js';
import { pause, SETTLE_WAITS_MS } from './write-answer.js';

// How `retire apply` learns what its writes did. The servers answer 202 to an archive of a
// name they do not have, so even a clear answer is checked. Archived means archived by the
// server, not merely gone from the active list: a flag deleted meanwhile is gone too. The
// project's change history says what became of each name last (archived, deleted or revived);
// when that is an archive for every name, nothing else is read. Otherwise the active list
// (one request) tells the rest: a flag whose answer was unclear and that is still active is
// read again a few times (SETTLE_WAITS_MS), as a server that timed out may still be at it.

/** The day (YYYY-MM-DD, UTC) before a time: events are asked for from it, as the server's clock and ours need not agree on the date. */
const dayBefore = (ms: number) => new Date(ms - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

type Options = Pick<ApplyOptions, 'client' | 'plan' | 'clock' | 'signal' | 'debug'>;

export async function verifyArchived(
  o: Options,
  out: Outcome,
  sent: string[],
  unclear: Map<string, string>,
): Promise<void> {
  const names = [...sent, ...unclear.keys()];
  const since = dayBefore(o.clock.now());
  for (const [name, message] of unclear) out.unclear.push({ name, message });
  let fates = new Map<string, LastFate>();
  let unchecked: string | null = null;
  // The history first: asked about every name sent, it takes one page when all were archived
  // (it stops once each name's last fate is known), and then it is the whole proof. The list
  // is read only for the names whose last fate is not an archive (or when the history failed).
  try {
    fates = await lastFates(o.client, o.plan.project, names, since);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    unchecked = err.message;
  }
  if (unchecked === null && names.every((n) => fates.get(n) === 'feature-archived')) {
    out.archived.push(...names);
    return;
  }
  let active: Map<string, ActiveFlag>;
  try {
    active = await activeFlags(o.client, o.plan.project);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    const why = `the read that verifies it failed (${unchecked === null ? err.message : `${unchecked}; ${err.message}`})`;
    for (const n of sent) {
      if (fates.get(n) === 'feature-archived') out.archived.push(n);
      else out.unverified.push({ name: n, message: `sent and accepted, but ${why}` });
    }
    for (const [n, m] of unclear) {
      if (fates.get(n) === 'feature-archived') out.archived.push(n);
      else out.unverified.push({ name: n, message: `${m}; and ${why}` });
    }
    return;
  }

  let waited = 0;
  for (const ms of SETTLE_WAITS_MS) {
    const pending = [...unclear.keys()].filter((n) => active.has(n));
    if (pending.length === 0 || o.signal?.aborted) break;
    o.debug(
      `${pending.length} flag${pending.length === 1 ? '' : 's'} with an unclear answer still active: reading again in ${ms / 1000} s`,
    );
    await pause(o.clock, ms, o.signal);
    if (o.signal?.aborted) break;
    try {
      active = await activeFlags(o.client, o.plan.project);
      waited += ms;
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      break;
    }
  }
  // Names that left the list after the history was read (the list is always the later read): their fate is read again.
  const late = names.filter((n) => !active.has(n) && !fates.has(n));
  if (late.length > 0 && unchecked === null) {
    try {
      for (const [n, fate] of await lastFates(o.client, o.plan.project, late, since)) fates.set(n, fate);
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      unchecked = err.message;
    }
  }

  const judge = (n: string, before: string | null): void => {
    const fate = fates.get(n);
    if (fate === 'feature-archived' && !active.has(n)) out.archived.push(n);
    else if (active.has(n) && before === null)
      out.failed.push({ name: n, message: 'the server accepted the request, but the flag is still active' });
    else if (active.has(n)) {
      const after = waited > 0 ? `still active ${waited / 1000} s later` : 'still active when read';
      out.unverified.push({ name: n, message: `${before}; ${after}: the server may yet archive it` });
    } else if (unchecked !== null)
      out.unverified.push({
        name: n,
        message: `${before ? `${before}; ` : ''}the flag left the active list, but whether it is archived could not be checked: ${unchecked}`,
      });
    else
      out.failed.push({
        name: n,
        message: `${before ? `${before}; ` : 'the server accepted the request, but '}the flag is neither active nor archived now (deleted?)`,
      });
  };
  for (const n of sent) judge(n, null);
  for (const [n, message] of unclear) judge(n, message);
}
