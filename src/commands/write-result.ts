import type { Column, ColumnSet } from '../output/rows.js';

// The result of a write as rows, one per flag, what happened and why: `retire apply` (archived)
// and `features revive` (revived) report the same record (docs/writes.md), so they show it alike.

interface Named {
  name: string;
}

/** What both writes' outcomes hold beside their own done list (archived or revived). */
export interface WriteOutcome {
  skipped: (Named & { reason: string })[];
  failed: (Named & { message: string })[];
  unverified: (Named & { message: string })[];
  unclear: (Named & { message: string })[];
  notAttempted: string[];
  signal?: string;
  /** Archived by an earlier run of the same plan, whose record this one replaced (also in the done list). */
  earlier?: string[];
}

/** The write's own word for a flag it did: `archived` or `revived`, and what its verification found it. */
export interface Done<R extends string> {
  result: R;
  names: string[];
  /** As the verifying read found it: `archived`, `active`. */
  found: string;
}

export interface WriteRow<R extends string> {
  flag: string;
  result: R | 'skipped' | 'failed' | 'unverified' | 'not attempted';
  detail: string;
}

export const writeColumns: Column<WriteRow<string>>[] = [
  { name: 'name', header: 'flag', value: (r) => r.flag },
  { name: 'result', value: (r) => r.result },
  { name: 'detail', value: (r) => r.detail },
];

/** The write tables' --columns: resolved before anything is sent (`flag`, the header, picks the name too). */
export const writeColumnSet: ColumnSet<WriteRow<string>> = {
  all: writeColumns,
  defaults: writeColumns.map((c) => c.name),
  resolve: (id) => (id === 'flag' ? { ...writeColumns[0]!, name: 'flag' } : undefined),
};

export function writeRows<R extends string>(o: WriteOutcome, done: Done<R>): WriteRow<R>[] {
  const unclear = new Map(o.unclear.map((u) => [u.name, u.message]));
  const earlier = new Set(o.earlier ?? []);
  const stopped = `stopped (${o.signal === undefined || o.signal === 'SIGINT' ? 'Ctrl-C' : o.signal}) before its request`;
  return [
    ...done.names.map((flag): WriteRow<R> => ({
      flag,
      result: done.result,
      detail: earlier.has(flag)
        ? 'archived by an earlier run of this plan (the record this one replaced)'
        : unclear.has(flag)
          ? `the answer was unclear (${unclear.get(flag)}); verified ${done.found} by reading the project`
          : '',
    })),
    ...o.skipped.map((s): WriteRow<R> => ({ flag: s.name, result: 'skipped', detail: s.reason })),
    ...o.failed.map((x): WriteRow<R> => ({ flag: x.name, result: 'failed', detail: x.message })),
    ...o.unverified.map((x): WriteRow<R> => ({ flag: x.name, result: 'unverified', detail: x.message })),
    ...o.notAttempted.map((flag): WriteRow<R> => ({ flag, result: 'not attempted', detail: stopped })),
  ];
}

/** The stderr line after a write: the counts. */
export function writeSummary(o: WriteOutcome, done: Done<string>): string {
  const more = [
    o.unverified.length ? `${o.unverified.length} unverified` : '',
    o.notAttempted.length ? `${o.notAttempted.length} not attempted` : '',
  ].filter(Boolean);
  return `${done.names.length} ${done.result}, ${o.skipped.length} skipped, ${o.failed.length} failed${more.map((m) => `, ${m}`).join('')}`;
}
