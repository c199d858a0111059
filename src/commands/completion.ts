import { Argument, Command, Option } from 'commander';
import { SHELLS, type Shell } from '../completion/values.js';
import { configDir, readConfig } from '../config/store.js';
import { UsageError } from '../errors.js';
import { write, type IO } from '../io.js';
import type { App } from './context.js';

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

export function completionCommand(app: App): Command {
  return new Command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('[shell]', 'the shell to complete for').choices(SHELLS))
    .addOption(new Option('--profiles', 'print the profile names of the config file (for the scripts)').hideHelp())
    .addHelpText(
      'after',
      `
The script completes commands, flags and their values, and profile names from your config.
To try it in the current bash: source <(flagctl completion bash)

Examples:
  $ flagctl completion bash > ~/.local/share/bash-completion/completions/flagctl
  $ flagctl completion zsh > "\${fpath[1]}/_flagctl"
  $ flagctl completion fish > ~/.config/fish/completions/flagctl.fish`,
    )
    .action(async (shell: Shell | undefined, opts: { profiles?: boolean }, command: Command) => {
      if (opts.profiles) return printProfiles(app.io);
      if (!shell) throw new UsageError(`name a shell: flagctl completion ${SHELLS.join(', ')}`);
      // The generators are loaded only by this command: other commands do not pay for them.
      const { completionScript } = await import('../completion/generate.js');
      let root = command;
      while (root.parent) root = root.parent;
      await write(app.io.stdout, completionScript(root, shell));
    });
}
