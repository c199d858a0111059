import { profileNamed, readConfig, writeConfig } from '../../../config/store.js';
import { UsageError } from '../../../errors.js';
import { notice } from '../../../output/context.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';

/** `auth switch <profile>`: the config's default profile becomes that one; nothing is sent. */
export async function run(ctx: RunContext, req: Request<Record<string, never>>): Promise<void> {
  const name = req.args[0] as string;
  const config = await readConfig(ctx.configDir);
  const profile = profileNamed(config, name);
  if (!profile) {
    const known = Object.keys(config.profiles);
    throw new UsageError(
      `no profile named "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ' (no profiles are saved)'}`,
      `Create it with: flagctl auth login --url <server-url> --profile ${name}`,
    );
  }
  config.defaultProfile = name;
  await writeConfig(ctx.configDir, config);
  notice(ctx.io, `Switched to profile "${name}" (${profile.url})`);
  const env = ctx.io.env.FLAGCTL_PROFILE;
  if (env && env !== name)
    notice(ctx.io, `FLAGCTL_PROFILE is set to "${env}": it still takes precedence in this shell`);
}
