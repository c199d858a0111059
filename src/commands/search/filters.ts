import * as z from '../../zod-mini.js';
import { UsageError } from '../../errors.js';
import { DATE_OPERATORS, FLAG_TYPES, INCLUDE_OPERATORS, IS_OPERATORS, STATES } from './values.js';

// The search filters, written either in the spec's operator syntax (passed through after
// checking) or in friendly forms that map onto it. Each value is checked against the spec's
// pattern and what the servers accept before anything is sent: the servers answer a bad
// date, a non-numeric creator id or a fractional number with HTTP 500, and silently drop a
// filter whose value is empty (`IS:`) or a status entry that is not enabled/disabled.

const ALL_OPERATORS: readonly string[] = [...IS_OPERATORS, ...INCLUDE_OPERATORS, ...DATE_OPERATORS];

// Ids the server creates through isUrlFriendly: the string equals its encodeURIComponent.
const urlFriendly = (what: string) =>
  z
    .string()
    .check(
      z.minLength(1, `${what} must not be empty`),
      z.maxLength(100, `${what} is at most 100 characters`),
      z.refine((s) => encodeURIComponent(s) === s && s !== '.' && s !== '..', `${what} has only letters, digits and - _ . ! ~ * ' ( )`),
    );

const noComma = (what: string) =>
  z.string().check(z.minLength(1, `${what} must not be empty`), z.refine((s) => !s.includes(','), `${what} cannot hold a comma`));

export const projectId = urlFriendly('a project id');
export const environmentName = urlFriendly('an environment name');
const tagValue = z.string().check(
  z.regex(/^[^:,]+:[^,]+$/, 'a tag is <type>:<value>, e.g. team:growth'),
  z.refine((s) => {
    const [type, ...rest] = s.split(':');
    const value = rest.join(':');
    return type!.length >= 2 && type!.length <= 50 && value.length >= 2 && value.length <= 50 && encodeURIComponent(type!) === type;
  }, 'tag types and values are 2 to 50 characters, and the type is URL friendly'),
);

export interface FilterSpec {
  flag: string;
  param: string;
  family: 'is' | 'include';
  value: z.ZodMiniType<string>;
  /** One friendly example value, for messages. */
  example: string;
}

export const FILTERS = {
  project: { flag: '--project', param: 'project', family: 'is', value: projectId, example: 'web' },
  state: {
    flag: '--state',
    param: 'state',
    family: 'is',
    value: z.enum(STATES, { error: `a state is one of ${STATES.join(', ')}` }),
    example: 'stale',
  },
  type: {
    flag: '--type',
    param: 'type',
    family: 'is',
    value: z.enum(FLAG_TYPES, { error: `a flag type is one of ${FLAG_TYPES.join(', ')}` }),
    example: 'release',
  },
  createdBy: {
    flag: '--created-by',
    param: 'createdBy',
    family: 'is',
    // The server compares with users.id; anything but an integer is an HTTP 500 there.
    value: z.string().check(z.regex(/^-?\d{1,15}$/, 'a creator is a numeric user id, e.g. 1 (API tokens create as -42)')),
    example: '1',
  },
  tag: { flag: '--tag', param: 'tag', family: 'include', value: tagValue, example: 'team:growth' },
  segment: { flag: '--segment', param: 'segment', family: 'include', value: noComma('a segment name'), example: 'beta-testers' },
} satisfies Record<string, FilterSpec>;

export type FilterName = keyof typeof FILTERS;

export interface ParsedFilter {
  operator: string;
  values: string[];
  /** Written in the operator syntax rather than a friendly form. */
  raw: boolean;
  negated: boolean;
}

function acceptedForms(spec: FilterSpec): string {
  const ops = spec.family === 'is' ? IS_OPERATORS : INCLUDE_OPERATORS;
  const ex = spec.example;
  return `${ex}, ${ex},<more> (any of), !${ex}, !${ex},<more> (none of), or <OPERATOR>:<values> with ${ops.join('|')}`;
}

function fail(spec: FilterSpec, given: string, message: string): never {
  throw new UsageError(`${spec.flag} "${given}": ${message}; accepted: ${acceptedForms(spec)}`);
}

/** One filter value in either syntax, checked. */
export function parseFilter(spec: FilterSpec, given: string): ParsedFilter {
  const ops: readonly string[] = spec.family === 'is' ? IS_OPERATORS : INCLUDE_OPERATORS;
  const m = /^([A-Z][A-Z_]*):(.*)$/s.exec(given);
  let parsed: ParsedFilter;
  if (m && ops.includes(m[1]!)) {
    parsed = { operator: m[1]!, values: m[2]!.split(',').map((v) => v.trim()), raw: true, negated: false };
  } else if (m && ALL_OPERATORS.includes(m[1]!)) {
    fail(spec, given, `operator ${m[1]} does not apply to ${spec.flag}`);
  } else {
    const negated = given.startsWith('!');
    const values = (negated ? given.slice(1) : given).split(',').map((v) => v.trim());
    const many = values.length > 1;
    const operator =
      spec.family === 'is'
        ? negated ? (many ? 'IS_NONE_OF' : 'IS_NOT') : many ? 'IS_ANY_OF' : 'IS'
        : negated ? (many ? 'EXCLUDE_IF_ANY_OF' : 'DO_NOT_INCLUDE') : many ? 'INCLUDE_ANY_OF' : 'INCLUDE';
    parsed = { operator, values, raw: false, negated };
  }
  if (parsed.values.some((v) => v === '')) fail(spec, given, 'a value is empty (the server would drop the filter)');
  for (const v of parsed.values) {
    const r = spec.value.safeParse(v);
    if (!r.success) fail(spec, given, `${v === given ? '' : `"${v}": `}${r.error.issues[0]!.message}`);
  }
  return parsed;
}

/** A checked filter in the server's syntax: `OPERATOR:v1,v2`. */
export function encodeFilter(f: ParsedFilter): string {
  return `${f.operator}:${f.values.join(',')}`;
}

/**
 * Several --tag flags: the server takes one tag condition, so single friendly tags combine:
 * `--tag a --tag b` needs both (INCLUDE_ALL_OF), `--tag !a --tag !b` neither (EXCLUDE_IF_ANY_OF).
 */
export function combineTags(given: string[]): string {
  const spec = FILTERS.tag;
  const parsed = given.map((g) => parseFilter(spec, g));
  if (parsed.length === 1) return encodeFilter(parsed[0]!);
  const single = parsed.every((p) => !p.raw && p.values.length === 1);
  const negated = parsed.every((p) => p.negated);
  if (!single || (!negated && parsed.some((p) => p.negated))) {
    throw new UsageError(
      `--tag "${given.join('" --tag "')}": the server takes one tag condition; repeat --tag only with single tags ` +
        '(all must be present) or only with single !tags (none may be present), or write one condition, ' +
        'e.g. --tag INCLUDE_ANY_OF:team:growth,simple:beta',
    );
  }
  const values = [...new Set(parsed.flatMap((p) => p.values))];
  return encodeFilter({ operator: negated ? 'EXCLUDE_IF_ANY_OF' : 'INCLUDE_ALL_OF', values, raw: false, negated });
}
