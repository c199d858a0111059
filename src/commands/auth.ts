import { Command } from 'commander';
import * as z from '../zod-mini.js';
import { parseBaseUrl } from '../api/path.js';
import { ApiError, UsageError } from '../errors.js';
import { profileName } from '../config/resolve.js';
import { promptHidden, readStdin } from '../config/prompt.js';
import { configPath, readConfig, writeConfig } from '../config/store.js';
import { maskToken, tokenKind } from '../config/token.js';
import { notice } from '../output/context.js';
import { CommandContext, type App } from './context.js';
import { parseFlags } from './options.js';
import type { ApiClient } from '../api/client.js';

const profileFlag = z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'use 1 to 64 letters, digits, ".", "_" or "-"'));

const loginFlags = z.object({
  url: z.string({ error: 'required: the server base URL, e.g. --url https://unleash.example.com' }),
  profile: z.optional(profileFlag),
  project: z.optional(z.string().check(z.minLength(1, 'a project id must not be empty'))),
});

/** A cheap admin read that every supported server answers: a one-feature search. */
async function checkToken(client: ApiClient): Promise<void> {
  await client.get('/api/admin/search/features', new URLSearchParams({ limit: '1' }));
}

export function authCommand(app: App): Command {
  const io = app.io;
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
      const ctx = new CommandContext(app, command);
      const f = parseFlags(loginFlags, { ...opts, url: ctx.flags.url, profile: ctx.flags.profile });
      const url = parseBaseUrl(f.url, '--url');
      const raw = io.stdinIsTTY ? await promptHidden(io, `API token for ${url}: `) : await readStdin(io);
      const token = raw.trim();
      if (!token) throw new UsageError('no token given: pipe it on stdin or type it at the prompt');
      if (/\s/.test(token)) throw new UsageError('the token contains white space; give exactly one token');

      const client = ctx.client({ url, token });
      try {
        await checkToken(client);
      } finally {
        await client.close();
      }
      const config = await readConfig(ctx.configDir);
      const name = f.profile ?? profileName({}, io.env, config);
      config.profiles[name] = { url, token, ...(f.project ? { project: f.project } : {}) };
      config.defaultProfile ??= name;
      await writeConfig(ctx.configDir, config);
      notice(io, `Logged in to ${url} as profile "${name}" (${tokenKind(token)} token ${maskToken(token)}); saved in ${configPath(ctx.configDir)}`);
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
      const ctx = new CommandContext(app, command);
      const target = await ctx.target();
      const source = ctx.flags.url || io.env.FLAGCTL_URL || io.env.UNLEASH_URL ? 'flag/environment' : 'config';
      const tokenSource = io.env.FLAGCTL_TOKEN ? 'FLAGCTL_TOKEN' : io.env.UNLEASH_API_TOKEN ? 'UNLEASH_API_TOKEN' : `profile ${target.profile}`;
      const lines = [
        `Profile:  ${target.profile ?? '(none)'}`,
        `URL:      ${target.url} (from ${source})`,
        `Token:    ${maskToken(target.token)} (${tokenKind(target.token)}, from ${tokenSource})`,
        `Project:  ${target.project}`,
      ];
      io.stdout.write(`${lines.join('\n')}\n`);
      const client = ctx.client(target);
      try {
        await checkToken(client);
        io.stdout.write('Check:    ok, the server accepts this token\n');
      } catch (err) {
        const why = err instanceof ApiError ? `HTTP ${err.status}` : 'server unreachable';
        io.stdout.write(`Check:    failed (${why})\n`);
        throw err;
      } finally {
        await client.close();
      }
    });

  auth
    .command('logout')
    .description('Remove a saved profile and its token')
    .addHelpText('after', '\nExamples:\n  $ flagctl auth logout\n  $ flagctl auth logout --profile prod')
    .action(async (_opts: Record<string, unknown>, command: Command) => {
      const ctx = new CommandContext(app, command);
      const config = await readConfig(ctx.configDir);
      const name = profileName({ profile: ctx.flags.profile }, io.env, config);
      if (!config.profiles[name]) throw new UsageError(`no profile named "${name}"; nothing to log out of`);
      delete config.profiles[name];
      if (config.defaultProfile === name) {
        const next = Object.keys(config.profiles)[0];
        if (next) config.defaultProfile = next;
        else delete config.defaultProfile;
      }
      await writeConfig(ctx.configDir, config);
      notice(io, `Removed profile "${name}"`);
    });

  return auth;
}

