import { RequestError } from '../errors.js';

// Potentially stale is the rule the server itself applies (its job runs every minute): not
// marked stale, and older than its type's expected lifetime. flagctl applies it where the
// server's answer does not carry the mark (a project's feature list), on the run's own clock.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A type's expected lifetime from the server's list: null when it has none (it never expires).
 * A flag's type is always in that list on a real server; one it lacks would read as "never
 * expires" and pass a gate on potentially stale flags, so it is an error.
 */
export function lifetimeOf(
  lifetimes: Map<string, number | null>,
  type: string | null | undefined,
  flag: string,
): number | null | undefined {
  if (!type || lifetimes.has(type)) return type ? lifetimes.get(type) : undefined;
  throw new RequestError(
    `flag "${flag}" has type "${type}", which the server's flag types (GET /api/admin/feature-types) do not list: its expected lifetime, and so whether it is potentially stale, cannot be told`,
  );
}

/** The server's rule: older than the type's expected lifetime; a type without one never expires. */
export function potentiallyStale(
  createdAt: string | null | undefined,
  lifetimeDays: number | null | undefined,
  now: number,
): boolean {
  if (!createdAt || lifetimeDays === null || lifetimeDays === undefined || lifetimeDays <= 0) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && created + lifetimeDays * DAY_MS < now;
}
