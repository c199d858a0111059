import { UsageError } from '../../../errors.js';
import { DOCUMENT_FORMATS, offer } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { pathSegment } from '../../../cli/values.js';
import { options } from './options.js';

export default defineCommand({
  path: ['features', 'revive'],
  summary: 'Restore archived flags (the undo of retire apply); writes',
  args: [
    { name: '[name...]', server: 'archived', help: 'the archived flags to restore', parse: pathSegment('flag name') },
  ],
  options,
  formats: offer(DOCUMENT_FORMATS),
  help: `Reads the project (a flag already active is skipped), sends POST
/api/admin/projects/<id>/revive with the rest, 100 to a request, then reads the project to
verify each one is active again. The names on the command line (or the archived and
unverified flags of a --from result file) are the explicit consent: revive does not ask. A
revived flag comes back as it was archived; Unleash leaves its environments disabled. Only a
refusal (4xx) fails a flag; after any other answer it is verified by reading, else reported
"unverified". Ctrl-C, SIGTERM and SIGHUP stop after the request in flight (exit 130, 143, 129).
Exit 0 when every flag is active again, 1 when any is not or is unverified.`,
  examples: ['flagctl features revive old-checkout legacy-search', 'flagctl features revive --from result.json'],
  // Its report of each flag is never paged.
  writes: true,
  check: ({ args, options: f }) => {
    const given = (args[0] as string[] | undefined) ?? [];
    if (given.length > 0 && f.from) throw new UsageError('give flag names or --from, not both');
    if (given.length === 0 && !f.from) throw new UsageError('give the archived flags to revive, or --from result.json');
  },
  load: () => import('./run.js'),
});
