import * as z from '../../zod-mini.js';
import { UsageError } from '../../errors.js';
import { DATE_OPERATORS } from './values.js';

// createdAt: one condition, IS_BEFORE or IS_ON_OR_AFTER a UTC day. The server compares the
// creation time with the date at midnight UTC, and answers HTTP 500 to a date that does not
// exist (2024-02-30), so dates are checked here.

/** A real calendar date in yyyy-MM-dd (the server answers HTTP 500 for 2024-02-30). */
export const calendarDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is yyyy-MM-dd, e.g. 2024-01-31'),
  z.refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a real calendar date'),
);

/** `--created-at IS_BEFORE:2024-01-01`, or `--created-before` / `--created-since` with a date. */
export function parseCreatedAt(flags: { createdAt?: string; createdBefore?: string; createdSince?: string }): string | undefined {
  const given = [
    ['--created-at', flags.createdAt],
    ['--created-before', flags.createdBefore],
    ['--created-since', flags.createdSince],
  ].filter((e): e is [string, string] => e[1] !== undefined);
  if (given.length === 0) return undefined;
  if (given.length > 1) {
    throw new UsageError(
      `${given.map(([f]) => f).join(' and ')}: give only one; the server takes one createdAt condition (IS_BEFORE or IS_ON_OR_AFTER)`,
    );
  }
  const [flag, value] = given[0]!;
  const accepted = 'accepted: IS_BEFORE:<yyyy-MM-dd> or IS_ON_OR_AFTER:<yyyy-MM-dd> (or --created-before/--created-since <yyyy-MM-dd>)';
  let op: string;
  let date: string;
  if (flag === '--created-at') {
    const m = /^([A-Z_]+):(.*)$/.exec(value);
    if (!m || !(DATE_OPERATORS as readonly string[]).includes(m[1]!)) {
      throw new UsageError(`--created-at "${value}": expected <operator>:<date>; ${accepted}`);
    }
    [op, date] = [m[1]!, m[2]!.trim()];
  } else {
    [op, date] = [flag === '--created-before' ? 'IS_BEFORE' : 'IS_ON_OR_AFTER', value.trim()];
  }
  const r = calendarDate.safeParse(date);
  if (!r.success) throw new UsageError(`${flag} "${value}": ${r.error.issues[0]!.message}; ${accepted}`);
  return `${op}:${date}`;
}
