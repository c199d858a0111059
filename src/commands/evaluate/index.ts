import { FORMATS } from '../../output/formats.js';
import { defineCommand, FlagValueError, type FlagTable } from '../kit/spec.js';
import { oneOf, pathSegment, text } from '../kit/values.js';

export const flags = {
  env: {
    flags: '-e, --env <environment>',
    help: 'environment to evaluate in (required)',
    parse: text('an environment name must not be empty'),
  },
  context: {
    flags: '-c, --context <key=value>',
    help: 'a context field, repeatable: userId, sessionId, appName, environment, remoteAddress, currentTime, or any custom field',
    repeat: true,
    parse: (raw: string) => {
      if (!raw.includes('=')) throw new FlagValueError('expected key=value, e.g. --context userId=42');
      return raw;
    },
  },
  all: { flags: '--all', help: 'evaluate every flag of --project (instead of naming features)' },
  project: {
    flags: '-p, --project <id>',
    help: "project whose flags --all evaluates (default: the profile's project, else default); with names, only that project",
    parse: (raw: string) => pathSegment('project')(text('a project id must not be empty')(raw)),
  },
  expect: {
    flags: '--expect <on|off>',
    help: 'exit 3 unless the one feature named is on (or off) for this context',
    values: ['on', 'off'],
    parse: oneOf(['on', 'off'] as const),
  },
} as const satisfies FlagTable;

export default defineCommand({
  path: ['evaluate'],
  summary: 'Evaluate flags for a context and explain why each is on or off (read-only playground)',
  args: [{ name: '[feature...]', help: 'feature names (or --all)' }],
  flags,
  formats: FORMATS,
  help: `Sends the context to POST /api/admin/playground, which evaluates without changing anything.
The terminal view shows, for each feature: on or off and the variant, the strategy that decided
it, each constraint with ✓ or ✗ and the context value it was checked against (or that the
context did not give it), segments, and an unsatisfied parent dependency.

The playground requires an appName; without --context appName=…, flagctl sends "flagctl".
-o json prints the server's answer for the features asked; csv, ndjson and markdown print one
row per feature: feature, enabled, variant, strategy. An unknown environment exits 5 and lists
the environments. --expect fails with exit 3, after printing, when the result differs.`,
  examples: [
    'flagctl evaluate checkout-v2 --env production --context userId=42 --context country=DE',
    'flagctl evaluate payments.kill-switch --env production -c appName=eu-web --expect off',
    'flagctl evaluate --all --project web --env development -c userId=7 -o csv',
  ],
  load: () => import('./run.js'),
});
