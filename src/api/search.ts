import type { ApiClient } from './client.js';
import { searchResponse, type SearchResponse } from './schemas.js';

export const SEARCH_PATH = '/api/admin/search/features';

/** One page of GET /api/admin/search/features with the query as given. */
export function searchPage(client: ApiClient, query: URLSearchParams): Promise<SearchResponse> {
  return client.getJson(SEARCH_PATH, searchResponse, query);
}
