import { writeSync } from 'node:fs';
import type { IO } from './io.js';
import { VERSION } from './version.js';

// The bundle's entry. `flagctl --version` is answered here, before the CLI and its libraries
// are evaluated (esbuild keeps what is reached only through import() lazy); everything else
// is cli.ts.

export async function run(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    // fd 1 directly: process.stdout would load the stream and socket machinery for one line.
    writeSync(1, `${VERSION}\n`);
    return;
  }
  const cli = await import('./cli.js');
  await cli.run();
}

export async function main(argv: string[], io: IO): Promise<number> {
  const cli = await import('./cli.js');
  return cli.main(argv, io);
}
