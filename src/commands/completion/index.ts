import { SHELLS } from '../../cli/completion/shells.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['completion'],
  summary: 'Print the shell completion script for bash, zsh or fish',
  args: [{ name: '[shell]', help: 'the shell to complete for', choices: SHELLS }],
  options,
  help: `The script completes commands, flags and their values, and profile names from your config.
To try it in the current bash: source <(flagctl completion bash)`,
  examples: [
    'flagctl completion bash > ~/.local/share/bash-completion/completions/flagctl',
    'flagctl completion zsh > "${fpath[1]}/_flagctl"',
    'flagctl completion fish > ~/.config/fish/completions/flagctl.fish',
  ],
  load: () => import('./run.js'),
});
