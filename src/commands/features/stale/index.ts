import { offer, ROW_FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { checkSearch } from '../../../cli/search-options.js';
import { options } from './options.js';

export default defineCommand({
  path: ['features', 'stale'],
  summary: 'List stale and potentially stale flags; with --max or --fail-on, a gate (exit 3)',
  options,
  formats: offer(ROW_FORMATS, 'github'),
  // In GitHub Actions an -o left at its default means annotations.
  help: `A flag is listed when it is marked stale, or potentially stale: not marked, but older than its
type's expected lifetime. The reason column says which. Project and type filters take the same
forms as in \`features search\` (web, web,mobile, !web, IS_ANY_OF:web,mobile). Without
--project it lists every project's flags, not the profile's project: stale flags are a
server-wide clean-up list, as in \`features search\`.

A list, not a gate: it exits 0 whatever it finds, as a linter's warnings do, so a report needs
no \`|| true\` (npm outdated exits 1 instead, which every script must then mask). Ask for the
gate: --max N exits 3 when more than N are listed, --fail-on stale,potentially-stale when any
listed flag is in those states (more than --max, default 0).

--stale-for 30d lists only flags marked stale more than 30 days ago (when, from the change
history: one event search per project) or potentially stale for longer (created more than the
type's lifetime plus 30 days ago). Ages: 30d, 2w, 12h. In json each flag has staleSince (when it
was last marked stale, or null), potentiallyStale (true or false) and potentiallyStaleSince.

With -o github each flag is a warning annotation, and a markdown table is appended to
$GITHUB_STEP_SUMMARY when it is set; without it the output is the same in CI as anywhere else.
A failed request exits 1 (or 4 for a refused token), never 3.`,
  examples: [
    'flagctl features stale',
    'flagctl features stale --project web --type release,experiment --max 5',
    'flagctl features stale --stale-for 30d --fail-on stale -o github',
  ],
  // With --max or --fail-on a gate: its code judges every flag, even when the reader of stdout has gone.
  gate: (f) => f.max !== undefined || f.failOn !== undefined,
  check: checkSearch,
  load: () => import('./run.js'),
});
