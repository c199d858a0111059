import { InterruptedError } from '../../../errors.js';
import type { IO } from '../../../io.js';

/**
 * Asks on stderr and reads one line from stdin (a terminal): yes only for y or yes. Ctrl-C
 * (the aborted signal) cancels at once: the answer is no longer read, so a later y sends nothing.
 */
export function confirm(io: IO, question: string, signal?: AbortSignal): Promise<boolean> {
  io.stderr.write(`${question} [y/N] `);
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (answer: boolean | Error) => {
      io.stdin.off('data', onData);
      io.stdin.off('end', onEnd);
      signal?.removeEventListener('abort', onAbort);
      io.stdin.pause();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const onData = (chunk: Buffer | string) => {
      line += String(chunk);
      if (line.includes('\n')) finish(/^\s*y(es)?\s*$/i.test(line.split('\n')[0] ?? ''));
    };
    const onEnd = () => finish(/^\s*y(es)?\s*$/i.test(line));
    const onAbort = () => {
      io.stderr.write('\n');
      finish(new InterruptedError(signal?.reason));
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    io.stdin.on('data', onData);
    io.stdin.on('end', onEnd);
  });
}
