import { OptionValueError } from '../errors.js';
import { combineTags, type ParsedFilter } from './filters.js';

// A search's checked conditions put on the wire. The options that fill them are declared in
// cli/search-options.ts; this is what the server is sent for them, and in what order.

export const DEFAULT_LIMIT = 50;

export interface SearchQuery {
  /** Filters and sort, without offset and limit. */
  query: URLSearchParams;
  offset: number;
  /** undefined: every match. */
  limit: number | undefined;
  concurrency: number;
  favoritesFirst: boolean;
}

export interface SearchOverrides {
  /** Every match, whatever the paging options say (the command has no --limit). */
  all?: boolean;
  /** Server conditions the command sets itself, e.g. `state` for `features stale`. */
  fixed?: Record<string, string>;
}

/** The paging a search was given. */
export interface Paging {
  offset?: number;
  limit?: number;
  all?: boolean;
  concurrency?: number;
  favoritesFirst?: boolean;
}

const WIRE_ORDER = [
  'query',
  'project',
  'state',
  'type',
  'createdBy',
  'tag',
  'segment',
  'status',
  'createdAt',
  'sortBy',
  'sortOrder',
  'favoritesFirst',
];

// How each parameter goes on the wire, as the real servers (6.10.1, 8.2.0; Express 4 with the
// `qs` query parser) read it:
// - Filters are one `OPERATOR:v1,v2` string each. A repeated key becomes an array, which the
//   servers reject for these ("must be string"), so repeated --tag options are folded into one.
// - `status` must arrive as an array ("must be array" otherwise). Repeated keys are the one
//   spelling every query parser reads as an array, but a key given once is a plain string;
//   so a single entry is sent twice. Entries are OR'ed, so the repeat changes nothing.
// - Values are split on commas and trimmed by the servers; spaces travel as `+`.
// - `createdBy` is compared with the numeric user id; API tokens create as user -42.

/**
 * The query of checked filters, each under its server parameter (`tag`: the --tag filters
 * given; `status`: its entries). Repeated --tag options that cannot combine into one condition
 * throw a usage error.
 */
export function buildQuery(
  filters: readonly [param: string, value: unknown][],
  paging: Paging,
  overrides: SearchOverrides = {},
): SearchQuery {
  const q = new URLSearchParams();
  // The order on the wire (what --debug shows); a parameter not listed goes last.
  const place = (param: string) => (WIRE_ORDER.indexOf(param) + WIRE_ORDER.length + 1) % (WIRE_ORDER.length + 1);
  const sorted = [...filters].sort(([a], [b]) => place(a) - place(b));
  for (const [param, value] of sorted) {
    if (value === undefined || value === false) continue;
    if (param === 'tag') {
      const tags = value as ParsedFilter[];
      if (tags.length === 0) continue;
      const combined = combineTags(tags);
      if ('problem' in combined)
        throw new OptionValueError(combined.problem, `--tag "${tags.map((t) => t.given).join('" --tag "')}"`);
      q.set(param, combined.wire);
    } else if (param === 'status') {
      const entries = [...new Set(value as string[])];
      for (const s of entries.length === 1 ? [entries[0]!, entries[0]!] : entries) q.append(param, s);
    } else {
      q.set(param, value === true ? 'true' : String(value));
    }
  }
  for (const [param, value] of Object.entries(overrides.fixed ?? {})) q.set(param, value);
  const all = overrides.all || paging.all === true;
  return {
    query: q,
    offset: paging.offset ?? 0,
    limit: all ? undefined : (paging.limit ?? DEFAULT_LIMIT),
    concurrency: paging.concurrency ?? 4,
    favoritesFirst: paging.favoritesFirst === true,
  };
}
