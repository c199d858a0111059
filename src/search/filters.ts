import { OptionValueError } from '../errors.js';
import { calendarDayCheck, dayOrAge, environmentName as environment, projectId } from '../cli/values.js';

const calendarDay = dayOrAge(calendarDayCheck('not a real calendar date'));

// The search filters' vocabulary and syntax: each value is written either in the spec's
// operator syntax (checked, then passed through) or in a friendly form that maps onto it, and
// is checked against the spec's pattern and what the servers accept before anything is sent:
// the servers answer a bad date, a non-numeric creator id or a fractional number with HTTP
// 500, and silently drop a filter whose value is empty (`IS:`) or a status entry that is not
// enabled/disabled. Plain functions: the option declarations (cli/search-options.ts) hold them.

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

const ALL_OPERATORS: readonly string[] = [...IS_OPERATORS, ...INCLUDE_OPERATORS, ...DATE_OPERATORS];

/** A value check: the problem with `v`, or undefined when it fits. */
type Check = (v: string) => string | undefined;

/** A Check from one of the kit's value checks (which throw). */
const checkOf =
  (parse: (raw: string) => unknown): Check =>
  (s) => {
    try {
      parse(s);
      return undefined;
    } catch (err) {
      if (err instanceof OptionValueError) return err.message;
      throw err;
    }
  };

const oneOf =
  (values: readonly string[], message: string): Check =>
  (s) =>
    values.includes(s) ? undefined : message;

const environmentName = checkOf(environment);

const tagValue: Check = (s) => {
  if (!/^[^:,]+:[^,]+$/.test(s)) return 'a tag is <type>:<value>, e.g. team:growth';
  const [type, ...rest] = s.split(':');
  const value = rest.join(':');
  const fits =
    type!.length >= 2 &&
    type!.length <= 50 &&
    value.length >= 2 &&
    value.length <= 50 &&
    encodeURIComponent(type!) === type;
  return fits ? undefined : 'tag types and values are 2 to 50 characters, and the type is URL friendly';
};

export interface FilterSpec {
  family: 'is' | 'include';
  value: Check;
  /** One friendly example value, for messages. */
  example: string;
}

export const FILTERS = {
  project: { family: 'is', value: checkOf(projectId), example: 'web' },
  state: { family: 'is', value: oneOf(STATES, `a state is one of ${STATES.join(', ')}`), example: 'stale' },
  type: {
    family: 'is',
    value: oneOf(FLAG_TYPES, `a flag type is one of ${FLAG_TYPES.join(', ')}`),
    example: 'release',
  },
  // The server compares with users.id; anything but an integer is an HTTP 500 there.
  createdBy: {
    family: 'is',
    value: (s) =>
      /^-?\d{1,15}$/.test(s) ? undefined : 'a creator is a numeric user id, e.g. 1 (API tokens create as -42)',
    example: '1',
  },
  tag: { family: 'include', value: tagValue, example: 'team:growth' },
  segment: {
    family: 'include',
    value: (s) =>
      s.length === 0
        ? 'a segment name must not be empty'
        : s.includes(',')
          ? 'a segment name cannot hold a comma'
          : undefined,
    example: 'beta-testers',
  },
} as const satisfies Record<string, FilterSpec>;

export interface ParsedFilter {
  operator: string;
  values: string[];
  /** Written in the operator syntax rather than a friendly form. */
  raw: boolean;
  negated: boolean;
  /** As the user wrote it. */
  given: string;
}

function acceptedForms(spec: FilterSpec): string {
  const ops = spec.family === 'is' ? IS_OPERATORS : INCLUDE_OPERATORS;
  const ex = spec.example;
  return `${ex}, ${ex},<more> (any of), !${ex}, !${ex},<more> (none of), or <OPERATOR>:<values> with ${ops.join('|')}`;
}

function fail(spec: FilterSpec, message: string): never {
  throw new OptionValueError(`${message}; accepted: ${acceptedForms(spec)}`);
}

/** One filter value in either syntax, checked (the kit labels a problem with the option and the value). */
export function parseFilter(spec: FilterSpec, given: string, label = ''): ParsedFilter {
  const ops: readonly string[] = spec.family === 'is' ? IS_OPERATORS : INCLUDE_OPERATORS;
  const m = /^([A-Z][A-Z_]*):(.*)$/s.exec(given);
  let parsed: ParsedFilter;
  if (m && ops.includes(m[1]!)) {
    parsed = { operator: m[1]!, values: m[2]!.split(',').map((v) => v.trim()), raw: true, negated: false, given };
  } else if (m && ALL_OPERATORS.includes(m[1]!)) {
    fail(spec, `operator ${m[1]} does not apply to ${label}`);
  } else {
    const negated = given.startsWith('!');
    const values = (negated ? given.slice(1) : given).split(',').map((v) => v.trim());
    const many = values.length > 1;
    const operator =
      spec.family === 'is'
        ? negated
          ? many
            ? 'IS_NONE_OF'
            : 'IS_NOT'
          : many
            ? 'IS_ANY_OF'
            : 'IS'
        : negated
          ? many
            ? 'EXCLUDE_IF_ANY_OF'
            : 'DO_NOT_INCLUDE'
          : many
            ? 'INCLUDE_ANY_OF'
            : 'INCLUDE';
    parsed = { operator, values, raw: false, negated, given };
  }
  if (parsed.values.some((v) => v === '')) fail(spec, 'a value is empty (the server would drop the filter)');
  for (const v of parsed.values) {
    const problem = spec.value(v);
    if (problem) fail(spec, `${v === given ? '' : `"${v}": `}${problem}`);
  }
  return parsed;
}

/** A checked filter in the server's syntax: `OPERATOR:v1,v2`. */
export function encodeFilter(f: ParsedFilter): string {
  return `${f.operator}:${f.values.join(',')}`;
}

/** An option's parse for one filter: the value in the server's syntax. */
export const filter =
  (name: keyof typeof FILTERS, label: string) =>
  (raw: string): string =>
    encodeFilter(parseFilter(FILTERS[name], raw, label));

/**
 * Several --tag options: the server takes one tag condition, so single friendly tags combine:
 * `--tag a --tag b` needs both (INCLUDE_ALL_OF), `--tag !a --tag !b` neither (EXCLUDE_IF_ANY_OF).
 * Returns the problem instead of the condition when they cannot combine.
 */
export function combineTags(parsed: ParsedFilter[]): { wire: string } | { problem: string } {
  if (parsed.length === 1) return { wire: encodeFilter(parsed[0]!) };
  const single = parsed.every((p) => !p.raw && p.values.length === 1);
  const negated = parsed.every((p) => p.negated);
  if (!single || (!negated && parsed.some((p) => p.negated))) {
    return {
      problem:
        'the server takes one tag condition; repeat --tag only with single tags ' +
        '(all must be present) or only with single !tags (none may be present), or write one condition, ' +
        'e.g. --tag INCLUDE_ANY_OF:team:growth,simple:beta',
    };
  }
  const values = [...new Set(parsed.flatMap((p) => p.values))];
  return {
    wire: encodeFilter({
      operator: negated ? 'EXCLUDE_IF_ANY_OF' : 'INCLUDE_ALL_OF',
      values,
      raw: false,
      negated,
      given: '',
    }),
  };
}

/** `--status production:enabled`: one entry; entries are OR'ed by the server. */
export function statusEntry(raw: string): string {
  const m = /^([^:]+):(enabled|disabled)$/.exec(raw.trim());
  const problem = m ? environmentName(m[1]!) : undefined;
  if (!m || problem) {
    throw new OptionValueError(
      `${problem ? `${problem}; ` : ''}accepted: <environment>:enabled or <environment>:disabled, e.g. production:enabled (repeat --status for any of several)`,
    );
  }
  return `${m[1]}:${m[2]}`;
}

const DATE_ACCEPTED =
  'accepted: IS_BEFORE:<date> or IS_ON_OR_AFTER:<date> (or --created-before/--created-since <date>), a date being yyyy-MM-dd or an age before now: 30d, 2w, 12h';

/** A day in a createdAt condition (an age names the UTC day it falls on); the server answers HTTP 500 for 2024-02-30. */
function day(raw: string, now?: () => number): string {
  try {
    return calendarDay(raw, now);
  } catch (err) {
    if (err instanceof OptionValueError) throw new OptionValueError(`${err.message}; ${DATE_ACCEPTED}`);
    throw err;
  }
}

/** `--created-at IS_BEFORE:2024-01-01`: the condition as the server takes it. */
export function createdAt(raw: string, now?: () => number): string {
  const m = /^([A-Z_]+):(.*)$/.exec(raw);
  if (!m || !(DATE_OPERATORS as readonly string[]).includes(m[1]!))
    throw new OptionValueError(`expected <operator>:<date>; ${DATE_ACCEPTED}`);
  return `${m[1]}:${day(m[2]!.trim(), now)}`;
}

/** `--created-before <day>` and `--created-since <day>`: the same condition. */
export const createdRelative =
  (op: (typeof DATE_OPERATORS)[number]) =>
  (raw: string, now?: () => number): string =>
    `${op}:${day(raw.trim(), now)}`;

/** `--sort-by name` or `--sort-by environment:<name>`. */
export function sortField(raw: string): string {
  if ((SORT_FIELDS as readonly string[]).includes(raw)) return raw;
  const m = /^environment:(.*)$/.exec(raw);
  if (m && environmentName(m[1]!) === undefined) return raw;
  throw new OptionValueError(`accepted: ${SORT_FIELDS.join(', ')}, environment:<name> (sorts by enabled there)`);
}

/** `--query`: the server splits on commas and drops empty terms, so `,` alone would match everything. */
export function queryText(raw: string): string {
  const text = raw.trim();
  if (!text.split(',').some((t) => t.trim() !== ''))
    throw new OptionValueError('give some text to look for in names and descriptions');
  return text;
}
