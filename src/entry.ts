import { writeSync } from 'node:fs';
import type { IO } from './io.js';
import { VERSION } from './version.js';

// The bundle's entry. `flagctl --version` is answered here, before the CLI and its libraries
// are evaluated (esbuild keeps what is reached only through import() lazy); everything else
// is main.ts's main(), run as the process by process-run.ts, the only place that exits.

/** The process entry: bin/flagctl calls this. */
export async function run(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    // fd 1 directly: process.stdout would load the stream and socket machinery for one line.
    writeSync(1, `${VERSION}\n`);
    return;
  }
  const [{ main }, { processIO }, { runProcess }] = await Promise.all([
    import('./main.js'),
    import('./io.js'),
    import('./process-run.js'),
  ]);
  await runProcess(processIO(), (io) => main(args, io));
}

/** The CLI in-process, for the built bundle's users (tests of the artifact). */
export async function main(argv: string[], io: IO): Promise<number> {
  const cli = await import('./main.js');
  return cli.main(argv, io);
}
