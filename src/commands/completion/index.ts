import { Argument, Command, Option } from 'commander';
import { SHELLS, type Shell } from '../../completion/shells.js';
import type { App } from '../context.js';

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
    // The generators and the config reader load only when this command runs.
    .action(async (shell: Shell | undefined, opts: { profiles?: boolean }, command: Command) => {
      const { completion } = await import('./run.js');
      await completion(app, shell, opts, command);
    });
}
