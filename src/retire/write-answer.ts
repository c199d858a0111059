import { ApiError, CliError, RequestError } from '../errors.js';
import type { Clock } from '../io.js';
import type { Failure } from './outcome.js';

// What a write's answer proves. Only a refusal the server itself gave before acting (a 4xx, a
// 429) proves that nothing was done. Any other answer (a 5xx, which a proxy may give after
// forwarding the request; a redirect, which may come after acting, as post/redirect/get does,
// with a Location or without; a timeout; a connection reset after the request was sent) leaves
// the outcome unknown until a read says what the server did.

/** True when the error proves the server refused the write: nothing of it was done. */
export function isRefusal(err: CliError): boolean {
  if (err instanceof ApiError) return err.status >= 400 && err.status < 500;
  return err instanceof RequestError && err.status !== undefined && err.status >= 400 && err.status < 500;
}

/** The error of a write as a CliError, or thrown again when it is a flaw of flagctl's own. */
export function writeError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  throw err;
}

/**
 * The waits before each new read when a write with an unclear answer is not yet seen done: a
 * server that timed out may still be carrying it out. Bounded: at most 15 s and 4 more reads
 * (docs/writes.md).
 */
export const SETTLE_WAITS_MS = [1000, 2000, 4000, 8000];

/** Waits `ms` on the clock, or less when the signal is aborted (a signal ends the waiting, not the run). */
export function pause(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clock.clearTimeout(handle);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const handle = clock.setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** "SIGTERM" when the run was stopped by that signal; SIGINT (Ctrl-C) otherwise. */
export function stopSignal(signal?: AbortSignal): string | undefined {
  if (!signal?.aborted) return undefined;
  return typeof signal.reason === 'string' ? signal.reason : 'SIGINT';
}

/**
 * The names a write has not verified yet, as its record says them while it is under way: each
 * sent and answered (`sentMessage`), each whose answer proved nothing, and the request in
 * flight, which is on the record before it is sent, since nothing runs after a SIGKILL.
 */
export function notYetVerified(
  sent: readonly string[],
  sentMessage: string,
  unclear: ReadonlyMap<string, string>,
  inFlight: readonly string[],
): Failure[] {
  return [
    ...sent.map((name) => ({ name, message: sentMessage })),
    ...[...unclear].map(([name, m]) => ({ name, message: `${m}; not verified yet` })),
    ...inFlight.map((name) => ({ name, message: 'sent; no answer yet, so not verified' })),
  ];
}
