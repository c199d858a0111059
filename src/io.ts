import type { Readable, Writable } from 'node:stream';

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
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    columns: process.stdout.columns,
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
