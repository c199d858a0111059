import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';

export default defineCommand({
  path: ['environments', 'list'],
  summary: "List the server's environments",
  options: {},
  formats: FORMATS,
  help: `One request (GET /api/admin/environments). -o json and ndjson print each environment as the server
sends it; --columns picks name, type, enabled, protected, sortOrder. Piped, the table is one
environment per line, for scripts: flagctl environments list --columns name --no-headers`,
  examples: ['flagctl environments list', 'flagctl environments list -o json'],
  load: () => import('./run.js'),
});
