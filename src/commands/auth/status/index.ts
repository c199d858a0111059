import { defineCommand } from '../../../cli/spec.js';

export default defineCommand({
  path: ['auth', 'status'],
  summary: 'Show which server and token commands use, and check the token live',
  options: {},
  help: `Exits 0 when the token works, 4 when the server refuses it, 1 when the server cannot be reached,
and 5 when the server has no project by the profile's project id (it lists the ones it has).`,
  examples: ['flagctl auth status', 'flagctl auth status --profile prod'],
  load: () => import('./run.js'),
});
