import { FORMATS } from '../../../output/formats.js';
import { defineCommand, type FlagTable } from '../../kit/spec.js';
import { pathSegment, text } from '../../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "project the feature belongs to (default: the profile's project, else default)",
    parse: (raw: string) => pathSegment('project')(text('a project id must not be empty')(raw)),
  },
} as const satisfies FlagTable;

export default defineCommand({
  path: ['feature', 'get'],
  summary: "Show one feature's full record: environments, strategies, constraints, variants",
  args: [{ name: '<feature>', help: 'feature name', parse: pathSegment('feature name') }],
  flags,
  formats: FORMATS,
  examples: [
    'flagctl feature get checkout-v2',
    "flagctl feature get checkout-v2 --project web -o json | jq '.environments[].enabled'",
    'flagctl feature get checkout-v2 -o csv --columns environment,enabled,strategies',
  ],
  load: () => import('./run.js'),
});
