import type { OptionSpec, OptionTable, OptionValues, Request } from './spec.js';
import {
  environmentOfSort,
  environmentOfStatus,
  oneOf,
  projectsInFilter,
  segmentsInFilter,
  wholeNumber,
} from './values.js';
import {
  DATE_OPERATORS,
  FLAG_TYPES,
  INCLUDE_OPERATORS,
  IS_OPERATORS,
  SORT_FIELDS,
  SORT_ORDERS,
  STATES,
  FILTERS,
  createdAt,
  createdRelative,
  filter,
  parseFilter,
  queryText,
  sortField,
  statusEntry,
  type ParsedFilter,
} from '../search/filters.js';
import { buildQuery, DEFAULT_LIMIT, type SearchOverrides, type SearchQuery } from '../search/query.js';

export { DEFAULT_LIMIT, type SearchOverrides, type SearchQuery };

// The search options, declared once for every command that pages search (`features search`,
// `features stale`, and whatever joins them). Each option checks its own value (`parse`) and
// says which server parameter it fills (`param`); searchQuery() turns the checked options
// into the query (search/query.ts puts it on the wire). Adding a server filter is one declaration here (and its test).

// Operator prefixes complete without a trailing space: the user goes on typing the value.
const prefixes = (operators: readonly string[]) => operators.map((op) => `${op}:`);

/** A search option: an ordinary option that also names its server parameter. */
type SearchOption<T> = OptionSpec<T> & { param: string };

const CREATED = ['createdAt', 'createdBefore', 'createdSince'] as const;
const createdConflict = (self: (typeof CREATED)[number]) => ({
  with: CREATED.filter((k) => k !== self),
  why: 'give only one; the server takes one createdAt condition (IS_BEFORE or IS_ON_OR_AFTER)',
});

export const FILTER_OPTIONS = {
  project: {
    spelling: '-p, --project <filter>',
    help: 'project id: web | web,mobile | !web | IS_ANY_OF:web,mobile',
    values: { names: 'projects', list: true, words: prefixes(IS_OPERATORS) },
    parse: filter('project', '--project'),
    projects: projectsInFilter,
    param: 'project',
  },
  type: {
    spelling: '--type <filter>',
    help: 'flag type: release | release,experiment | !permission | IS_NOT:release',
    values: [...FLAG_TYPES, ...prefixes(IS_OPERATORS)],
    parse: filter('type', '--type'),
    param: 'type',
  },
  query: {
    spelling: '-q, --query <text>',
    help: 'text in the name or description (commas: any of several)',
    parse: queryText,
    param: 'query',
  },
  state: {
    spelling: '--state <filter>',
    help: 'active | stale | potentially-stale, lists and ! as above',
    values: [...STATES, ...prefixes(IS_OPERATORS)],
    parse: filter('state', '--state'),
    param: 'state',
  },
  createdBy: {
    spelling: '--created-by <filter>',
    help: 'numeric user id of the creator: 1 | 1,7 | !1 | IS:1',
    values: prefixes(IS_OPERATORS),
    parse: filter('createdBy', '--created-by'),
    param: 'createdBy',
  },
  tag: {
    spelling: '--tag <filter>',
    help: 'tag type:value: team:growth | a,b (any) | !a | INCLUDE_ALL_OF:a,b; repeat: all of',
    repeat: true,
    values: prefixes(INCLUDE_OPERATORS),
    parse: (raw: string): ParsedFilter => parseFilter(FILTERS.tag, raw, '--tag'),
    tags: (parsed: ParsedFilter) => parsed.values,
    param: 'tag',
  },
  segment: {
    spelling: '--segment <filter>',
    help: 'segment name: beta-testers | a,b (any) | !a | INCLUDE:a',
    values: { names: 'segments', list: true, words: prefixes(INCLUDE_OPERATORS) },
    parse: filter('segment', '--segment'),
    segments: segmentsInFilter,
    param: 'segment',
  },
  status: {
    spelling: '--status <env:state>',
    help: 'production:enabled or production:disabled; repeat: any of',
    repeat: true,
    values: { names: 'environments', then: ['enabled', 'disabled'] },
    parse: statusEntry,
    environments: environmentOfStatus,
    param: 'status',
  },
  createdAt: {
    spelling: '--created-at <op:date>',
    help: 'IS_BEFORE:2024-01-01 or IS_ON_OR_AFTER:2024-01-01',
    values: prefixes(DATE_OPERATORS),
    parse: createdAt,
    conflicts: createdConflict('createdAt'),
    param: 'createdAt',
  },
  createdBefore: {
    spelling: '--created-before <date>',
    help: 'created before this day (yyyy-MM-dd, UTC; or an age: 30d, 2w, 12h ago)',
    parse: createdRelative('IS_BEFORE'),
    conflicts: createdConflict('createdBefore'),
    param: 'createdAt',
  },
  createdSince: {
    spelling: '--created-since <date>',
    help: 'created on or after this day (yyyy-MM-dd, UTC; or an age: 30d, 2w, 12h ago)',
    parse: createdRelative('IS_ON_OR_AFTER'),
    conflicts: createdConflict('createdSince'),
    param: 'createdAt',
  },
  sortBy: {
    spelling: '--sort-by <field>',
    help: 'name, type, stale, project, lastSeenAt, createdAt (default), environment:<name>',
    values: { names: 'environments', after: 'environment:', words: [...SORT_FIELDS, 'environment:'] },
    parse: sortField,
    environments: environmentOfSort,
    param: 'sortBy',
  },
  sortOrder: {
    spelling: '--sort-order <order>',
    help: 'asc (default) or desc',
    values: SORT_ORDERS,
    parse: oneOf(SORT_ORDERS),
    param: 'sortOrder',
  },
  // Only the string `true` counts on the server.
  favoritesFirst: {
    spelling: '--favorites-first',
    help: 'your favourites first (needs a personal access token; API tokens have none)',
    param: 'favoritesFirst',
  },
} as const satisfies Record<string, SearchOption<any>>;

export const PAGING_OPTIONS = {
  offset: {
    spelling: '--offset <n>',
    help: 'skip this many matches first',
    parse: wholeNumber('expected a feature offset: a whole number 0 or more, e.g. 100'),
    default: 0,
  },
  limit: {
    spelling: '-n, --limit <n>',
    help: `return exactly this many (or all there are if fewer); pages as needed; default ${DEFAULT_LIMIT}`,
    parse: wholeNumber('expected a number of features: a whole number 0 or more, e.g. 100'),
  },
  all: {
    spelling: '--all',
    help: 'every match, streamed page by page',
    conflicts: { with: ['limit'], why: 'give one; --all fetches every match, --limit exactly that many' },
  },
  concurrency: {
    spelling: '--concurrency <n>',
    help: 'pages fetched at once with --all or a large --limit (1-16, default 4)',
    parse: wholeNumber('expected a whole number of pages in flight from 1 to 16', 1, 16),
    default: 4,
  },
} as const satisfies OptionTable;

/** Some of the search options, in their declared order: a command takes what it needs. */
export function pick<T extends OptionTable, K extends keyof T>(table: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(Object.entries(table).filter(([k]) => keys.includes(k as K))) as Pick<T, K>;
}

/** One search option with other help text: the same value, said for one command. */
export function withHelp<F extends OptionSpec>(option: F, help: string): F {
  return { ...option, help };
}

type Given = Partial<OptionValues<typeof FILTER_OPTIONS & typeof PAGING_OPTIONS>>;

/**
 * The query of checked search options: each declared filter under its server parameter, put on
 * the wire by search/query.ts. The one rule that spans values (repeated --tag options must
 * combine into one condition) throws a usage error there, which the commands' `check` hook
 * raises before anything is sent.
 */
export function searchQuery(given: Given, overrides: SearchOverrides = {}): SearchQuery {
  const filters: [param: string, value: unknown][] = [];
  for (const [key, spec] of Object.entries(FILTER_OPTIONS) as [keyof typeof FILTER_OPTIONS, SearchOption<unknown>][])
    if (given[key] !== undefined) filters.push([spec.param, given[key]]);
  return buildQuery(filters, given, overrides);
}

/** The `check` hook of a command that searches: every rule that spans its options, before anything is sent. */
export function checkSearch(req: Request<any>): void {
  searchQuery(req.options as Given);
}
