import type { Writable } from 'node:stream';
import type { IO, Pager } from '../io.js';

// Long output on a terminal goes through a pager, as git and gh do: $FLAGCTL_PAGER, then
// $PAGER, else `less -FRX` (-F quits at once when the output fits one screen, -R keeps colours,
// -X leaves the text on the screen). Never when stdout is not a terminal, never for a command
// that asks a question on the terminal, and never with --no-pager or a pager set to "" or
// `cat`. A pager that cannot be started leaves the output as it would be without one.

/** The pager's words, or undefined for none. Split on white space: no shell runs it. */
export function pagerCommand(env: Record<string, string | undefined>): string[] | undefined {
  const raw = env.FLAGCTL_PAGER ?? env.PAGER ?? 'less -FRX';
  const words = raw.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words[0] === 'cat') return undefined;
  return words;
}

/** The run's IO with stdout going to a started pager, and the pager; or the IO as it was. */
export async function pagedIO(io: IO, wanted: boolean): Promise<{ io: IO; pager?: Pager }> {
  if (!wanted || !io.stdoutIsTTY || !io.startPager) return { io };
  const command = pagerCommand(io.env);
  if (!command) return { io };
  const pager = await io.startPager(command);
  if (!pager) return { io };
  // Everything else of the IO (stderr, stdin, the terminal's width) stays the terminal's.
  const paged = Object.create(io, { stdout: { value: pager.input as Writable, enumerable: true } }) as IO;
  return { io: paged, pager };
}
