import type { IO } from '../../../io.js';

/** Asks on stderr and reads one line from stdin (a terminal): yes only for y or yes. */
export async function confirm(io: IO, question: string): Promise<boolean> {
  io.stderr.write(`${question} [y/N] `);
  let line = '';
  for await (const chunk of io.stdin) {
    line += String(chunk);
    if (line.includes('\n')) break;
  }
  return /^\s*y(es)?\s*$/i.test(line.split('\n')[0] ?? '');
}
