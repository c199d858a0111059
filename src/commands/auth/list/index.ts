import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';

export default defineCommand({
  path: ['auth', 'list'],
  summary: 'List the saved profiles: name, URL, project, token kind, and which is active',
  options: {},
  formats: FORMATS,
  help: `Reads only the config file: nothing is sent. The active profile is the one commands use without
--profile: --profile, then FLAGCTL_PROFILE, then the one \`auth switch\` chose. Tokens are never
shown, only their kind (admin, personal, client).`,
  examples: ['flagctl auth list', 'flagctl auth list -o json'],
  load: () => import('./run.js'),
});
