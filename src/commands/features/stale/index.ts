import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { checkSearch } from '../search-options.js';
import { options } from './options.js';

export default defineCommand({
  path: ['features', 'stale'],
  summary: 'List stale and potentially stale flags; exit 3 when there are more than --max',
  options,
  formats: [...FORMATS, 'github'],
  help: `A flag is listed when it is marked stale, or potentially stale: not marked, but older than its
type's expected lifetime. The reason column says which. Project and type filters take the same
forms as in \`features search\` (web, web,mobile, !web, IS_ANY_OF:web,mobile).

In GitHub Actions (GITHUB_ACTIONS=true) without -o, each flag is a warning annotation, and a
markdown table is appended to $GITHUB_STEP_SUMMARY when it is set. A failed request exits 1
(or 4 for a refused token), never 3.`,
  examples: [
    'flagctl features stale',
    'flagctl features stale --project web --type release,experiment --max 5',
    'flagctl features stale -o github',
  ],
  // A gate: its code judges every flag, even when the reader of stdout has gone.
  gate: () => true,
  check: checkSearch,
  load: () => import('./run.js'),
});
