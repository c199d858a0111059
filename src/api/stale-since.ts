import type { ApiClient } from './http/client.js';
import { flagEvents } from './events.js';

// When a flag became stale, for `features stale --stale-for` and the JSON's staleSince: the
// marking comes from the change history (a `feature-stale-on` event), one paged event search
// per project rather than a request per flag; potentially stale follows from the flag's age
// and its type's expected lifetime (GET /api/admin/feature-types).

/** The event Unleash (6.10.1, 8.2.0) records when a flag is marked stale, by PATCH or the bulk POST …/stale. */
export const STALE_ON = 'feature-stale-on';

/** When each flag of the project was last marked stale (its newest feature-stale-on event). */
export async function markedStaleAt(client: ApiClient, project: string): Promise<Map<string, string>> {
  const at = new Map<string, string>();
  // Newest first: the first event of a flag is when it was last marked.
  for await (const e of flagEvents(client, { project, types: [STALE_ON], pageSize: 1000 })) {
    if (e.featureName && !at.has(e.featureName)) at.set(e.featureName, e.createdAt);
  }
  return at;
}
