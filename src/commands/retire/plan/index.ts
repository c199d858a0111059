import { DOCUMENT_FORMATS, offer } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['retire', 'plan'],
  summary: 'Judge which stale flags can be archived, with the evidence; never writes',
  args: [{ name: '[path...]', files: true, help: 'files and directories to search for references (default: .)' }],
  options,
  formats: offer(DOCUMENT_FORMATS, 'markdown', 'github'),
  help: `Candidates are the project's flags that are stale, potentially stale or in lifecycle stage
completed, and any named with --include. Each gets four checks, each with its evidence:
no-references (refs' engine over the paths: same delimiters, ignore rules and aliases),
not-seen (no environment's lastSeenAt within --unseen-days, and no enabled environment of
the instance that the project does not enable, where the server reports none), no-dependents (no flag names it
as its parent) and not-archived. The verdict is archive when all pass, remove-code when the
code still names it (with the files, and the branch to keep when its lifecycle is completed
as kept or discarded), and blocked otherwise, naming the failing check. A file that could not
be read (or is over --max-file-kb) means no flag is judged free of references.

-o json is the plan file for \`retire apply\`: versioned, with the server and its instance id,
the project, the environments, the paths, each flag's checks and a digest of its state, and a
digest of the whole plan. --out writes that file and still prints the table (or -o format):
review it with \`retire show\`, apply the same file.
-o markdown reads as a pull-request comment; -o github writes annotations. Nothing is written
to the server: only reads, and search is paced to the server's rate limit.`,
  examples: [
    'flagctl retire plan src',
    'flagctl retire plan src --out plan.json',
    'flagctl retire plan . --fail-on archive -o markdown > comment.md',
  ],
  gate: (f) => f.failOn !== undefined,
  load: () => import('./run.js'),
});
