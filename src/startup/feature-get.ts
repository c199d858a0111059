import featureGet from '../commands/feature/get/index.js';
import type { App } from '../cli/spec.js';
import { lightWords } from '../cli/light.js';
import { prepare, runPrepared } from '../cli/request.js';
import { ExitCode } from '../errors.js';
import { checkOutput, processIO, type IO } from '../io.js';
import { failed } from '../outcome.js';
import { runProcess } from '../process-run.js';

// The entry of dist/feature-get.cjs, the fast path of the most common query (issue 23):
// `feature get <name>` in its plain forms, run by the same record, checks and run() as in the
// CLI, without commander and its tree of every command. bin/flagctl (and the single
// executable) try it first for a `feature get` command line; when it declines, nothing has
// been done, and the whole CLI (dist/flagctl.cjs) runs the command line instead, so help,
// usage errors and their exit codes come from commander as always.

/**
 * The command ready to run, its every value checked, or undefined: then commander reads the
 * command line (an unusual form of it, or a usage error to report as commander does).
 */
export async function featureGetFast(argv: string[], io: IO): Promise<((io: IO) => Promise<number>) | undefined> {
  const words = lightWords(featureGet, argv);
  if (!words) return undefined;
  // Only completion reads the program; this one knows its own command.
  const app: App = { io, secrets: new Set(), program: { summary: '', examples: [], entries: [featureGet] } };
  let ready;
  try {
    ready = await prepare(app, featureGet, words);
  } catch {
    return undefined;
  }
  return async (io) => {
    try {
      await runPrepared(app, featureGet, ready);
      // The last write may have failed after it returned: a full disk still fails the run.
      checkOutput(io.stdout);
      return ExitCode.ok;
    } catch (err) {
      return failed(io, err, argv, app.secrets);
    }
  };
}

/** The process entry: true when it runs the command, false when the whole CLI must. */
export async function run(): Promise<boolean> {
  const io = processIO();
  const main = await featureGetFast(process.argv.slice(2), io);
  if (!main) return false;
  await runProcess(io, main);
  return true;
}
