import { profileName } from '../../../config/resolve.js';
import { profileNamed, readConfig, writeConfig } from '../../../config/store.js';
import { UsageError } from '../../../errors.js';
import { notice } from '../../../output/context.js';
import type { RunContext } from '../../../cli/context.js';

/** `auth logout`: the profile goes; the default moves to another profile if one is left. */
export async function run(ctx: RunContext): Promise<void> {
  const { io } = ctx;
  const config = await readConfig(ctx.configDir);
  const name = profileName({ profile: ctx.globals.profile }, io.env, config);
  if (!profileNamed(config, name)) throw new UsageError(`no profile named "${name}"; nothing to log out of`);
  delete config.profiles[name];
  if (config.defaultProfile === name) {
    const next = Object.keys(config.profiles)[0];
    if (next) config.defaultProfile = next;
    else delete config.defaultProfile;
  }
  await writeConfig(ctx.configDir, config);
  notice(io, `Removed profile "${name}"`);
}
