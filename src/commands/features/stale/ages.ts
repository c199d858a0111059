import type { ApiClient } from '../../../api/http/client.js';
import type { SearchFlag } from '../../../api/schemas/search.js';
import { typeLifetimes } from '../../../api/flag-types.js';
import { markedStaleAt } from '../../../api/stale-since.js';

const DAY_MS = 86_400_000;

/** A stale flag as `features stale` lists it: the server's row and what flagctl adds. */
export type StaleRow = SearchFlag & {
  reason: string;
  /** When it was last marked stale (its newest feature-stale-on event); null when not marked, or no such event is left. */
  staleSince: string | null;
  /** Older than its type's expected lifetime; null only for a type the server's list lacks. */
  potentiallyStale: boolean | null;
  /** When it became potentially stale (created + the type's lifetime); null when it is not. */
  potentiallyStaleSince: string | null;
};

/** Why the server lists it: `stale` is set by people; potentially stale is the type's expected lifetime passed. */
export function staleReason(f: SearchFlag): string {
  return f.stale
    ? 'marked stale'
    : `potentially stale: older than the expected lifetime of its type (${f.type ?? 'unknown'})`;
}

/**
 * Each row's ages, read once: the type lifetimes (one request) and, per project met, when its
 * flags were marked stale (one paged event search). Asked for at the first row that needs them;
 * a run that does not use them (`read` false) reads neither, and its rows say only what the
 * search told (potentiallyStale true for a flag listed but not marked, null beside a marking).
 */
export class StaleAges {
  private lifetimes?: Promise<Map<string, number | null>>;
  private readonly marked = new Map<string, Promise<Map<string, string>>>();

  constructor(
    private readonly client: ApiClient,
    private readonly now: () => number,
    private readonly read: boolean,
  ) {}

  async row(f: SearchFlag): Promise<StaleRow> {
    if (!this.read)
      return {
        ...f,
        reason: staleReason(f),
        staleSince: null,
        potentiallyStale: f.stale ? null : true,
        potentiallyStaleSince: null,
      };
    const lifetimes = await (this.lifetimes ??= typeLifetimes(this.client));
    const known = !!f.type && lifetimes.has(f.type);
    const days = known ? lifetimes.get(f.type!) : undefined;
    const created = f.createdAt ? Date.parse(f.createdAt) : NaN;
    const since =
      typeof days === 'number' && days > 0 && Number.isFinite(created) ? created + days * DAY_MS : undefined;
    // Listed but not marked: the server found it potentially stale, whatever the list says.
    const potentially = !f.stale ? true : known ? since !== undefined && since < this.now() : null;
    let staleSince: string | null = null;
    if (f.stale && f.project) {
      let p = this.marked.get(f.project);
      if (!p) this.marked.set(f.project, (p = markedStaleAt(this.client, f.project)));
      staleSince = (await p).get(f.name) ?? null;
    }
    return {
      ...f,
      reason: staleReason(f),
      staleSince,
      potentiallyStale: potentially,
      potentiallyStaleSince: potentially && since !== undefined ? new Date(since).toISOString() : null,
    };
  }
}

/**
 * `--stale-for <age>`: marked stale longer ago than that, or potentially stale for longer. A
 * flag whose age cannot be told (its marking is no longer in the change history) is kept: a
 * gate does not pass on a flag it cannot clear.
 */
export function staleFor(row: StaleRow, ageMs: number, now: number): boolean {
  const older = (iso: string | null) => iso !== null && now - Date.parse(iso) > ageMs;
  if (row.stale && (row.staleSince === null || older(row.staleSince))) return true;
  return row.potentiallyStale === true && (row.potentiallyStaleSince === null || older(row.potentiallyStaleSince));
}
