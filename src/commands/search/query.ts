import * as z from '../../zod-mini.js';
import { UsageError } from '../../errors.js';
import { parseCreatedAt } from './dates.js';
import { environmentName, FILTERS, combineTags, encodeFilter, parseFilter } from './filters.js';
import { parseFlags } from '../kit/zod-flags.js';
import { SORT_FIELDS, SORT_ORDERS } from './values.js';

// How each parameter goes on the wire, as the real servers (6.10.1, 8.2.0; Express 4 with the
// `qs` query parser) read it:
// - Filters are one `OPERATOR:v1,v2` string each. A repeated key becomes an array, which the
//   servers reject for these ("must be string"), so repeated --tag flags are folded into one.
// - `status` must arrive as an array ("must be array" otherwise). Repeated keys are the one
//   spelling every query parser reads as an array, but a key given once is a plain string;
//   so a single entry is sent twice. Entries are OR'ed, so the repeat changes nothing.
//   (`status[]=` also works on these servers, but only with the `qs` parser.)
// - Values are split on commas and trimmed by the servers; spaces travel as `+`.
// - `createdBy` is compared with the numeric user id; API tokens create as user -42.

const whole = (what: string) =>
  z
    .pipe(z.string().check(z.regex(/^\d+$/, `expected ${what}: a whole number 0 or more, e.g. 100`)), z.transform(Number))
    .check(z.refine(Number.isSafeInteger, `expected ${what}: a whole number 0 or more, e.g. 100`));

const SORT_ACCEPTED = `accepted: ${SORT_FIELDS.join(', ')}, environment:<name> (sorts by enabled there)`;

const sortBy = z.string().check(
  z.refine((s) => {
    if ((SORT_FIELDS as readonly string[]).includes(s)) return true;
    const m = /^environment:(.*)$/.exec(s);
    return m !== null && environmentName.safeParse(m[1]).success;
  }, SORT_ACCEPTED),
);

const searchFlags = z.object({
  // The server splits on commas and drops empty terms: `,` alone would match everything.
  query: z.optional(
    z
      .string()
      .check(z.trim(), z.refine((s) => s.split(',').some((t) => t.trim() !== ''), 'give some text to look for in names and descriptions')),
  ),
  offset: z._default(whole('a feature offset'), 0),
  limit: z.optional(whole('a number of features')),
  all: z._default(z.boolean(), false),
  concurrency: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'expected a whole number of pages in flight from 1 to 16')), z.transform(Number))
      .check(z.refine((n) => n >= 1 && n <= 16, 'expected a whole number of pages in flight from 1 to 16')),
    4,
  ),
  sortBy: z.optional(sortBy),
  sortOrder: z.optional(z.enum(SORT_ORDERS, { error: `accepted: ${SORT_ORDERS.join(', ')}` })),
  favoritesFirst: z._default(z.boolean(), false),
});

export interface ParsedSearch {
  /** Filters and sort, without offset and limit. */
  query: URLSearchParams;
  offset: number;
  /** undefined: every match. */
  limit: number | undefined;
  concurrency: number;
  favoritesFirst: boolean;
}

export const DEFAULT_LIMIT = 50;

export interface SearchOverrides {
  /** Every match, whatever the paging flags say (the command has no --limit). */
  all?: boolean;
  /** Server conditions the command sets itself, e.g. `state` for `features stale`. */
  fixed?: Record<string, string>;
}

/** Reads and checks every search flag; nothing is sent before this returns. */
export function parseSearch(given: Record<string, unknown>, overrides: SearchOverrides = {}): ParsedSearch {
  const opts = overrides.all ? { ...given, all: true } : given;
  const f = parseFlags(searchFlags, opts);
  const str = (k: string) => (typeof opts[k] === 'string' ? (opts[k] as string) : undefined);
  const list = (k: string) => (Array.isArray(opts[k]) ? (opts[k] as string[]) : []);
  if (f.all && f.limit !== undefined) {
    throw new UsageError(`--all and --limit "${String(opts.limit)}": give one; --all fetches every match, --limit exactly that many`);
  }

  const q = new URLSearchParams();
  if (f.query) q.set('query', f.query);
  for (const name of ['project', 'state', 'type', 'createdBy'] as const) {
    const given = str(name);
    if (given !== undefined) q.set(FILTERS[name].param, encodeFilter(parseFilter(FILTERS[name], given)));
  }
  const tags = list('tag');
  if (tags.length > 0) q.set('tag', combineTags(tags));
  const segment = str('segment');
  if (segment !== undefined) q.set('segment', encodeFilter(parseFilter(FILTERS.segment, segment)));
  const status = [...new Set(parseStatus(list('status')))];
  for (const s of status.length === 1 ? [status[0]!, status[0]!] : status) q.append('status', s);
  const createdAt = parseCreatedAt({ createdAt: str('createdAt'), createdBefore: str('createdBefore'), createdSince: str('createdSince') });
  if (createdAt) q.set('createdAt', createdAt);
  if (f.sortBy) q.set('sortBy', f.sortBy);
  if (f.sortOrder) q.set('sortOrder', f.sortOrder);
  // Only the string `true` counts on the server.
  if (f.favoritesFirst) q.set('favoritesFirst', 'true');
  for (const [param, value] of Object.entries(overrides.fixed ?? {})) q.set(param, value);

  return {
    query: q,
    offset: f.offset,
    limit: f.all ? undefined : (f.limit ?? DEFAULT_LIMIT),
    concurrency: f.concurrency,
    favoritesFirst: f.favoritesFirst,
  };
}

/** `--status production:enabled`, repeatable; entries are OR'ed by the server. */
export function parseStatus(given: string[]): string[] {
  return given.map((s) => {
    const m = /^([^:]+):(enabled|disabled)$/.exec(s.trim());
    const env = m ? environmentName.safeParse(m[1]) : undefined;
    if (!m || !env?.success) {
      const why = env && !env.success ? `${env.error.issues[0]!.message}; ` : '';
      throw new UsageError(
        `--status "${s}": ${why}accepted: <environment>:enabled or <environment>:disabled, e.g. production:enabled (repeat --status for any of several)`,
      );
    }
    return `${m[1]}:${m[2]}`;
  });
}
