import { UsageError } from '../errors.js';

/** Checks a server base URL given by the user or the config. */
export function parseBaseUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `${source} "${value}" is not a URL; expected the server's base URL, e.g. https://unleash.example.com`,
    );
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
