import type { FlagSpec, FlagTable } from '../kit/spec.js';
import { projectsInFilter } from '../kit/values.js';
import { DATE_OPERATORS, FLAG_TYPES, INCLUDE_OPERATORS, IS_OPERATORS, SORT_FIELDS, SORT_ORDERS, STATES } from './values.js';

// The search flags, declared once for every command that pages search (`features search`,
// `features stale`, and whatever joins them). Their values are checked together in query.ts,
// which only a command that runs a search loads: several flags make one server condition.

// Operator prefixes complete without a trailing space: the user goes on typing the value.
const prefixes = (operators: readonly string[]) => operators.map((op) => `${op}:`);

export const FILTER_FLAGS = {
  project: {
    flags: '--project <filter>',
    help: 'project id: web | web,mobile | !web | IS_ANY_OF:web,mobile',
    projects: projectsInFilter,
  },
  type: {
    flags: '--type <filter>',
    help: 'flag type: release | release,experiment | !permission | IS_NOT:release',
    values: [...FLAG_TYPES, ...prefixes(IS_OPERATORS)],
  },
  query: { flags: '-q, --query <text>', help: 'text in the name or description (commas: any of several)' },
  state: {
    flags: '--state <filter>',
    help: 'active | stale | potentially-stale, lists and ! as above',
    values: [...STATES, ...prefixes(IS_OPERATORS)],
  },
  createdBy: { flags: '--created-by <filter>', help: 'numeric user id of the creator: 1 | 1,7 | !1 | IS:1', values: prefixes(IS_OPERATORS) },
  tag: {
    flags: '--tag <filter>',
    help: 'tag type:value: team:growth | a,b (any) | !a | INCLUDE_ALL_OF:a,b; repeat: all of',
    repeat: true,
    values: prefixes(INCLUDE_OPERATORS),
  },
  segment: { flags: '--segment <filter>', help: 'segment name: beta-testers | a,b (any) | !a | INCLUDE:a', values: prefixes(INCLUDE_OPERATORS) },
  status: { flags: '--status <env:state>', help: 'production:enabled or production:disabled; repeat: any of', repeat: true },
  createdAt: { flags: '--created-at <op:date>', help: 'IS_BEFORE:2024-01-01 or IS_ON_OR_AFTER:2024-01-01', values: prefixes(DATE_OPERATORS) },
  createdBefore: { flags: '--created-before <date>', help: 'created before this day (yyyy-MM-dd, UTC)' },
  createdSince: { flags: '--created-since <date>', help: 'created on or after this day (yyyy-MM-dd, UTC)' },
  sortBy: {
    flags: '--sort-by <field>',
    help: 'name, type, stale, project, lastSeenAt, createdAt (default), environment:<name>',
    values: [...SORT_FIELDS, 'environment:'],
  },
  sortOrder: { flags: '--sort-order <order>', help: 'asc (default) or desc', values: SORT_ORDERS },
  favoritesFirst: { flags: '--favorites-first', help: "your favourites first (needs a personal access token; API tokens have none)" },
} as const satisfies FlagTable;

export const PAGING_FLAGS = {
  offset: { flags: '--offset <n>', help: 'skip this many matches first' },
  limit: { flags: '--limit <n>', help: 'return exactly this many (or all there are if fewer); pages as needed; default 50' },
  all: { flags: '--all', help: 'every match, streamed page by page' },
  concurrency: { flags: '--concurrency <n>', help: 'pages fetched at once with --all or a large --limit (1-16, default 4)' },
} as const satisfies FlagTable;

/** Some of the search flags, in their declared order: a command takes what it needs. */
export function pick<T extends FlagTable, K extends keyof T>(table: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(Object.entries(table).filter(([k]) => keys.includes(k as K))) as Pick<T, K>;
}

/** One search flag with other help text: the same value, said for one command. */
export function withHelp<F extends FlagSpec>(flag: F, help: string): F {
  return { ...flag, help };
}
