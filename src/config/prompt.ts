import type { IO } from '../io.js';
import { InterruptedError, UsageError } from '../errors.js';

/** Reads all of stdin (a pipe or file), for tokens passed as `echo $TOKEN | flagctl auth login`. */
export async function readStdin(io: IO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks on the terminal without echoing what is typed. */
export function promptHidden(io: IO, question: string): Promise<string> {
  const input = io.stdin as NodeJS.ReadStream;
  if (typeof input.setRawMode !== 'function')
    throw new UsageError('cannot prompt for a token: stdin is not a terminal');
  // No echo before the question shows: a token typed ahead of it is never echoed back.
  input.setRawMode(true);
  io.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      io.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003') return finish(new InterruptedError());
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    input.resume();
    input.on('data', onData);
  });
}
