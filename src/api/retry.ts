// When and how long to wait before trying a GET again.

const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;
/** Retry-After is honoured up to this cap, so a hostile server cannot park the CLI. */
export const MAX_RETRY_AFTER_MS = 30_000;

const RETRYABLE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);

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

export function describeNetworkError(err: unknown, timeoutMs: number): string {
  const code = errorCode(err);
  const secs = `${timeoutMs / 1000}s`;
  switch (code) {
    case 'FLAGCTL_CONNECT_TIMEOUT':
      return `connect timeout: no connection within ${secs}`;
    case 'FLAGCTL_HEADERS_TIMEOUT':
      return `timeout: the server sent no response headers within ${secs}`;
    case 'FLAGCTL_BODY_TIMEOUT':
      return `timeout: the server stopped sending the body for ${secs}`;
    case 'FLAGCTL_PROXY':
      return (err as Error).message;
    case 'ECONNREFUSED':
      return 'connection refused: is the server running at that URL?';
    case 'ECONNRESET':
      return 'the connection was reset by the server';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the server host name could not be resolved';
    default: {
      const msg = err instanceof Error ? err.message : String(err);
      return `request failed: ${code ? `${code} ` : ''}${msg}`;
    }
  }
}
