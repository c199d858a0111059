import { Command } from 'commander';
import type { App } from '../context.js';

// `auth login|status|logout`. Each action loads auth-run.ts, which holds the work (config
// file, token check, prompt), only when the command runs.

export function authCommand(app: App): Command {
  const auth = new Command('auth')
    .description('Store, check and remove server credentials')
    .addHelpText('after', '\nExamples:\n  $ flagctl auth login --url https://unleash.example.com\n  $ flagctl auth status --profile prod');

  auth
    .command('login')
    .description('Check an API token against a server and save it as a profile')
    .usage('--url <base-url> [--profile <name>] [--project <id>]')
    .option('--project <id>', 'default project for this profile')
    .addHelpText(
      'after',
      `
--url (required) is the server's base URL; --profile names the profile to save (default: default).
The token is read from stdin when it is piped, otherwise from a hidden prompt.
There is no --token flag: it would end up in shell history and in ps.

Examples:
  $ flagctl auth login --url https://unleash.example.com
  $ printenv UNLEASH_TOKEN | flagctl auth login --url https://unleash.example.com --profile prod`,
    )
    .action(async (opts: Record<string, unknown>, command: Command) => {
      const { login } = await import('./run.js');
      await login(app, opts, command);
    });

  auth
    .command('status')
    .description('Show which server and token commands use, and check the token live')
    .addHelpText(
      'after',
      `
Exits 0 when the token works, 4 when the server refuses it, 1 when the server cannot be reached.

Examples:
  $ flagctl auth status
  $ flagctl auth status --profile prod`,
    )
    .action(async (_opts: Record<string, unknown>, command: Command) => {
      const { status } = await import('./run.js');
      await status(app, command);
    });

  auth
    .command('logout')
    .description('Remove a saved profile and its token')
    .addHelpText('after', '\nExamples:\n  $ flagctl auth logout\n  $ flagctl auth logout --profile prod')
    .action(async (_opts: Record<string, unknown>, command: Command) => {
      const { logout } = await import('./run.js');
      await logout(app, command);
    });

  return auth;
}
