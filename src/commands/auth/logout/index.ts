import { defineCommand } from '../../../cli/spec.js';

export default defineCommand({
  path: ['auth', 'logout'],
  summary: 'Remove a saved profile and its token',
  options: {},
  examples: ['flagctl auth logout', 'flagctl auth logout --profile prod'],
  load: () => import('./run.js'),
});
