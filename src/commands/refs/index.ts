import { offer, ROW_FORMATS } from '../../output/formats.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['refs'],
  summary: "Find the server's flags in source code; gate CI on stale and archived ones; say which flags can go",
  args: [{ name: '[path...]', files: true, help: 'files and directories to search (default: .)' }],
  options,
  formats: offer(ROW_FORMATS, 'github', 'sarif'),
  help: `A reference is a flag's exact name between two delimiters (" ' and \` by default), so
"checkout" is not found inside "checkout-v2". Comments count: code that is commented out still
names the flag. --aliases adds the name's case forms (new-checkout: newCheckout, NewCheckout,
new_checkout, NEW_CHECKOUT) as whole identifiers.

Inside a git work tree, the files git tracks and the untracked ones it does not ignore are read;
elsewhere every .gitignore is honoured; --no-ignore reads everything. .git, binary files, files
over --max-file-kb and symbolic links met in a walk are skipped (a link named as a path is read).
Paths in the output are the path given joined with the file's path under it; --exclude matches
them as printed, or relative to the path given. Files not read for another reason (unreadable,
a name that is not UTF-8, a symbolic link not followed, over --max-file-kb) are counted on
stderr; with --fail-on, an unreadable file or name exits 1 unless --allow-skipped (links and
the size cap are rules, and do not fail the gate). The start and end of a line or file
always count as delimiters.

--summary verdicts: remove-code (stale, potentially stale or completed, still referenced; for a
completed flag, "keep branch" says which path stays: enabled if kept, disabled if discarded),
archive (the same, no reference), restore-or-remove (archived, still referenced), keep;
with --fail-on unknown, fix-name (a name in a flag call that no flag has).

-o github writes a warning annotation for each reference to a stale, potentially stale or
archived flag (and a summary table to $GITHUB_STEP_SUMMARY when it is set); -o sarif writes
the same references as SARIF 2.1.0 for code scanning. With --fail-on unknown, each name in a
flag call that no flag has is a row after the references (state unknown) in every format, and
an error annotation. Nothing is uploaded anywhere.

--diff <base> reports only what changed since a git revision (a pull request's base): per flag,
the references added and removed (matched by line content, so a moved file adds nothing),
flags left without any reference in the whole tree (extinct: see flagctl retire plan) and
flags new to the code. It reads the changed files at both revisions, then the files that still
name the flags in question. --fail-on added-stale,added-potentially-stale,added-archived,
added-completed,added-unknown gates on what the change adds; -o github annotates added lines.
--root compares one directory; flagctl.json at the repository top maps paths to projects.`,
  examples: [
    'flagctl refs src --summary',
    'flagctl refs --fail-on stale,archived -o github',
    'flagctl refs --diff origin/main --fail-on added-stale,added-archived -o github',
  ],
  gate: (f) => (f.failOn ?? []).length > 0,
  load: () => import('./run.js'),
});
