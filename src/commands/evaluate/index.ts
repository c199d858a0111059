import { FORMATS } from '../../output/formats.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['evaluate'],
  summary: 'Evaluate flags for a context and explain why each is on or off (read-only playground)',
  args: [{ name: '[feature...]', server: 'features', help: 'feature names (or --all)' }],
  options,
  formats: FORMATS,
  help: `Sends the context to POST /api/admin/playground, which evaluates without changing anything.
The terminal view shows, for each feature: on or off and the variant, the strategy that decided
it, each constraint with ✓ or ✗ and the context value it was checked against (or that the
context did not give it), segments, and an unsatisfied parent dependency.

The playground requires an appName; without --context appName=…, flagctl sends "flagctl".
-o json prints the server's answer for the features asked; csv, ndjson and markdown print one
row per feature: name, enabled, variant, strategy. An unknown environment exits 5 and lists
the environments. --expect fails with exit 3, after printing, when the result differs;
--fail-on on|off is the same gate spelled as every gate's --fail-on (--fail-on off = --expect on).`,
  examples: [
    'flagctl evaluate checkout-v2 --env production --context userId=42 --context country=DE',
    'flagctl evaluate payments.kill-switch --env production -c appName=eu-web --expect off',
    'flagctl evaluate --all --project web --env development -c userId=7 -o csv',
  ],
  gate: (f) => f.expect !== undefined || f.failOn !== undefined,
  check: ({ args, options: f }) => {
    const names = new Set((args[0] as string[] | undefined) ?? []);
    if (!f.env) throw new UsageError('evaluate needs --env <environment>, e.g. --env production');
    if (names.size === 0 && !f.all)
      throw new UsageError('name at least one feature, or use --all (with --project) for every flag of a project');
    if (names.size > 0 && f.all) throw new UsageError('give feature names or --all, not both');
    if (f.expect && names.size !== 1)
      throw new UsageError(`--expect ${f.expect} checks exactly one feature; name one (not --all)`);
    if (f.failOn && names.size !== 1)
      throw new UsageError(`--fail-on ${f.failOn} checks exactly one feature; name one (not --all)`);
  },
  load: () => import('./run.js'),
});
