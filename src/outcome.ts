import {
  ApiError,
  CheckFailedError,
  CliError,
  ExitCode,
  RequestError,
  exitCodeFor,
  isStackOverflow,
  OutputClosedError,
  TOO_DEEP,
} from './errors.js';
import type { IO } from './io.js';
import { termSafe } from './output/sanitize.js';
import { redactAll } from './config/token.js';

// How a command that failed ends: its message on stderr, its exit code. Shared by the CLI
// (main.ts, after commander) and the fast path (startup/feature-get.ts), so both say the same.

/** Servers sometimes put whole SQL statements in a 500's message: one screen line is enough. */
const MESSAGE_LIMIT = 400;

/** Reports a command's failure (unless it has shown it itself) and returns its exit code. */
export function failed(io: IO, err: unknown, argv: readonly string[], secrets: Set<string>): number {
  // The reader of stdout has gone (`| head`) and nothing gates on the data: done, quietly.
  if (err instanceof OutputClosedError) return ExitCode.ok;
  for (const t of [io.env.FLAGCTL_TOKEN, io.env.UNLEASH_API_TOKEN]) if (t) secrets.add(t);
  report(io, err, argv.includes('--debug'), secrets);
  return exitCodeFor(err);
}

function report(io: IO, err: unknown, debug: boolean, secrets: Set<string>): void {
  const clean = (s: string) => termSafe(redactAll(s, secrets));
  // Only a server's text is cut: flagctl's own messages (a list of accepted values) stay whole.
  const fromServer = err instanceof ApiError || err instanceof RequestError;
  const short = (s: string) =>
    debug || !fromServer || s.length <= MESSAGE_LIMIT
      ? s
      : `${s.slice(0, MESSAGE_LIMIT)}… (${s.length - MESSAGE_LIMIT} more characters; --debug shows all)`;
  if (err instanceof CheckFailedError && err.shownOnStdout) return;
  if (err instanceof CliError) {
    io.stderr.write(`flagctl: ${short(clean(err.message))}\n`);
    if (err.hint) io.stderr.write(`${clean(err.hint)}\n`);
  } else if (isStackOverflow(err)) {
    io.stderr.write(`flagctl: ${TOO_DEEP}\n`);
  } else {
    const msg = err instanceof Error ? err.message : String(err);
    io.stderr.write(`flagctl: unexpected error: ${clean(msg)}\n`);
  }
  // Only the stack's frames: its head repeats the message, whose own line breaks (from a
  // server) would otherwise start lines of their own, e.g. a GitHub Actions `::error::`.
  if (debug && err instanceof Error && err.stack) {
    const head = err.message.split('\n').length;
    for (const line of err.stack.split('\n').slice(head)) io.stderr.write(`${clean(line)}\n`);
  }
}
