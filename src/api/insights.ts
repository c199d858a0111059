import { NotProvidedError } from '../errors.js';
import type { ApiClient } from './http/client.js';
import { instanceInsights, type InstanceInsights } from './schemas/insights.js';
import { isPathNotAvailable } from './project-overview.js';

export const INSIGHTS_PATH = '/api/admin/insights';

export interface InsightsRange {
  /** yyyy-MM-dd, already checked; omitted when not given (the server picks). */
  from?: string;
  to?: string;
}

/** GET /api/admin/insights?from&to. Only the dates given are sent. */
export async function getInsights(client: ApiClient, range: InsightsRange): Promise<InstanceInsights> {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  try {
    return await client.getJson(INSIGHTS_PATH, instanceInsights, query);
  } catch (err) {
    if (!isPathNotAvailable(err)) throw err;
    const e = new NotProvidedError(
      'this server does not provide instance insights: it answered GET /api/admin/insights with 404 "path not available"',
    );
    e.hint = 'Instance insights are part of Unleash Enterprise; open-source servers do not have this endpoint.';
    throw e;
  }
}
