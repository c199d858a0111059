import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { pathSegment } from '../../../cli/values.js';
import { options } from './options.js';

export default defineCommand({
  path: ['feature', 'get'],
  summary: "Show one feature's full record: environments, strategies, constraints, variants",
  args: [{ name: '<feature>', help: 'feature name', parse: pathSegment('feature name') }],
  options,
  formats: FORMATS,
  examples: [
    'flagctl feature get checkout-v2',
    "flagctl feature get checkout-v2 --project web -o json | jq '.environments[].enabled'",
    'flagctl feature get checkout-v2 -o csv --columns environment,enabled,strategies',
  ],
  load: () => import('./run.js'),
});
