import type { FlagInfo, FlagLifecycle } from '../api/flags.js';
import type { LifecycleLookup } from './references.js';

// Active flags' lifecycles in a bounded number of requests: the project feature lists carry no
// lifecycle, but search pages do (Unleash 6.10.1 and 8.2.0 alike), 100 flags a page. The first
// flag asked about starts one paged search of the projects holding the active flags; every
// flag is then answered from it. A flag's own document is read only where search has no room
// now (Unleash 8 allows 15 searches a minute: `search` answers undefined then) or does not
// hold the flag (created or moved since the listing).

/** Search pages of this many flags (the server's page size for search). */
export const SEARCH_PAGE = 100;

export type LifecycleSearch = (projects: string[], pages: number) => Promise<Map<string, FlagLifecycle | null>> | undefined;

export function searchFirstLookup(flags: () => Promise<FlagInfo[]>, search: LifecycleSearch, single: LifecycleLookup): LifecycleLookup {
  let found: Promise<Map<string, FlagLifecycle | null> | undefined> | undefined;
  const start = async () => {
    const active = (await flags()).filter((f) => !f.archived);
    const perProject = new Map<string, number>();
    for (const f of active) perProject.set(f.project, (perProject.get(f.project) ?? 0) + 1);
    const pages = [...perProject.values()].reduce((n, count) => n + Math.ceil(count / SEARCH_PAGE), 0);
    return search([...perProject.keys()], pages);
  };
  return async (flag) => {
    found ??= start();
    const map = await found;
    return map?.has(flag.name) ? map.get(flag.name)! : single(flag);
  };
}
