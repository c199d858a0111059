// When and how long to wait before trying a GET again.

const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;
/** Retry-After is honoured up to this cap, so a hostile server cannot park the CLI. */
export const MAX_RETRY_AFTER_MS = 30_000;

// A connection that ends before an answer is a reset, whichever hop ended it.
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'FLAGCTL_PROXY_CLOSED',
  'FLAGCTL_PROXY_PARTIAL',
]);

export function isRetryableNetworkError(err: unknown): boolean {
  return RETRYABLE_CODES.has(errorCode(err));
}

export function retryDelayMs(attempt: number, retryAfter?: string, now = Date.now()): number {
  const hinted = parseRetryAfter(retryAfter, now);
  if (hinted !== undefined) return Math.min(hinted, MAX_RETRY_AFTER_MS);
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function errorCode(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

/** One line for a failed request; `proxy` (host:port, no credentials) when it went through one. */
export function describeNetworkError(err: unknown, timeoutMs: number, proxy?: string): string {
  const code = errorCode(err);
  const secs = `${timeoutMs / 1000}s`;
  switch (code) {
    case 'FLAGCTL_CONNECT_TIMEOUT':
      return `connect timeout: no connection${proxy ? ' through the proxy' : ''} within ${secs}`;
    case 'FLAGCTL_PROXY_TIMEOUT':
      return `timeout: the proxy did not answer CONNECT within ${secs}`;
    case 'FLAGCTL_HEADERS_TIMEOUT':
      return `timeout: the server sent no response headers within ${secs}`;
    case 'FLAGCTL_BODY_TIMEOUT':
      return `timeout: the server stopped sending the body for ${secs}`;
    case 'FLAGCTL_PROXY':
    case 'FLAGCTL_PROXY_AUTH':
    case 'FLAGCTL_PROXY_CLOSED':
    case 'FLAGCTL_PROXY_PARTIAL':
      return (err as Error).message;
    case 'ECONNREFUSED':
      return proxy
        ? 'connection refused: is the proxy running at that address?'
        : 'connection refused: is the server running at that URL?';
    case 'ECONNRESET':
    case 'EPIPE':
      return proxy
        ? 'the connection through the proxy was closed before the server answered'
        : 'the connection was reset by the server';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the ${proxy ? 'proxy' : 'server'} host name could not be resolved`;
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      // OpenSSL's "wrong version number": plain HTTP answered the TLS greeting.
      if (/wrong.version.number/i.test(err instanceof Error ? err.message : String(err))) {
        return `the ${proxy ? 'proxy' : 'server'} does not speak TLS on this port: is the URL http://, not https://?`;
      }
      return `TLS failed: ${err instanceof Error ? err.message : String(err)}`;
    default: {
      if (code.startsWith('HPE_'))
        return `the ${proxy ? 'server (through the proxy)' : 'server'} sent an answer that is not valid HTTP (${code})`;
      const msg = err instanceof Error ? err.message : String(err);
      return `request failed: ${code ? `${code} ` : ''}${msg}`;
    }
  }
}
