import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';

/**
 * Everything flagctl touches of its process: streams, terminal facts and environment.
 * Only bin/flagctl builds one from `process`; tests build one from buffers.
 */
export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  env: Record<string, string | undefined>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns?: number;
  /** Time and timers: the real ones when absent (tests pass a clock they move by hand). */
  clock?: Clock;
  /** Starts a spinner on stderr: ora when absent (tests record what would be shown). */
  spinner?: SpinnerFactory;
  /** Ctrl-C for work that must not stop halfway (a write in flight); absent, Ctrl-C ends the process at once. */
  interrupt?: Interrupt;
}

/**
 * While a command holds it, Ctrl-C aborts the signal instead of ending the process, so the
 * request in flight finishes and the command reports what it did; a second Ctrl-C still ends
 * the process (entry.ts). Tests abort the signal themselves.
 */
export interface Interrupt {
  hold(): { signal: AbortSignal; release(): void };
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Starts a spinner, unless the work ended while it was loading (`cancelled`). */
export type SpinnerFactory = (text: string, cancelled: () => boolean) => Promise<{ stop(): void } | undefined>;

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The clock of an IO. */
export function clockOf(io: IO): Clock {
  return io.clock ?? realClock;
}

/**
 * The real process. Streams are opened only when first used (opening stdin costs start-up
 * time and only `auth login` reads it); terminal facts come from isatty, which opens nothing.
 */
export function processIO(): IO {
  return {
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    stdoutIsTTY: isatty(1),
    stderrIsTTY: isatty(2),
    stdinIsTTY: isatty(0),
    get columns() {
      return isatty(1) ? process.stdout.columns : undefined;
    },
  };
}

/** Writes and waits when the stream asks us to, so large outputs stay in bounded memory. */
export function write(stream: Writable, text: string): Promise<void> | void {
  if (stream.destroyed || stream.writableEnded) return;
  if (stream.write(text)) return;
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}
