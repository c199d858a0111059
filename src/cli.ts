import { type Command, CommanderError } from 'commander';
import type { App } from './commands/kit/context.js';
import { buildProgram } from './commands/kit/program.js';
import { PROGRAM } from './commands/registry.js';
import { CheckFailedError, CliError, ExitCode, exitCodeFor, OutputClosedError } from './errors.js';
import { checkOutput, type IO } from './io.js';
import { termSafe } from './output/sanitize.js';
import { redactAll } from './config/token.js';

// The command tree comes from the records in commands/registry.ts: declarations only, each
// loading its implementation with import() when it runs, so a command pays only for its own work.

function program(app: App, argv: readonly string[]): Command {
  const { io } = app;
  const root = buildProgram(app, app.program, argv)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
      outputError: (s, write) => write(s.replace(/^error: /, 'flagctl: ')),
    });
  // Subcommands inherit the root's error handling and output routing; their help lists the
  // root's flags under "Global Options:".
  for (const cmd of allCommands(root)) {
    cmd.exitOverride().showSuggestionAfterError(true).configureOutput(root.configureOutput()).configureHelp({ showGlobalOptions: true });
  }
  return root;
}

function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** Runs flagctl with `argv` (without node and script) and returns the exit code. Never exits. */
export async function main(argv: string[], io: IO): Promise<number> {
  const app: App = { io, secrets: new Set(), program: PROGRAM };
  const root = program(app, argv);
  try {
    await root.parseAsync(argv, { from: 'user' });
    // The last write may have failed after it returned: a full disk still fails the run.
    checkOutput(io.stdout);
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
        return ExitCode.ok;
      }
      // Commander has printed the message (with a suggestion where one is close).
      return ExitCode.usage;
    }
    // The reader of stdout has gone (`| head`) and nothing gates on the data: done, quietly.
    if (err instanceof OutputClosedError) return ExitCode.ok;
    for (const t of [io.env.FLAGCTL_TOKEN, io.env.UNLEASH_API_TOKEN]) if (t) app.secrets.add(t);
    report(io, err, argv.includes('--debug'), app.secrets);
    return exitCodeFor(err);
  }
}

/** Servers sometimes put whole SQL statements in a 500's message: one screen line is enough. */
const MESSAGE_LIMIT = 400;

function report(io: IO, err: unknown, debug: boolean, secrets: Set<string>): void {
  const clean = (s: string) => termSafe(redactAll(s, secrets));
  const short = (s: string) =>
    debug || s.length <= MESSAGE_LIMIT ? s : `${s.slice(0, MESSAGE_LIMIT)}… (${s.length - MESSAGE_LIMIT} more characters; --debug shows all)`;
  if (err instanceof CheckFailedError && err.shownOnStdout) return;
  if (err instanceof CliError) {
    io.stderr.write(`flagctl: ${short(clean(err.message))}\n`);
    if (err.hint) io.stderr.write(`${clean(err.hint)}\n`);
  } else {
    const msg = err instanceof Error ? err.message : String(err);
    io.stderr.write(`flagctl: unexpected error: ${clean(msg)}\n`);
  }
  // Only the stack's frames: its head repeats the message, whose own line breaks (from a
  // server) would otherwise start lines of their own, e.g. a GitHub Actions `::error::`.
  if (debug && err instanceof Error && err.stack) {
    const head = err.message.split('\n').length;
    for (const line of err.stack.split('\n').slice(head)) io.stderr.write(`${clean(line)}\n`);
  }
}
