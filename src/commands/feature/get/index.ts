import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { pathSegment } from '../../../cli/values.js';
import { options } from './options.js';

export default defineCommand({
  path: ['feature', 'get'],
  summary: "Show one feature's full record: environments, strategies, constraints, variants",
  args: [{ name: '<feature>', server: 'features', help: 'feature name', parse: pathSegment('feature name') }],
  options,
  formats: FORMATS,
  help: `A flag that is not in the project exits 5. When it is in the project's archive, the message
says so and names \`flagctl features revive <feature>\`, which brings it back.`,
  examples: [
    'flagctl feature get checkout-v2',
    "flagctl feature get checkout-v2 --project web -o json | jq '.environments[].enabled'",
    'flagctl feature get checkout-v2 -o csv --columns environment,enabled,strategies',
  ],
  load: () => import('./run.js'),
});
