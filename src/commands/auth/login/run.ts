import { UsageError } from '../../../errors.js';
import { profileName } from '../../../config/resolve.js';
import { promptHidden, readStdin } from '../../../config/prompt.js';
import { checkConfigDir, configPath, readConfig, writeConfig } from '../../../config/store.js';
import { checkedToken, maskToken, tokenKind } from '../../../config/token.js';
import { parseBaseUrl } from '../../../config/url.js';
import { notice } from '../../../output/context.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { checkToken } from '../check.js';
import type { options } from './options.js';

/** A profile name is a word in the config file and in shell completion. */
const PROFILE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** `auth login`: the token is checked against the server before the profile is saved. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  if (ctx.globals.url === undefined) throw new UsageError('--url: required: the server base URL, e.g. --url https://unleash.example.com');
  if (ctx.globals.profile !== undefined && !PROFILE_NAME.test(ctx.globals.profile)) {
    throw new UsageError(`--profile "${ctx.globals.profile}": use 1 to 64 letters, digits, ".", "_" or "-"`);
  }
  const url = parseBaseUrl(ctx.globals.url, '--url');
  // Before the token is asked for or sent: it could not be saved there.
  await checkConfigDir(ctx.configDir);
  const raw = io.stdinIsTTY ? await promptHidden(io, `API token for ${url}: `) : await readStdin(io);
  if (!raw.trim()) throw new UsageError('no token given: pipe it on stdin or type it at the prompt');
  const token = checkedToken(raw, io.stdinIsTTY ? 'the prompt' : 'stdin');

  const client = ctx.client({ url, token });
  await checkToken(client);
  const config = await readConfig(ctx.configDir);
  const name = ctx.globals.profile ?? profileName({}, io.env, config);
  const { project } = req.options;
  config.profiles[name] = { url, token, ...(project ? { project } : {}) };
  config.defaultProfile ??= name;
  await writeConfig(ctx.configDir, config);
  notice(io, `Logged in to ${url} as profile "${name}" (${tokenKind(token)} token ${maskToken(token)}); saved in ${configPath(ctx.configDir)}`);
}
