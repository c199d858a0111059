import { writeSync } from 'node:fs';
import { ExitCode, STOP_SIGNALS, type StopSignal } from './errors.js';
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
  // stderr is the last channel there is: when it fails (a closed terminal after SIGHUP, a
  // closed pipe), the command goes on without it, so a write still finishes its request in
  // flight, writes its --result record and exits with its own code rather than crashing.
  process.stderr.on('error', () => undefined);
  // A command that holds the interrupt (a write in flight) gets the first Ctrl-C as an abort.
  const interrupted = new AbortController();
  let holds = 0;
  io.interrupt = {
    hold: () => {
      holds++;
      return { signal: interrupted.signal, release: () => void holds-- };
    },
  };
  // SIGTERM and SIGHUP (CI cancellation, `timeout`, a closed session) stop a write as the first
  // Ctrl-C does: the request in flight finishes and is recorded; each exits with its own code.
  for (const name of Object.keys(STOP_SIGNALS) as StopSignal[]) {
    process.on(name, () => {
      if (holds > 0 && !interrupted.signal.aborted) {
        interrupted.abort(name);
        io.stderr.write(
          `flagctl: ${name === 'SIGINT' ? '' : `${name}: `}stopping after the request in flight (${name === 'SIGINT' ? 'Ctrl-C again' : 'a second signal'} to quit at once)\n`,
        );
        return;
      }
      if (io.stderrIsTTY) io.stderr.write('\u001b[?25h'); // show the cursor a spinner may have hidden
      process.exit(STOP_SIGNALS[name]);
    });
  }
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
