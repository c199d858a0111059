// Every failure flagctl reports is one of these; exitCodeFor() is the one mapping to exit codes.

export const ExitCode = {
  ok: 0,
  requestFailed: 1,
  usage: 2,
  checkFailed: 3,
  auth: 4,
  notFound: 5,
  interrupted: 130,
  /** SIGHUP during a write (a closed terminal or session): 128 + 1, as a shell reports it. */
  hangUp: 129,
  /** SIGTERM during a write (CI cancellation, `timeout`, Kubernetes): 128 + 15. */
  terminated: 143,
} as const;

/** The signals a write stops on as on the first Ctrl-C, and each one's exit code. */
export const STOP_SIGNALS = {
  SIGINT: ExitCode.interrupted,
  SIGTERM: ExitCode.terminated,
  SIGHUP: ExitCode.hangUp,
} as const;
export type StopSignal = keyof typeof STOP_SIGNALS;

export abstract class CliError extends Error {
  abstract readonly exitCode: number;
  /** A next step for the user, printed after the message. */
  hint?: string;
}

/** A bad flag, value or argument. Nothing was sent. */
export class UsageError extends CliError {
  readonly exitCode = ExitCode.usage;
  constructor(message: string, hint?: string) {
    super(message);
    this.hint = hint;
  }
}

/** The request could not be completed or its answer could not be read. */
export class RequestError extends CliError {
  readonly exitCode = ExitCode.requestFailed;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ServerErrorBody {
  name?: string;
  message?: string;
  details?: { message?: string; path?: string }[];
}

/** The server answered with a non-2xx status. */
export class ApiError extends CliError {
  readonly exitCode: number;
  constructor(
    readonly status: number,
    readonly body: ServerErrorBody,
    readonly url: string,
  ) {
    super(apiErrorMessage(status, body));
    this.exitCode =
      status === 401 || status === 403 ? ExitCode.auth : status === 404 ? ExitCode.notFound : ExitCode.requestFailed;
    if (status === 401) this.hint = 'Run `flagctl auth login --url <server-url>` or set FLAGCTL_TOKEN.';
    // A base URL given with the API's own path (…/api/admin): flagctl adds that itself.
    const doubled = status === 404 ? /^(.*?)(\/api(?:\/admin)?)\/api\/admin(?:\/|$|\?)/.exec(url) : null;
    if (doubled)
      this.hint = `The server URL seems to end in ${doubled[2]}, which flagctl adds itself: use ${doubled[1] || 'the base URL'} (without ${doubled[2]}) as --url, FLAGCTL_URL or the profile's URL.`;
  }
}

function apiErrorMessage(status: number, body: ServerErrorBody): string {
  const detail = [body.message, ...(body.details ?? []).map((d) => d.message)]
    .filter((m): m is string => typeof m === 'string' && m.length > 0)
    .filter((m, i, all) => all.indexOf(m) === i)
    .join('; ');
  const lead =
    status === 401
      ? 'authentication failed'
      : status === 403
        ? 'permission denied'
        : status === 404
          ? 'not found'
          : status >= 500
            ? 'server error'
            : 'request rejected';
  const name = body.name ? ` ${body.name}` : '';
  return `${lead} (HTTP ${status}${name})${detail ? `: ${detail}` : ''}`;
}

/** The server answered, but has no such thing (an environment, a project); the message lists what it has. */
export class NotFoundError extends CliError {
  readonly exitCode = ExitCode.notFound;
}

/** The token may not read what the command needs to judge its answer (not a 401/403 of the command's own request). */
export class PermissionError extends CliError {
  readonly exitCode = ExitCode.auth;
  constructor(message: string, hint?: string) {
    super(message);
    this.hint = hint;
  }
}

/** A check (such as the stale-flag gate) found what it guards against. */
export class CheckFailedError extends CliError {
  readonly exitCode = ExitCode.checkFailed;
  constructor(
    message: string,
    /** The result on stdout already says it (diff's summary line): nothing more on stderr. */
    readonly shownOnStdout = false,
  ) {
    super(message);
  }
}

/** The server has no such endpoint (e.g. insights on open-source Unleash): a "not found" of its own kind. */
export class NotProvidedError extends CliError {
  readonly exitCode = ExitCode.notFound;
}

/**
 * A flag or argument value that does not fit, thrown by the value checks of a command's flag
 * table. The kit turns it into a UsageError that names the flag and the value given
 * (`--max "x": …`), or puts `label` there instead (an empty label: the message names the value).
 */
export class OptionValueError extends Error {
  constructor(
    message: string,
    readonly label?: string,
  ) {
    super(message);
  }
}

/** Ctrl-C (SIGINT), or SIGTERM or SIGHUP while a write held the interrupt: each exits with its own code. */
export class InterruptedError extends CliError {
  readonly exitCode: number;
  constructor(signal: unknown = 'SIGINT') {
    const known = typeof signal === 'string' && signal in STOP_SIGNALS ? (signal as StopSignal) : 'SIGINT';
    super(known === 'SIGINT' ? 'interrupted' : `stopped by ${known}`);
    this.exitCode = STOP_SIGNALS[known];
  }
}

/** A write to stdout or a file did not reach it (ENOSPC, EIO, /dev/full): the output is incomplete. */
export class OutputError extends CliError {
  readonly exitCode = ExitCode.requestFailed;
  constructor(
    readonly output: string,
    readonly reason: NodeJS.ErrnoException,
  ) {
    super(`cannot write to ${output}: ${describeErrno(reason)}; the output is incomplete`);
  }
}

function describeErrno(err: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EIO: 'input/output error',
    EBADF: 'not open for writing',
    EFBIG: 'file too large',
    EDQUOT: 'disk quota exceeded',
    // Node's own text names the path it opened, which for a record is a temporary file beside it.
    ENOENT: 'no such file or folder',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
  };
  return err.code ? `${known[err.code] ?? err.message} (${err.code})` : err.message;
}

/**
 * The reader of stdout went away (EPIPE, `flagctl … | head -1`) and the command is not a gate:
 * it stops at once and exits 0, as gh and git do. A gate never sees this (io.keepReadingWhenClosed).
 */
export class OutputClosedError extends CliError {
  readonly exitCode = ExitCode.ok;
  constructor() {
    super('stdout was closed by its reader');
  }
}

/**
 * JSON.parse reads any depth, but printing or walking a document recurses: a server answer
 * nested thousands of levels deep runs the call stack out (files are refused at 64 levels before
 * they are parsed, so only an answer gets this far). Scanning every answer's depth first would
 * cost a third of JSON.parse on large answers; the overflow is caught where it surfaces instead.
 */
export const TOO_DEEP =
  "the server's answer is nested too deeply to process (thousands of levels; no real answer is): refusing it";

export function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack/i.test(err.message);
}

export function exitCodeFor(err: unknown): number {
  return err instanceof CliError ? err.exitCode : ExitCode.requestFailed;
}
