import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, NODE } from './cli.js';

export interface TerminalRun {
  code: number | null;
  /** What the terminal showed of stdout (\r\n turned back into \n). */
  out: string;
  stderr: string;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * flagctl on a real pseudo-terminal of `cols` columns (util-linux `script`, `stty cols`): the
 * width comes from the terminal, and stdout's isatty is the kernel's answer. stderr goes to a
 * file of `scratch`, so the terminal shows stdout alone.
 */
export function onTerminal(
  cols: number,
  args: string[],
  env: Record<string, string>,
  scratch: string,
  tail = '',
): Promise<TerminalRun> {
  const errFile = join(scratch, `stderr-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  const cmd = `stty cols ${cols} rows 40; ${quote(NODE)} ${quote(BIN)} ${args.map(quote).join(' ')} 2>${quote(errFile)}${tail}`;
  const child = spawn('script', ['-qec', cmd, '/dev/null'], {
    // FLAGCTL_PAGER empty: what flagctl draws, not a pager's screen.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: '/nonexistent',
      FLAGCTL_CONFIG_DIR: '/nonexistent/flagctl',
      NO_COLOR: '1',
      FLAGCTL_PAGER: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      let stderr = '';
      try {
        stderr = readFileSync(errFile, 'utf8');
      } catch {
        // No stderr file: the command wrote nothing there.
      }
      resolve({ code, out: out.replace(/\r\n/g, '\n'), stderr });
    }),
  );
}
