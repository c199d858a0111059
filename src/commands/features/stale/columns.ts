import { flagColumns } from '../../../output/flag-columns.js';
import type { Column, ColumnSet } from '../../../output/rows.js';
import type { StaleRow } from './ages.js';

// features stale's rows: a flag from search, why it is listed, and its ages.

/** The columns that need the ages read (an event search per project and the flag types). */
export const AGE_COLUMNS = ['staleSince', 'potentiallyStale', 'potentiallyStaleSince'];

export const staleColumns: ColumnSet<StaleRow> = {
  ...(flagColumns as unknown as ColumnSet<StaleRow>),
  all: [
    ...(flagColumns.all as Column<StaleRow>[]),
    { name: 'reason', value: (r) => r.reason },
    { name: 'staleSince', kind: 'time', value: (r) => r.staleSince },
    { name: 'potentiallyStale', kind: 'bool', value: (r) => r.potentiallyStale },
    { name: 'potentiallyStaleSince', kind: 'time', value: (r) => r.potentiallyStaleSince },
  ],
  defaults: ['name', 'type', 'project', 'reason', 'createdAt'],
};
