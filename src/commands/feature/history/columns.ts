import type { ChangeEvent } from '../../../api/events.js';
import { summarize } from '../../../history/summary.js';
import type { ColumnSet } from '../../../output/rows.js';

// `feature history` rows: the event itself (json and ndjson print it whole, as the server
// sent it) and columns computed from it for the table, csv and markdown.

export const historyColumns: ColumnSet<ChangeEvent> = {
  all: [
    { name: 'when', kind: 'time', value: (e) => e.createdAt },
    { name: 'who', value: (e) => e.createdBy ?? null },
    { name: 'type', value: (e) => e.type },
    { name: 'env', value: (e) => e.environment ?? null },
    { name: 'summary', value: (e) => summarize(e) },
    { name: 'id', kind: 'number', value: (e) => e.id ?? null },
    { name: 'project', value: (e) => e.project ?? null },
  ],
  defaults: ['when', 'who', 'type', 'env', 'summary'],
  // The events' own field names (the json rows' keys, and `environment` as in feature get) pick
  // the same columns, under the id asked for.
  resolve: (id) => {
    const same = { createdAt: 'when', createdBy: 'who', environment: 'env' }[id];
    const col = same && historyColumns.all.find((c) => c.name === same);
    return col ? { ...col, name: id } : undefined;
  },
  syntax: 'createdAt, createdBy, environment (the events’ field names for when, who, env)',
};
