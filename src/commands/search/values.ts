// The value lists of the search flags. They live apart from the zod validation that checks
// them (search-filters.ts, search-query.ts) so that help and shell completion can read them
// without evaluating it: only a command that parses these flags pays for that.

export const IS_OPERATORS = ['IS', 'IS_NOT', 'IS_ANY_OF', 'IS_NONE_OF'] as const;
export const INCLUDE_OPERATORS = [
  'INCLUDE',
  'DO_NOT_INCLUDE',
  'INCLUDE_ALL_OF',
  'INCLUDE_ANY_OF',
  'EXCLUDE_IF_ANY_OF',
  'EXCLUDE_ALL',
] as const;
export const DATE_OPERATORS = ['IS_BEFORE', 'IS_ON_OR_AFTER'] as const;

/** Flag types the servers know (6.10.1 has the first five; 8.x adds sunset). */
export const FLAG_TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission', 'sunset'] as const;
export const STATES = ['active', 'stale', 'potentially-stale'] as const;

/** --sort-by takes one of these, or environment:<name>. */
export const SORT_FIELDS = ['name', 'type', 'stale', 'project', 'lastSeenAt', 'createdAt'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
