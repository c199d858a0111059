import { completionScript } from '../../cli/completion/generate.js';
import { SHELLS, type Shell } from '../../cli/completion/shells.js';
import { configDir, readConfig } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import { write, type IO } from '../../io.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import type { options } from './options.js';

/** Profile names a shell may safely take as words; anything else in the file is left out. */
const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * `completion --profiles`, which the scripts run while completing `--profile`: the profile
 * names in the config file, one per line. On any error it prints nothing: a broken config must
 * not spill messages into the user's command line.
 */
async function printProfiles(io: IO): Promise<void> {
  let names: string[];
  try {
    names = Object.keys((await readConfig(configDir(io.env))).profiles);
  } catch {
    return;
  }
  const safe = names.filter((n) => SAFE_NAME.test(n)).sort();
  if (safe.length) await write(io.stdout, `${safe.join('\n')}\n`);
}

/** `completion <shell>`: the script, generated from the command records. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  if (req.options.profiles) return printProfiles(ctx.io);
  if (req.options.serverNames)
    return (await import('./server-names.js')).printServerNames(
      ctx,
      req.options.serverNames,
      req.options.word ?? '',
      req.options.arg ?? [],
    );
  const shell = req.args[0] as Shell | undefined;
  if (!shell) throw new UsageError(`name a shell: flagctl completion ${SHELLS.join(', ')}`);
  await write(ctx.io.stdout, completionScript(req.program, shell));
}
