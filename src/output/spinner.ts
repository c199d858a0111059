import type { IO } from '../io.js';

const DELAY_MS = 150;

/**
 * Shows a spinner on stderr while `work` runs, only when stderr is a terminal and only
 * once the work has taken longer than ~150 ms. ora loads only when a spinner is shown.
 */
export async function withSpinner<T>(io: IO, text: string, work: () => Promise<T>): Promise<T> {
  if (!io.stderrIsTTY) return work();
  let spinner: { stop(): void } | undefined;
  let stopped = false;
  const timer = setTimeout(() => {
    void import('ora').then(({ default: ora }) => {
      if (stopped) return;
      spinner = ora({ text, stream: io.stderr as NodeJS.WritableStream, discardStdin: false }).start();
    });
  }, DELAY_MS);
  try {
    return await work();
  } finally {
    stopped = true;
    clearTimeout(timer);
    spinner?.stop();
  }
}
