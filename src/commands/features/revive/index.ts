import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../../cli/spec.js';
import { pathSegment } from '../../../cli/values.js';
import { options } from './options.js';

export default defineCommand({
  path: ['features', 'revive'],
  summary: 'Restore archived flags (the undo of retire apply); writes',
  args: [{ name: '[name...]', help: 'the archived flags to restore', parse: pathSegment('flag name') }],
  options,
  formats: ['table', 'json'],
  help: `Sends POST /api/admin/projects/<id>/revive with the names, 100 to a request, then reads the
project to verify each one is active again. The names on the command line (or the archived
list of a --from result file) are the explicit consent: revive does not ask. A revived flag
comes back as it was archived; Unleash leaves its environments disabled.
Exit 0 when every flag is active again, 1 when any is not.`,
  examples: ['flagctl features revive old-checkout legacy-search', 'flagctl features revive --from result.json'],
  check: ({ args, options: f }) => {
    const given = (args[0] as string[] | undefined) ?? [];
    if (given.length > 0 && f.from) throw new UsageError('give flag names or --from, not both');
    if (given.length === 0 && !f.from) throw new UsageError('give the archived flags to revive, or --from result.json');
  },
  load: () => import('./run.js'),
});
