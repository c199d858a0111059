import { resolve, sep } from 'node:path';
import type { FlagInfo } from '../flags/list.js';
import { callMatcher } from './calls.js';
import { readTreeFile } from './diff/read.js';
import { knownNames } from './diff/tally.js';
import type { UnknownName } from './diff/model.js';
import { displayPath, type TreeOptions } from './scan.js';
import { walk } from './walk.js';

// `flagctl refs --fail-on unknown` without --diff: every name in a flag call, in every file
// the scan reads, that names no flag (a typo in `useUiFlag('newProjectLst')`). A second walk
// of the same files with the same rules (ignore files, --exclude, --max-file-kb, binary files
// skipped); it runs only when asked for, so a plain scan pays nothing for it.

export interface UnknownScan {
  tree: TreeOptions;
  calls: readonly string[];
  delimiters: string[];
  aliases: boolean;
  maxFileBytes: number;
  /** --project: the projects whose flags a call may name (every project when absent). */
  projects?: string[];
}

export async function unknownCalls(flags: FlagInfo[], o: UnknownScan): Promise<UnknownName[]> {
  const calls = callMatcher(o.calls, o.delimiters);
  const known = knownNames(flags, o.aliases);
  const out: UnknownName[] = [];
  const seen = new Set<string>();
  const read = (abs: string, shown: string) => {
    const real = resolve(abs);
    if (seen.has(real)) return;
    seen.add(real);
    const got = readTreeFile(abs, o.maxFileBytes);
    if (!('bytes' in got)) return;
    for (const { whole: _whole, ...k } of calls(got.bytes)) {
      if (!known(k.name, null, o.projects)) out.push({ ...k, file: shown, project: null });
    }
  };
  for (const given of o.tree.paths) {
    const shown = given.path.split(sep).join('/');
    if (given.kind === 'file') {
      read(given.path, displayPath(shown, ''));
      continue;
    }
    const root = resolve(given.path);
    for await (const batch of walk(root, o.tree, { shown })) {
      for (const rel of batch) read(`${root}${sep}${rel.split('/').join(sep)}`, displayPath(shown, rel));
    }
  }
  return out;
}
