import type { OptionSpec, OptionTable } from '../kit/spec.js';
import { projectsInFilter } from '../kit/values.js';
import { DATE_OPERATORS, FLAG_TYPES, INCLUDE_OPERATORS, IS_OPERATORS, SORT_FIELDS, SORT_ORDERS, STATES } from './values.js';

// The search flags, declared once for every command that pages search (`features search`,
// `features stale`, and whatever joins them). Their values are checked together in query.ts,
// which only a command that runs a search loads: several flags make one server condition.

// Operator prefixes complete without a trailing space: the user goes on typing the value.
const prefixes = (operators: readonly string[]) => operators.map((op) => `${op}:`);

export const FILTER_OPTIONS = {
  project: {
    spelling: '--project <filter>',
    help: 'project id: web | web,mobile | !web | IS_ANY_OF:web,mobile',
    projects: projectsInFilter,
  },
  type: {
    spelling: '--type <filter>',
    help: 'flag type: release | release,experiment | !permission | IS_NOT:release',
    values: [...FLAG_TYPES, ...prefixes(IS_OPERATORS)],
  },
  query: { spelling: '-q, --query <text>', help: 'text in the name or description (commas: any of several)' },
  state: {
    spelling: '--state <filter>',
    help: 'active | stale | potentially-stale, lists and ! as above',
    values: [...STATES, ...prefixes(IS_OPERATORS)],
  },
  createdBy: { spelling: '--created-by <filter>', help: 'numeric user id of the creator: 1 | 1,7 | !1 | IS:1', values: prefixes(IS_OPERATORS) },
  tag: {
    spelling: '--tag <filter>',
    help: 'tag type:value: team:growth | a,b (any) | !a | INCLUDE_ALL_OF:a,b; repeat: all of',
    repeat: true,
    values: prefixes(INCLUDE_OPERATORS),
  },
  segment: { spelling: '--segment <filter>', help: 'segment name: beta-testers | a,b (any) | !a | INCLUDE:a', values: prefixes(INCLUDE_OPERATORS) },
  status: { spelling: '--status <env:state>', help: 'production:enabled or production:disabled; repeat: any of', repeat: true },
  createdAt: { spelling: '--created-at <op:date>', help: 'IS_BEFORE:2024-01-01 or IS_ON_OR_AFTER:2024-01-01', values: prefixes(DATE_OPERATORS) },
  createdBefore: { spelling: '--created-before <date>', help: 'created before this day (yyyy-MM-dd, UTC)' },
  createdSince: { spelling: '--created-since <date>', help: 'created on or after this day (yyyy-MM-dd, UTC)' },
  sortBy: {
    spelling: '--sort-by <field>',
    help: 'name, type, stale, project, lastSeenAt, createdAt (default), environment:<name>',
    values: [...SORT_FIELDS, 'environment:'],
  },
  sortOrder: { spelling: '--sort-order <order>', help: 'asc (default) or desc', values: SORT_ORDERS },
  favoritesFirst: { spelling: '--favorites-first', help: "your favourites first (needs a personal access token; API tokens have none)" },
} as const satisfies OptionTable;

export const PAGING_OPTIONS = {
  offset: { spelling: '--offset <n>', help: 'skip this many matches first' },
  limit: { spelling: '--limit <n>', help: 'return exactly this many (or all there are if fewer); pages as needed; default 50' },
  all: { spelling: '--all', help: 'every match, streamed page by page' },
  concurrency: { spelling: '--concurrency <n>', help: 'pages fetched at once with --all or a large --limit (1-16, default 4)' },
} as const satisfies OptionTable;

/** Some of the search flags, in their declared order: a command takes what it needs. */
export function pick<T extends OptionTable, K extends keyof T>(table: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(Object.entries(table).filter(([k]) => keys.includes(k as K))) as Pick<T, K>;
}

/** One search flag with other help text: the same value, said for one command. */
export function withHelp<F extends OptionSpec>(flag: F, help: string): F {
  return { ...flag, help };
}
