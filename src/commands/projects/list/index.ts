import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';

export default defineCommand({
  path: ['projects', 'list'],
  summary: 'List the projects the token can see',
  options: {},
  formats: FORMATS,
  help: `One request (GET /api/admin/projects). -o json and ndjson print each project as the server sends it;
--columns picks id, name, description, features, members, createdAt. Piped, the table is one
project per line, for scripts: flagctl projects list --columns id --no-headers | while read p; do …; done`,
  examples: ['flagctl projects list', 'flagctl projects list --columns id --no-headers'],
  load: () => import('./run.js'),
});
