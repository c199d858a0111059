import { UsageError } from '../../../errors.js';
import { promptHidden, readStdin } from '../../../config/prompt.js';
import { checkConfigDir, configPath, readConfig, writeConfig } from '../../../config/store.js';
import { checkedToken, maskToken, tokenKind } from '../../../config/token.js';
import { parseBaseUrl } from '../../../config/url.js';
import { notice } from '../../../output/context.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { checkToken } from '../check.js';
import type { options } from './options.js';
import { askLine, chooseProfile, PROFILE_NAME } from './profile-choice.js';

/** `auth login`: the token is checked against the server (and --project against its projects) before the profile is saved. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  if (ctx.globals.url === undefined)
    throw new UsageError('--url: required: the server base URL, e.g. --url https://unleash.example.com');
  const named = ctx.globals.profile ?? (io.env.FLAGCTL_PROFILE || undefined);
  if (named !== undefined && !PROFILE_NAME.test(named)) {
    throw new UsageError(
      `${ctx.globals.profile !== undefined ? '--profile' : 'FLAGCTL_PROFILE'} "${named}": use 1 to 64 letters, digits, ".", "_" or "-"`,
    );
  }
  const url = parseBaseUrl(ctx.globals.url, '--url');
  // Before the token is asked for or sent: it could not be saved there.
  await checkConfigDir(ctx.configDir);
  const before = await readConfig(ctx.configDir);
  const onTerminal = io.stdinIsTTY && io.stderrIsTTY;
  const choice = await chooseProfile(before, url, named, onTerminal ? askLine(io) : undefined);
  const raw = io.stdinIsTTY ? await promptHidden(io, `API token for ${url}: `) : await readStdin(io);
  if (!raw.trim()) throw new UsageError('no token given: pipe it on stdin or type it at the prompt');
  const token = checkedToken(raw, io.stdinIsTTY ? 'the prompt' : 'stdin');

  const target = { url, token };
  await checkToken(ctx.client(target), 'login', token);
  const { project } = req.options;
  if (project !== undefined) await ctx.confirmProject(target, project, '--project');
  // Read again: another login may have saved a profile while this one waited for the token.
  const config = await readConfig(ctx.configDir);
  config.profiles[choice.name] = { url, token, ...(project ? { project } : {}) };
  config.defaultProfile ??= choice.name;
  await writeConfig(ctx.configDir, config);
  const replaced = choice.replaces ? `; it replaces the profile for ${choice.replaces}` : '';
  notice(
    io,
    `Logged in to ${url} as profile "${choice.name}" (${tokenKind(token)} token ${maskToken(token)}); saved in ${configPath(ctx.configDir)}${replaced}`,
  );
  if (config.defaultProfile !== choice.name) {
    notice(
      io,
      `The active profile is still "${config.defaultProfile}": use --profile ${choice.name}, or make it active with: flagctl auth switch ${choice.name}`,
    );
  }
}
