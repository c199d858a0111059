import { UsageError } from '../../../errors.js';
import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { pathSegment } from '../../../cli/values.js';
import { options } from './options.js';

export default defineCommand({
  path: ['feature', 'history'],
  summary: "Show a feature's change history: when, who, what type, which environment, and what changed",
  args: [
    {
      name: '<feature>',
      server: 'features',
      help: 'feature name (archived features have a history too)',
      parse: pathSegment('feature name'),
    },
  ],
  options,
  formats: FORMATS,
  help: `Reads /api/admin/search/events (feature=IS:<name>), newest first, paged as search is.
The summary column is computed from each event's data and preData, e.g.
  strategy "Gradual 25%": rollout 25% → 50%
The server's own markdown summary is never shown. -o json passes the events through as the
server sent them.

Filters: --project, --since and --event-type are sent to the server, which filters on Unleash
6.10.1 and 8.2.0; --since and --event-type are checked again locally, so a server that ignores
them still shows only matching events. A feature the server has no events for exits 5.`,
  examples: [
    'flagctl feature history checkout-v2',
    'flagctl feature history checkout-v2 --since 2025-01-01 --event-type feature-strategy-update --all',
    'flagctl feature history checkout-v2 -o json | jq ".[].type"',
  ],
  // --limit has a default, so only whether it was given tells the two apart.
  check: ({ options: f, given }) => {
    if (f.all && given.has('limit')) throw new UsageError('give --limit or --all, not both');
  },
  load: () => import('./run.js'),
});
