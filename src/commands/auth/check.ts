import type { ApiClient } from '../../api/http/client.js';

/** A cheap admin read that every supported server answers: a one-feature search. */
export async function checkToken(client: ApiClient): Promise<void> {
  await client.get('/api/admin/search/features', new URLSearchParams({ limit: '1' }));
}
