import type { Column } from '../../../output/rows.js';
import type { Outcome } from '../../../retire/apply.js';

// The result of `retire apply` as rows: one per flag, what happened and why.

export interface ResultRow {
  flag: string;
  result: 'archived' | 'skipped' | 'failed' | 'unverified' | 'not attempted';
  detail: string;
}

export const resultColumns: Column<ResultRow>[] = [
  { name: 'name', header: 'flag', value: (r) => r.flag },
  { name: 'result', value: (r) => r.result },
  { name: 'detail', value: (r) => r.detail },
];

export function resultRows(o: Outcome): ResultRow[] {
  const unclear = new Map(o.unclear.map((u) => [u.name, u.message]));
  const stopped = `stopped (${o.signal === undefined || o.signal === 'SIGINT' ? 'Ctrl-C' : o.signal}) before its request`;
  return [
    ...o.archived.map((flag): ResultRow => ({
      flag,
      result: 'archived',
      detail: unclear.has(flag)
        ? `the answer was unclear (${unclear.get(flag)}); verified archived by reading the project`
        : '',
    })),
    ...o.skipped.map((s): ResultRow => ({ flag: s.name, result: 'skipped', detail: s.reason })),
    ...o.failed.map((x): ResultRow => ({ flag: x.name, result: 'failed', detail: x.message })),
    ...o.unverified.map((x): ResultRow => ({ flag: x.name, result: 'unverified', detail: x.message })),
    ...o.notAttempted.map((flag): ResultRow => ({ flag, result: 'not attempted', detail: stopped })),
  ];
}

/** The stderr line after a write: the counts. */
export function summary(o: Outcome): string {
  const more = [
    o.unverified.length ? `${o.unverified.length} unverified` : '',
    o.notAttempted.length ? `${o.notAttempted.length} not attempted` : '',
  ].filter(Boolean);
  return `${o.archived.length} archived, ${o.skipped.length} skipped, ${o.failed.length} failed${more.map((m) => `, ${m}`).join('')}`;
}
