import type { ActiveFlag } from '../api/archive.js';
import { lifetimeOf, potentiallyStale } from '../flags/stale.js';
import type { SearchFlag } from '../api/schemas/search.js';
import type { FlagState } from './model.js';

// A flag's state, the same from either source: plan and apply read the project's feature list
// (one request); an archived flag named by --include comes from search. Both carry stale,
// type, createdAt and each environment's lastSeenAt; 6.x adds a flag-level lastSeenAt in both. Potentially stale is the server's own rule (flags/stale.ts) on the same
// clock, so both sides agree.

type Source = Pick<ActiveFlag, 'name' | 'type' | 'stale' | 'createdAt' | 'lastSeenAt'> & {
  environments?: { name: string; lastSeenAt?: string | null }[] | null;
};

export function flagState(
  f: Source,
  project: string,
  archived: boolean,
  lifetimes: Map<string, number | null>,
  now: number,
): FlagState {
  const seen: [string, string | null][] = (f.environments ?? []).map((e) => [e.name, e.lastSeenAt ?? null]);
  if (f.lastSeenAt) seen.push(['*', f.lastSeenAt]);
  seen.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const stale = f.stale === true;
  return {
    name: f.name,
    project,
    stale,
    potentiallyStale: !stale && !archived && potentiallyStale(f.createdAt, lifetimeOf(lifetimes, f.type, f.name), now),
    archived,
    createdAt: f.createdAt ?? null,
    seen,
  };
}

/** The search item's environments, in the shape flagState takes (search types them loosely). */
export function searchSource(f: SearchFlag): Source {
  return {
    name: f.name,
    type: f.type ?? null,
    stale: f.stale ?? false,
    createdAt: f.createdAt ?? null,
    lastSeenAt: f.lastSeenAt ?? null,
    environments: (f.environments ?? []).map((e) => ({
      name: String(e.name),
      lastSeenAt: (e as { lastSeenAt?: string | null }).lastSeenAt ?? null,
    })),
  };
}
