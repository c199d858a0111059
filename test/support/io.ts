import { PassThrough, Readable, Writable } from 'node:stream';
import type { Clock, IO, SpinnerFactory } from '../../src/io.js';
import { main } from '../../src/main.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface TestIO extends IO {
  out: Capture;
  err: Capture;
}

export interface TestIOOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  stdinIsTTY?: boolean;
  clock?: Clock;
  /** The timers of network timeouts (IO.timeouts). */
  timeouts?: Clock;
  spinner?: SpinnerFactory;
  /** The terminal's width (default 120). */
  columns?: number;
}

/** An IO of buffers. The environment is only what the test gives (plus a throwaway HOME). */
export function testIO(opts: TestIOOptions = {}): TestIO {
  const out = new Capture();
  const err = new Capture();
  const stdin = opts.stdin !== undefined ? Readable.from([Buffer.from(opts.stdin)]) : new PassThrough();
  if (opts.stdin === undefined) (stdin as PassThrough).end();
  return {
    stdout: out,
    stderr: err,
    stdin,
    out,
    err,
    env: { HOME: '/nonexistent-home', ...opts.env },
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    stderrIsTTY: opts.stderrIsTTY ?? false,
    stdinIsTTY: opts.stdinIsTTY ?? false,
    columns: opts.columns ?? 120,
    clock: opts.clock,
    timeouts: opts.timeouts,
    spinner: opts.spinner,
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], opts: TestIOOptions = {}): Promise<RunResult> {
  const io = testIO(opts);
  const code = await main(argv, io);
  return { code, stdout: io.out.text, stderr: io.err.text };
}
