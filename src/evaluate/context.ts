import { UsageError } from '../errors.js';
import type { PlaygroundContext } from '../api/playground.js';

/** Context fields the playground takes at the top level; every other name goes into `properties`. */
export const TOP_LEVEL_FIELDS = [
  'userId',
  'sessionId',
  'appName',
  'environment',
  'remoteAddress',
  'currentTime',
] as const;
type TopLevel = (typeof TOP_LEVEL_FIELDS)[number];

/**
 * The playground requires an appName. When --context gives none, this one is sent, and the
 * explanation says the context did not give it.
 */
export const DEFAULT_APP_NAME = 'flagctl';

export interface ParsedContext {
  context: PlaygroundContext;
  /** The names the user gave, so an explanation can tell a given value from a missing one. */
  given: Set<string>;
}

const EXAMPLE = 'expected key=value, e.g. --context userId=42 or --context country=DE';

/** Parses repeated `--context key=value` flags. Checked before anything is sent. */
export function parseContext(pairs: readonly string[]): ParsedContext {
  const top: Partial<Record<TopLevel, string>> = {};
  // Field names are the user's words, sent as data: no prototype, so `__proto__` or
  // `constructor` is a field like any other, never an inherited member.
  const properties: Record<string, string> = Object.create(null);
  const given = new Set<string>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 0) throw new UsageError(`--context "${pair}": no "=": ${EXAMPLE}`);
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1);
    if (key.length === 0) throw new UsageError(`--context "${pair}": the name before "=" is empty; ${EXAMPLE}`);
    if (key === 'properties')
      throw new UsageError(`--context "${pair}": give each property as its own key=value, e.g. --context country=DE`);
    if (given.has(key)) throw new UsageError(`--context ${key} is given twice; give each context field once`);
    given.add(key);
    if ((TOP_LEVEL_FIELDS as readonly string[]).includes(key)) top[key as TopLevel] = value;
    else properties[key] = value;
  }
  if (top.currentTime !== undefined) top.currentTime = checkTime(top.currentTime);
  const context: PlaygroundContext = { ...top, appName: top.appName ?? DEFAULT_APP_NAME };
  if (Object.keys(properties).length > 0) context.properties = properties;
  return { context, given };
}

/** The server takes an ISO 8601 date-time; a date alone means its midnight UTC, a time without a zone is UTC. */
function checkTime(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : zoned ? value : `${value}Z`);
  if (
    !realDay(value) ||
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ||
    Number.isNaN(ms)
  ) {
    throw new UsageError(`--context currentTime="${value}": expected an ISO 8601 date-time, e.g. 2025-06-01T12:00:00Z`);
  }
  return new Date(ms).toISOString();
}

/** The calendar day exists (Date.parse rolls 2025-02-30 over to March). */
function realDay(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** The value a constraint on `name` was checked against, as sent; undefined when the context has none. */
export function contextValue(context: PlaygroundContext, name: string): string | undefined {
  if ((TOP_LEVEL_FIELDS as readonly string[]).includes(name)) return context[name as TopLevel];
  const properties = context.properties;
  return properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
}
