import { UsageError } from '../errors.js';

/**
 * Percent-encodes one path segment. `.` and `..` are refused: URL parsers
 * collapse them (even as %2E), which would send the request to another path.
 */
export function segment(value: string, what: string): string {
  if (value.length === 0) throw new UsageError(`${what} must not be empty`);
  if (value === '.' || value === '..') {
    throw new UsageError(`${what} "${value}" is not a valid name: "." and ".." cannot be used in a URL path`);
  }
  return encodeURIComponent(value);
}

/** Joins a base URL (which may carry a path prefix) and an API path. */
export function joinUrl(baseUrl: string, path: string, query?: URLSearchParams): string {
  const base = baseUrl.replace(/\/+$/, '');
  const qs = query && [...query.keys()].length > 0 ? `?${query.toString()}` : '';
  return `${base}${path}${qs}`;
}

/** Checks a server base URL given by the user or the config. */
export function parseBaseUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} "${value}" is not a URL; expected the server's base URL, e.g. https://unleash.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} "${value}" must start with http:// or https://`);
  }
  if (url.username || url.password) {
    throw new UsageError(`${source} must not carry credentials; use \`flagctl auth login\` or FLAGCTL_TOKEN`);
  }
  if (url.search || url.hash) {
    throw new UsageError(`${source} "${value}" must not have a query or fragment`);
  }
  return url.toString().replace(/\/+$/, '');
}
