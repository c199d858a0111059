import { DOCUMENT_FORMATS, offer } from '../../output/formats.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['cleanup'],
  summary: "Remove a retired flag's code: a patch that keeps one branch, for a person to review",
  args: [
    {
      name: '<flag...>',
      // Flag names first, then paths: both complete (a retired flag is usually still active).
      server: 'features',
      files: 'with-names',
      help: 'flag names, then the files and directories to clean (default: .): paths start at the first word that holds a / or names an existing file or directory',
    },
  ],
  options,
  formats: offer(DOCUMENT_FORMATS),
  // A patch, or the edits as a document: no columns.
  formatOnly: true,
  help: `Each call of the flag (isEnabled, useFlag, is_enabled, IsEnabled and their variant calls)
becomes the kept literal, and what that decides is simplified: !, &&, ||, === true, if / else if /
else (the kept block unwrapped where no declaration would leak), ternaries, JSX {flag && <A/>}
and {flag ? <A/> : <B/>}, code after a return the flag made unconditional, a const whose every
use was replaced (const on = useFlag('x')), and imports the rewrite itself left unused.

The branch kept comes from --keep, else from the server: a flag whose lifecycle is completed
keeps its enabled code when it was kept, its disabled code when it was discarded. Neither known
nor given exits 2. With --keep, the server is not asked; cleanup never writes to the server.

By default the patch is printed, for git apply: paths are named from the top of the git work
tree, as git diff names them, so it applies from anywhere in the tree; --write edits the files. Whatever still names the flag (a variant, a value passed
on, an object, a test's mock, a file that does not parse) is left as it was and listed on stderr
(-o json: "leftovers"), and exits 3 unless --allow-leftovers.`,
  examples: [
    'flagctl cleanup new-checkout src > cleanup.patch && git apply cleanup.patch',
    'flagctl cleanup new-checkout --keep off --write',
    'flagctl cleanup new-checkout old-banner src -o json',
  ],
  // A gate: leftovers exit 3 even when the reader of stdout has gone.
  gate: (f) => f.allowLeftovers !== true,
  load: () => import('./run.js'),
});
