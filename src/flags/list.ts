import type { ApiClient } from '../api/http/client.js';
import { readFlags, type ListOptions } from '../api/flag-list.js';
import { lifetimeOf, potentiallyStale } from './stale.js';

// Every flag a server has, judged: its state (stale, potentially stale by the server's own rule,
// or active) and when an SDK last saw it, from what api/flag-list.ts reads.

export type FlagState = 'active' | 'stale' | 'potentially-stale';

export interface FlagInfo {
  name: string;
  project: string;
  type: string | null;
  state: FlagState;
  archived: boolean;
  /** Lifecycle stage (initial, pre-live, live, completed, archived); null when not known. */
  lifecycle: string | null;
  /** With the stage `completed`: how it ended, `kept` or `discarded` (as the server says); null or absent otherwise. */
  lifecycleStatus?: string | null;
  /** The latest time any SDK reported the flag, over all environments. */
  lastSeenAt: string | null;
  createdAt: string | null;
}

/** Every flag, active and archived, of the projects asked for (all by default). */
export async function listFlags(client: ApiClient, opts: ListOptions & { now?: number } = {}): Promise<FlagInfo[]> {
  const now = opts.now ?? Date.now();
  const { lists, archived, lifetimes } = await readFlags(client, opts);
  const flags: FlagInfo[] = [];
  const seen = new Set<string>();
  for (const { id, features } of lists) {
    for (const f of features) {
      seen.add(f.name);
      flags.push({
        name: f.name,
        project: id,
        type: f.type ?? null,
        state: f.stale
          ? 'stale'
          : potentiallyStale(f.createdAt, lifetimeOf(lifetimes, f.type, f.name), now)
            ? 'potentially-stale'
            : 'active',
        archived: false,
        lifecycle: null,
        lastSeenAt: latest([f.lastSeenAt, ...(f.environments ?? []).map((e) => e.lastSeenAt)]),
        createdAt: f.createdAt ?? null,
      });
    }
  }
  for (const f of archived) {
    if (seen.has(f.name)) continue;
    // An archived flag is not judged for staleness by the server: its own mark is all there is.
    flags.push({
      name: f.name,
      project: f.project ?? '',
      type: f.type ?? null,
      state: f.stale ? 'stale' : 'active',
      archived: true,
      lifecycle: f.lifecycle?.stage ?? 'archived',
      lastSeenAt: latest([f.lastSeenAt, ...(f.environments ?? []).map((e) => e.lastSeenAt)]),
      createdAt: f.createdAt ?? null,
    });
  }
  return flags;
}

/** The latest of some times: when an SDK last saw the flag in any environment. */
function latest(times: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  let bestMs = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    if (!t) continue;
    const ms = Date.parse(t);
    if (Number.isFinite(ms) && ms > bestMs) {
      best = t;
      bestMs = ms;
    }
  }
  return best;
}
