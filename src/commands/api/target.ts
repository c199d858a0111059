import { joinUrl } from '../../api/http/path.js';
import type { ApiTarget } from '../../api/raw.js';
import { UsageError } from '../../errors.js';

// The path given to `flagctl api`, checked before anything is sent: the token goes only under
// the profile's base URL and /api/, judged on the path as the request will carry it.

const EXAMPLE = 'e.g. /api/admin/segments';

/**
 * Checks a path given to `flagctl api` and splits off its query. An absolute URL is accepted
 * only when it points inside the profile's own base URL: the token goes nowhere else.
 *
 * The checks run on the path as it will be sent: URL parsers read `\\` as `/`, decode `%2e`
 * into dot segments and drop tabs, after any check on the string as typed. So the backslash
 * and encoded separators are refused outright, and the normalised URL must still lie under
 * the base URL's prefix and /api/. That normalised path is what is sent (and what --debug shows).
 */
export function apiTarget(input: string, baseUrl: string, extra: readonly string[] = []): ApiTarget {
  let rest = input.trim();
  if (decodings(rest).some((d) => /\\|%5c/i.test(d))) {
    throw new UsageError(
      `path "${input}": a backslash (\\ or %5C) is refused: URLs read it as "/"; write the path with "/", ${EXAMPLE}`,
    );
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(rest)) rest = insideBase(rest, baseUrl);
  if (rest.includes('#')) throw new UsageError(`path "${input}": a fragment (#) is never sent; leave it out`);
  const q = rest.indexOf('?');
  const typed = q < 0 ? rest : rest.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  if (!typed.startsWith('/api/')) throw new UsageError(`path "${input}": must start with /api/, ${EXAMPLE}`);
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(typed))
    throw new UsageError(`path "${input}": spaces and control characters must be percent-encoded`);
  if (decodings(typed).some((d) => /%2f/i.test(d)))
    throw new UsageError(
      `path "${input}": an encoded "/" (%2F) is refused: servers and proxies may decode it into a separator`,
    );
  // Every decoding of a segment, with a `;param` cut off: `%252e%252e` and `..;` are `..` to
  // a proxy that decodes twice or a server that strips path parameters.
  const dotted = (s: string) => decodings(s).some((d) => /^\.\.?(;|$)/.test(d));
  if (typed.split('/').some(dotted)) {
    throw new UsageError(`path "${input}": "." and ".." segments are refused (they would leave /api/)`);
  }
  const path = sentPath(input, typed, baseUrl);
  for (const pair of extra) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--query "${pair}": expected key=value, e.g. --query limit=10`);
    query.append(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return { path, query };
}

/** The path below the base URL as the request will carry it (percent-encoded by the URL parser), checked once more there. */
function sentPath(input: string, typed: string, baseUrl: string): string {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  let sent: string;
  try {
    sent = new URL(joinUrl(baseUrl, typed)).pathname;
  } catch {
    throw new UsageError(`path "${input}": not a valid URL path, ${EXAMPLE}`);
  }
  if (!sent.startsWith(`${prefix}/api/`))
    throw new UsageError(`path "${input}": it would leave ${prefix}/api/ once normalised; ${EXAMPLE}`);
  return sent.slice(prefix.length);
}

/** `s` and what it becomes after each further percent-decoding, until nothing changes (at most 8). */
function decodings(s: string): string[] {
  const out = [s];
  for (let i = 0; i < 8; i++) {
    const next = safeDecode(out[out.length - 1]!);
    if (next === out[out.length - 1]) break;
    out.push(next);
  }
  return out;
}

/** One decoding; a malformed escape decodes what it can (`%ZZ` stays, `%2e` still turns into a dot). */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s.replace(/%[0-9a-f]{2}/gi, (e) => {
      try {
        return decodeURIComponent(e);
      } catch {
        return e;
      }
    });
  }
}

/** An absolute URL inside the base URL becomes its path below it; anything else is refused. */
function insideBase(input: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UsageError(`path "${input}": not a URL nor a path; expected a path, ${EXAMPLE}`);
  }
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
    throw new UsageError(
      `"${url.origin}${url.pathname}" is not on the server flagctl is set up for (${base.origin}${prefix}); the token is sent only there. Give a path, ${EXAMPLE}`,
    );
  }
  if (url.username || url.password) throw new UsageError(`path "${input}": must not carry credentials`);
  return `${url.pathname.slice(prefix.length)}${url.search}${url.hash}`;
}

/** One GET; the body comes back as the server sent it. */
