import { Command, CommanderError, Option } from 'commander';
import { authCommand } from './commands/auth/index.js';
import { completionCommand } from './commands/completion/index.js';
import type { App } from './commands/context.js';
import { featureGetCommand } from './commands/feature/get/index.js';
import { featuresSearchCommand } from './commands/features/search/index.js';
import { featuresStaleCommand } from './commands/features/stale/index.js';
import { insightsCommand } from './commands/insights/index.js';
import { projectOverviewCommand } from './commands/project/overview/index.js';
import { CliError, ExitCode, exitCodeFor } from './errors.js';
import type { IO } from './io.js';
import { termSafe } from './output/sanitize.js';
import { redactAll } from './config/token.js';
import { VERSION } from './version.js';

// Every command module imported here is a declaration (flags, help): each loads its
// implementation with import() when it runs, so a command pays only for its own work.

function program(app: App): Command {
  const { io } = app;
  const root = new Command('flagctl')
    .description('Query an Unleash-compatible feature-flag server: features, search, projects, insights')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--url <base-url>', 'server base URL (overrides FLAGCTL_URL and the profile)')
    .option('--profile <name>', 'stored profile to use (or FLAGCTL_PROFILE)')
    .option('--timeout <seconds>', 'per-request timeout (default 30, or FLAGCTL_TIMEOUT)')
    .option('--retries <n>', 'retries for failed GETs on resets, 429, 502-504 (default 2)')
    .option('--max-response-mb <n>', 'refuse responses larger than this (default 64, or FLAGCTL_MAX_RESPONSE_MB)')
    .option('--ca-file <path>', 'extra CA certificates (PEM) to trust for https (NODE_EXTRA_CA_CERTS works too)')
    .addOption(new Option('--debug', 'log each request to stderr (the token is masked)'))
    .option('--no-color', 'no colors, even on a terminal (NO_COLOR works too)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
      outputError: (s, write) => write(s.replace(/^error: /, 'flagctl: ')),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ flagctl auth login --url https://unleash.example.com
  $ flagctl feature get checkout-v2 --project web
  $ flagctl feature get checkout-v2 -o json`,
    );

  const feature = new Command('feature')
    .description('One feature in a project')
    .addHelpText('after', '\nExamples:\n  $ flagctl feature get checkout-v2\n  $ flagctl feature get checkout-v2 --project web -o json');
  feature.addCommand(featureGetCommand(app));
  root.addCommand(feature);
  const features = new Command('features')
    .description('Many features: search and filter, stale-flag gate')
    .addHelpText('after', '\nExamples:\n  $ flagctl features search --type release --state stale --all\n  $ flagctl features stale --max 5\n');
  features.addCommand(featuresSearchCommand(app)).addCommand(featuresStaleCommand(app));
  root.addCommand(features);
  const project = new Command('project')
    .description('One project: its overview')
    .addHelpText('after', '\nExamples:\n  $ flagctl project overview default\n  $ flagctl project overview default -o json');
  project.addCommand(projectOverviewCommand(app));
  root.addCommand(project);
  root.addCommand(insightsCommand(app));
  root.addCommand(authCommand(app));
  root.addCommand(completionCommand(app));

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
  const app: App = { io, secrets: new Set() };
  const root = program(app);
  try {
    await root.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
        return ExitCode.ok;
      }
      // Commander has printed the message (with a suggestion where one is close).
      return ExitCode.usage;
    }
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
  if (err instanceof CliError) {
    io.stderr.write(`flagctl: ${short(clean(err.message))}\n`);
    if (err.hint) io.stderr.write(`${clean(err.hint)}\n`);
  } else {
    const msg = err instanceof Error ? err.message : String(err);
    io.stderr.write(`flagctl: unexpected error: ${clean(msg)}\n`);
  }
  if (debug && err instanceof Error && err.stack) {
    for (const line of err.stack.split('\n').slice(1)) io.stderr.write(`${clean(line)}\n`);
  }
}
