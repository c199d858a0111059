import type { SearchFeature } from '../../../api/schemas.js';
import { featureColumns } from '../../../output/feature-columns.js';
import type { ColumnSet } from '../../../output/rows.js';

// features stale's rows: a flag from search and why it is listed.

export type StaleRow = SearchFeature & { reason: string };

/** Why the server lists it: `stale` is set by people; potentially stale is the type's expected lifetime passed. */
export function staleReason(f: SearchFeature): string {
  return f.stale ? 'marked stale' : `potentially stale: older than the expected lifetime of its type (${f.type ?? 'unknown'})`;
}

export const staleColumns: ColumnSet<StaleRow> = {
  ...featureColumns,
  all: [...featureColumns.all, { name: 'reason', value: (r) => r.reason }],
  defaults: ['name', 'type', 'project', 'reason', 'createdAt'],
};
