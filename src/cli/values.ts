import { OptionValueError } from '../errors.js';

// Value checks for flag tables. Plain functions, no zod: a declaration holds them, so they are
// part of start-up; each runs only when its flag is given.

function fail(message: string): never {
  throw new OptionValueError(message);
}

/** A whole number from `min` to `max`, written in digits only. */
export function wholeNumber(message: string, min = 0, max = Number.MAX_SAFE_INTEGER): (raw: string) => number {
  return (raw) => {
    if (!/^\d+$/.test(raw)) fail(message);
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min || n > max) fail(message);
    return n;
  };
}

// A decimal number, as people write one (2, 2.5, .5, 1e3). Number() alone also reads '' and ' '
// as 0, hexadecimal, binary and octal forms, and Infinity: an empty --retries became 0 retries.
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** A finite decimal number, checked against bounds with their own messages. */
export function number(notANumber: string, checks: [(n: number) => boolean, string][] = []): (raw: string) => number {
  return (raw) => {
    const n = Number(raw);
    if (!DECIMAL.test(raw) || !Number.isFinite(n)) fail(notANumber);
    for (const [ok, message] of checks) if (!ok(n)) fail(message);
    return n;
  };
}

/** Some text, not empty. */
export function text(emptyMessage: string): (raw: string) => string {
  return (raw) => (raw.length > 0 ? raw : fail(emptyMessage));
}

/**
 * Names, comma-separated (`a,b`), as one value of a repeatable option: the same as repeating
 * it. For names that cannot hold a comma (flag and environment names are URL friendly).
 */
export function nameList(example: string): (raw: string) => string[] {
  return (raw) => {
    const list = raw.split(',').map((s) => s.trim());
    if (list.some((n) => n.length === 0)) fail(`expected names separated by commas, e.g. ${example}`);
    return list;
  };
}

/** Text that matches a pattern. */
export function matching(pattern: RegExp, message: string): (raw: string) => string {
  return (raw) => (pattern.test(raw) ? raw : fail(message));
}

/** One of a fixed list. */
export function oneOf<const T extends string>(
  values: readonly T[],
  message = `accepted: ${values.join(', ')}`,
): (raw: string) => T {
  return (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : fail(message));
}

/**
 * A name that goes into a URL path (feature, project). `.` and `..` are refused: URL parsers
 * collapse them, even as %2E, which would send the request to another path.
 */
export function pathSegment(what: string): (raw: string) => string {
  return (raw) => {
    // The message names the value itself, for arguments and flags alike.
    if (raw.length === 0) throw new OptionValueError(`${what} must not be empty`, '');
    if (raw === '.' || raw === '..') {
      throw new OptionValueError(`${what} "${raw}" is not a valid name: "." and ".." cannot be used in a URL path`, '');
    }
    return raw;
  };
}

/**
 * A real calendar day written YYYY-MM-DD: February 30th is refused, a leap year's 29th is not. The one
 * check of a day; `impossible` words the refusal of a day that does not exist (the search
 * options have said "not a real calendar date" since before this check was shared).
 */
export function calendarDayCheck(impossible = 'not a calendar date'): (raw: string) => string {
  return (raw) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) fail('expected a date as YYYY-MM-DD, e.g. 2025-01-31');
    const [y, m, d] = raw.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) fail(impossible);
    return raw;
  };
}

/** --since, --from, --to. */
export const calendarDay = calendarDayCheck();

const AGE_UNITS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** `30d`, `2w`, `12h` in milliseconds; undefined for anything else. Scripts need no GNU `date -d`. */
export function ageMs(raw: string): number | undefined {
  const m = /^(\d{1,6})([hdw])$/.exec(raw.trim());
  return m ? Number(m[1]) * AGE_UNITS[m[2] as keyof typeof AGE_UNITS] : undefined;
}

/** An age option (`--stale-for 30d`): milliseconds. */
export function age(what: string): (raw: string) => number {
  return (raw) => ageMs(raw) ?? fail(`expected ${what} as a number and a unit: 30d (days), 2w (weeks), 12h (hours)`);
}

/**
 * A day written YYYY-MM-DD (checked by `check`), or an age before the run's clock (`30d`, `2w`,
 * `12h`): the UTC day that instant falls on, since the server's filters take days.
 */
export function dayOrAge(check: (raw: string) => string = calendarDay): (raw: string, now?: () => number) => string {
  return (raw, now = Date.now) => {
    const ms = ageMs(raw);
    if (ms !== undefined) {
      const day = new Date(now() - ms);
      // A year before 1 has no YYYY-MM-DD form: the server would refuse the malformed date.
      if (day.getUTCFullYear() < 1)
        fail(`this age reaches back before the year 1; expected a shorter age (30d, 2w, 12h) or a date as YYYY-MM-DD`);
      return day.toISOString().slice(0, 10);
    }
    try {
      return check(raw);
    } catch (err) {
      if (err instanceof OptionValueError && /^expected a date/.test(err.message))
        fail(`${err.message}, or an age before now: 30d, 2w, 12h`);
      throw err;
    }
  };
}

/**
 * An id the server made URL friendly (isUrlFriendly: the string equals its
 * encodeURIComponent, at most 100 characters): a project id, an environment name.
 */
export function urlFriendly(what: string): (raw: string) => string {
  return (raw) => {
    if (raw.length === 0) fail(`${what} must not be empty`);
    if (raw.length > 100) fail(`${what} is at most 100 characters`);
    if (encodeURIComponent(raw) !== raw || raw === '.' || raw === '..')
      fail(`${what} has only letters, digits and - _ . ! ~ * ' ( )`);
    return raw;
  };
}

/** A project id given with --project (and in a search filter's values). */
export const projectId = urlFriendly('a project id');

/** An environment name (--env, --status, --sort-by environment:<name>). */
export const environmentName = urlFriendly('an environment name');

/** The one project a --project <id> names (OptionSpec.projects). */
export const oneProject = (id: string): string[] => [id];

/** The environment a `--status production:enabled` entry names. */
export const environmentOfStatus = (entry: string): string[] => [entry.slice(0, entry.lastIndexOf(':'))];

/** The environment `--sort-by environment:<name>` names. */
export const environmentOfSort = (field: string): string[] =>
  field.startsWith('environment:') ? [field.slice('environment:'.length)] : [];

/** The environments `--columns …,env:<environment>.<field>` names (a feature list's per-environment columns). */
export const environmentsInColumns = (columns: string[]): string[] =>
  columns.flatMap((c) => /^env:(.+)\.[A-Za-z]+$/.exec(c)?.[1] ?? []);

/** One environment, as given (OptionSpec.environments). */
export const oneEnvironment = (name: string): string[] => [name];

/**
 * The projects a search filter names: `web`, `web,mobile`, `!web` or `IS_ANY_OF:web,mobile`
 * (the value as checked by its parse, in the server's syntax, reads the same way).
 */
export function projectsInFilter(raw: string): string[] {
  const body = raw.replace(/^[A-Z][A-Z_]*:/, '').replace(/^!/, '');
  return body
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** The segments a `--segment` filter names: read as a project filter is. */
export const segmentsInFilter = projectsInFilter;
