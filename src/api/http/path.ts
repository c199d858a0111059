import { RequestError } from '../../errors.js';

/**
 * Percent-encodes one path segment. Commands check names before any request (kit/values.ts
 * pathSegment); this refuses what would still reach another path: URL parsers collapse `.`
 * and `..`, even as %2E.
 */
export function segment(value: string, what: string): string {
  if (value.length === 0 || value === '.' || value === '..')
    throw new RequestError(`refusing to request a path with ${what} "${value}"`);
  return encodeURIComponent(value);
}

/** Joins a base URL (which may carry a path prefix) and an API path. */
export function joinUrl(baseUrl: string, path: string, query?: URLSearchParams): string {
  const base = baseUrl.replace(/\/+$/, '');
  const qs = query && [...query.keys()].length > 0 ? `?${query.toString()}` : '';
  return `${base}${path}${qs}`;
}
