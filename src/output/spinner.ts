import { clockOf, type IO, type SpinnerFactory } from '../io.js';

const DELAY_MS = 150;

/** ora on stderr; it loads only when a spinner is shown. */
const oraSpinner =
  (io: IO): SpinnerFactory =>
  async (text, cancelled) => {
    const { default: ora } = await import('ora');
    if (cancelled()) return undefined;
    return ora({ text, stream: io.stderr as NodeJS.WritableStream, discardStdin: false }).start();
  };

/**
 * Shows a spinner on stderr while `work` runs, only when stderr is a terminal and only
 * once the work has taken longer than DELAY_MS (a pause a person notices).
 */
export async function withSpinner<T>(io: IO, text: string, work: () => Promise<T>): Promise<T> {
  if (!io.stderrIsTTY) return work();
  const clock = clockOf(io);
  const start = io.spinner ?? oraSpinner(io);
  let spinner: { stop(): void } | undefined;
  let stopped = false;
  const timer = clock.setTimeout(() => {
    void start(text, () => stopped).then((s) => {
      if (stopped) s?.stop();
      else spinner = s;
    });
  }, DELAY_MS);
  try {
    return await work();
  } finally {
    stopped = true;
    clock.clearTimeout(timer);
    spinner?.stop();
  }
}
