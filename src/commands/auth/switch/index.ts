import { defineCommand } from '../../../cli/spec.js';
import { text } from '../../../cli/values.js';

export default defineCommand({
  path: ['auth', 'switch'],
  summary: 'Make a saved profile the active one (what commands use without --profile)',
  args: [
    {
      name: '<profile>',
      help: 'a profile name, as `auth list` shows',
      parse: text('a profile name must not be empty'),
    },
  ],
  options: {},
  help: 'FLAGCTL_PROFILE and --profile still take precedence over the active profile, as KUBECONFIG contexts do.',
  examples: ['flagctl auth switch prod', 'flagctl auth switch staging'],
  load: () => import('./run.js'),
});
