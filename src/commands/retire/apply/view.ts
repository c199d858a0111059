import type { Column } from '../../../output/rows.js';
import type { Outcome } from '../../../retire/apply.js';

// The result of `retire apply` as rows: one per flag, what happened and why.

export interface ResultRow {
  flag: string;
  result: 'archived' | 'skipped' | 'failed' | 'not attempted';
  detail: string;
}

export const resultColumns: Column<ResultRow>[] = [
  { name: 'flag', value: (r) => r.flag },
  { name: 'result', value: (r) => r.result },
  { name: 'detail', value: (r) => r.detail },
];

export function resultRows(o: Outcome): ResultRow[] {
  return [
    ...o.archived.map((flag): ResultRow => ({ flag, result: 'archived', detail: '' })),
    ...o.skipped.map((s): ResultRow => ({ flag: s.name, result: 'skipped', detail: s.reason })),
    ...o.failed.map((x): ResultRow => ({ flag: x.name, result: 'failed', detail: x.message })),
    ...o.notAttempted.map((flag): ResultRow => ({ flag, result: 'not attempted', detail: 'interrupted (Ctrl-C) before its request' })),
  ];
}
