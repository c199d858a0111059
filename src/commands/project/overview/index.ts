import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { pathSegment } from '../../../cli/values.js';

export default defineCommand({
  path: ['project', 'overview'],
  summary: "Show a project's settings, stats, environments and features",
  args: [
    {
      name: '[projectId]',
      server: 'projects',
      help: "project id, e.g. default (default: the profile's project, else default)",
      parse: pathSegment('project id'),
    },
  ],
  options: {},
  formats: FORMATS,
  help: `Table and json show the whole overview; csv, ndjson and markdown give the feature rows
(--columns picks them, as in the search table, e.g. env:production.enabled).
Servers from Unleash 7 on no longer have the overview endpoint: flagctl then builds the same
overview from /api/admin/projects/<id>/overview and /api/admin/projects/<id>/features (two
requests at any size), and says so under --debug. A project the server does not have exits 5
naming it and listing the projects it has. Columns only search has (lifecycle, createdBy,
segments, dependencyType) are fetched from search when --columns asks for them; search is
rate-limited on Unleash 8, so that is paced (see --max-wait).`,
  examples: [
    'flagctl project overview',
    "flagctl project overview default -o json | jq '.features | length'",
    'flagctl project overview default -o csv --columns name,type,stale,env:production.enabled',
  ],
  load: () => import('./run.js'),
});
