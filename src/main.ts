import { type Command, CommanderError } from 'commander';
import { buildProgram, nounNumber } from './cli/program.js';
import type { App } from './cli/spec.js';
import { unknownWordHint } from './cli/unknown-words.js';
import { PROGRAM } from './commands/registry.js';
import { ExitCode } from './errors.js';
import { checkOutput, type IO } from './io.js';
import { failed } from './outcome.js';

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
    cmd
      .exitOverride()
      .showSuggestionAfterError(true)
      .configureOutput(root.configureOutput())
      .configureHelp({ showGlobalOptions: true });
  }
  return root;
}

function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** Runs flagctl with `argv` (without node and script) and returns the exit code. Never exits. */
export async function main(typed: string[], io: IO): Promise<number> {
  const app: App = { io, secrets: new Set(), program: PROGRAM };
  const argv = [...nounNumber(app.program, typed)];
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
      // Commander has printed the message (with a suggestion where one is close); without one,
      // say where the right words are listed.
      const hint = unknownWordHint(app.program, argv, err.code, err.message);
      if (hint) io.stderr.write(`${hint}\n`);
      return ExitCode.usage;
    }
    return failed(io, err, argv, app.secrets);
  }
}
