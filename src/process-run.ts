import { writeSync } from 'node:fs';
import { ExitCode } from './errors.js';
import { watchOutput, type IO } from './io.js';

// A command as the process: its exit code, Ctrl-C, and the flush of stdout before exiting.
// Shared by the CLI's entry (entry.ts) and the fast path's (startup/feature-get.ts).

const UNFINISHED = 'flagctl: internal error: the command did not finish\n';

/** Runs `main` on the process's IO and exits with its code: the only place that exits. */
export async function runProcess(io: IO, main: (io: IO) => Promise<number>): Promise<void> {
  // Failure until the command says otherwise: if its work never settles (a callback that is
  // never called), Node empties its event loop and would exit 0, a silent success. A CI gate
  // must never pass that way.
  process.exitCode = ExitCode.requestFailed;
  let finished = false;
  process.once('beforeExit', () => {
    if (finished) return;
    writeSync(2, UNFINISHED);
    process.exit(ExitCode.requestFailed);
  });
  // Every write to stdout is checked (io.ts): a closed pipe ends a command quietly, or, for a
  // gate, stops its output while it reads on; a full disk fails it.
  watchOutput(process.stdout);
  // A command that holds the interrupt (a write in flight) gets the first Ctrl-C as an abort.
  const interrupted = new AbortController();
  let holds = 0;
  io.interrupt = {
    hold: () => {
      holds++;
      return { signal: interrupted.signal, release: () => void holds-- };
    },
  };
  process.on('SIGINT', () => {
    if (holds > 0 && !interrupted.signal.aborted) {
      interrupted.abort();
      io.stderr.write('flagctl: stopping after the request in flight (Ctrl-C again to quit at once)\n');
      return;
    }
    if (io.stderrIsTTY) io.stderr.write('\u001b[?25h'); // show the cursor a spinner may have hidden
    process.exit(ExitCode.interrupted);
  });
  const code = await main(io);
  finished = true;
  process.exitCode = code;
  // Flushes what is still buffered; a failure there (other than the reader leaving) fails a success.
  process.stdout.write('', (err?: NodeJS.ErrnoException | null) => {
    if (err && code === ExitCode.ok && err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') {
      writeSync(2, `flagctl: cannot write to stdout: ${err.code ?? err.message}; the output is incomplete\n`);
      process.exit(ExitCode.requestFailed);
    }
    process.exit(code);
  });
}
