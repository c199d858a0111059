import { activeFeatures, archivedAmong, archiveFeatures, batches, parentsAmong, typeLifetimes } from '../api/archive.js';
import type { ApiClient } from '../api/client.js';
import type { RateLimitPacer } from '../api/rate-limit.js';
import { ApiError } from '../errors.js';
import { stateChange, stateDigest, type Plan, type PlanFlag } from './model.js';
import { flagState } from './state.js';

// `retire apply`'s work, apart from the terminal: re-check the plan's `archive` flags against
// the live server, archive the ones unchanged in batches, and verify by reading the project
// again. Requests: the project's feature list and the flag types, one archive per 100 flags,
// and one list to verify; a refused batch adds one validate and one request per flag in it.

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
  pacer: RateLimitPacer;
  /** Aborted by Ctrl-C: no request starts after it; the one in flight finishes. */
  signal?: AbortSignal;
  /** Shows each write before it is sent (--debug). */
  debug: (line: string) => void;
}

/** The plan's `archive` flags whose state on the server is still what the plan saw, and why the others are skipped. */
export async function recheck(o: Pick<ApplyOptions, 'client' | 'plan' | 'now' | 'pacer'>): Promise<{ ready: PlanFlag[]; skipped: Skip[] }> {
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
    const archived = await archivedAmong(client, plan.project, absent.map((f) => f.name), o.pacer);
    for (const f of absent) skipped.push({ name: f.name, reason: archived.has(f.name) ? 'already archived' : 'no longer on the server (deleted?)' });
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
  const list = batches(names);
  for (let b = 0; b < list.length; b++) {
    const batch = list[b]!;
    if (stopped()) {
      out.notAttempted.push(...list.slice(b).flat());
      break;
    }
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
      o.debug(`the batch was refused (${err.message}); archiving its flags one by one`);
    }
    // A refused batch: a parent among them is skipped, every other flag gets its own request and answer.
    let parents: string[] = [];
    try {
      parents = await parentsAmong(client, plan.project, batch);
    } catch {
      // The per-flag answers below still say why.
    }
    for (const p of parents) out.skipped.push({ name: p, reason: 'changed since the plan: other flags now depend on it' });
    const rest = batch.filter((n) => !parents.includes(n));
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
  const active = await activeFeatures(client, plan.project);
  for (const n of sent) {
    if (active.has(n)) out.failed.push({ name: n, message: 'the server accepted the request, but the flag is still active' });
    else out.archived.push(n);
  }
  for (const [n, message] of unknown) {
    if (active.has(n)) out.failed.push({ name: n, message });
    else out.archived.push(n);
  }
  return out;
}

function preview(names: string[]): string {
  return names.length <= 5 ? names.join(', ') : `${names.slice(0, 5).join(', ')}, …`;
}
