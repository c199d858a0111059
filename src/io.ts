import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';
import { OutputClosedError, OutputError } from './errors.js';

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
  /**
   * The timers of network timeouts (connect, headers, silence in a body, a proxy's answer):
   * the real ones when absent. Apart from `clock`, so that a test can skip over waits without
   * skipping into a timeout, and a stall test can skip to the timeout without waiting.
   */
  timeouts?: Clock;
  /** Starts a spinner on stderr: ora when absent (tests record what would be shown). */
  spinner?: SpinnerFactory;
  /**
   * Starts a pager reading what is written to `input`, its output on the terminal; undefined
   * when it cannot be started. Absent where there is no terminal to page on (tests).
   */
  startPager?: (command: string[]) => Promise<Pager | undefined>;
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

export interface Pager {
  input: Writable;
  /** Settles when the pager has ended (the person quit it, or it read everything). */
  done: Promise<void>;
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

/**
 * The width to draw for: $COLUMNS when it is set to a whole number (as ls, gh and kubectl read
 * it), else the terminal's own, else 80.
 */
export function terminalColumns(io: IO): number {
  const env = io.env.COLUMNS;
  if (env && /^\d{1,4}$/.test(env) && Number(env) > 0) return Number(env);
  return io.columns || 80;
}

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
    startPager: async (command) => {
      const { spawn } = await import('node:child_process');
      // less reads these when set; as git does, flagctl's defaults only fill what is unset.
      const env = { ...process.env, LESS: process.env.LESS ?? 'FRX', LV: process.env.LV ?? '-c' };
      const child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'inherit', 'inherit'], env });
      return new Promise<Pager | undefined>((resolve) => {
        child.once('error', () => resolve(undefined));
        child.once('spawn', () =>
          resolve({ input: child.stdin!, done: new Promise((end) => child.once('close', () => end())) }),
        );
      });
    },
  };
}

/**
 * What became of an output: the first error it reported, and whether the command is a gate
 * that must go on reading its data after the reader went away (io.keepReadingWhenClosed).
 */
interface OutputState {
  name: string;
  error?: NodeJS.ErrnoException;
  gate: boolean;
}

const outputs = new WeakMap<Writable, OutputState>();

/**
 * Starts watching an output. An 'error' nobody listens to would crash the process, and a
 * stream reports it a tick after the write that failed; the state keeps it for the next write.
 */
export function watchOutput(stream: Writable, name = 'stdout'): OutputState {
  let state = outputs.get(stream);
  if (!state) {
    const created: OutputState = { name, gate: false };
    stream.on('error', (err: NodeJS.ErrnoException) => void (created.error ??= err));
    outputs.set(stream, (state = created));
  }
  return state;
}

/**
 * The command is a gate: when the reader closes the pipe (`| head -1`), output stops but the
 * command reads all of its data, so its exit code judges everything, not what was printed.
 */
export function keepReadingWhenClosed(stream: Writable): void {
  watchOutput(stream).gate = true;
}

/** Whether keepReadingWhenClosed was called for the stream. */
export function isGate(stream: Writable): boolean {
  return outputs.get(stream)?.gate === true;
}

const closedPipe = (err: NodeJS.ErrnoException | undefined | null) =>
  err?.code === 'EPIPE' || err?.code === 'ERR_STREAM_DESTROYED';

/**
 * Throws when the output has failed: OutputError for a write that did not reach its target
 * (ENOSPC, EIO, /dev/full), OutputClosedError when the reader is gone and the command is not a
 * gate. Returns whether what is written now is dropped (a gate's closed pipe).
 */
export function checkOutput(stream: Writable): boolean {
  const state = watchOutput(stream);
  const err = state.error ?? (stream.errored as NodeJS.ErrnoException | null);
  if (!err) return false;
  state.error ??= err;
  if (!closedPipe(err)) throw new OutputError(state.name, err);
  if (!state.gate) throw new OutputClosedError();
  return true;
}

/**
 * Writes and waits when the stream asks us to, so large outputs stay in bounded memory. Every
 * write is checked (checkOutput): a failed output ends the command instead of losing text.
 */
export function write(stream: Writable, text: string): Promise<void> | void {
  if (checkOutput(stream) || stream.writableEnded) return;
  if (stream.write(text)) return;
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  }).then(() => void checkOutput(stream));
}
