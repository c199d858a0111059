import type { Command } from 'commander';
import * as z from '../../zod-mini.js';
import type { ApiClient } from '../../api/client.js';
import { parseBaseUrl } from '../../api/path.js';
import { ApiError, UsageError } from '../../errors.js';
import { profileName } from '../../config/resolve.js';
import { promptHidden, readStdin } from '../../config/prompt.js';
import { configPath, readConfig, writeConfig } from '../../config/store.js';
import { maskToken, tokenKind } from '../../config/token.js';
import { notice } from '../../output/context.js';
import { CommandContext, type App } from '../context.js';
import { parseFlags } from '../parse-options.js';

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

/** `auth login`: the token is checked against the server before the profile is saved. */
export async function login(app: App, opts: Record<string, unknown>, command: Command): Promise<void> {
  const io = app.io;
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
}

/** `auth status`: where the server and token come from, then a live check of the token. */
export async function status(app: App, command: Command): Promise<void> {
  const io = app.io;
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
}

/** `auth logout`: the profile goes; the default moves to another profile if one is left. */
export async function logout(app: App, command: Command): Promise<void> {
  const io = app.io;
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
}
