import { readFile, writeFile } from 'node:fs/promises';
import { flagCallsFrom } from './calls.js';
import { cleanFile, type FileCleanup } from './clean.js';
import type { Leftover } from './leftovers.js';
import { unifiedDiff } from './patch.js';
import { patchPathOf } from './patch-path.js';
import { configTop } from '../refs/diff/config.js';
import { emptyStats, scanTree, type TreeOptions, type TreeStats } from '../refs/scan.js';

// cleanup over a tree: refs' own walk finds the files that name a flag (same ignore rules);
// only those are read again and parsed.

export interface CleanedFile extends Omit<FileCleanup, 'before' | 'after'> {
  file: string;
  changed: boolean;
  patch: string;
}

export interface TreeCleanup {
  files: CleanedFile[];
  stats: TreeStats;
}

/** `calls`: refs' list of flag calls for the tree (flagctl.json's refs.calls with the SDKs'). */
export async function cleanTree(
  flags: Map<string, boolean>,
  tree: TreeOptions,
  write: boolean,
  calls: readonly string[],
): Promise<TreeCleanup> {
  const callsOf = flagCallsFrom(calls);
  const stats = emptyStats();
  const names = [...flags.keys()];
  const spec = { names, aliases: [], delimiters: ['"', "'", '`'], maxFileBytes: 1024 * 1024 };
  const files: CleanedFile[] = [];
  const cwd = process.cwd();
  const top = configTop(cwd);
  for await (const found of scanTree(spec, tree, stats)) {
    if (found.refs.length === 0) continue;
    const before = await readFile(found.file, 'utf8');
    const result = await cleanFile(found.file, before, flags, callsOf);
    const changed = result.after !== before;
    if (changed && write) await writeFile(found.file, result.after);
    files.push({
      file: found.file,
      changed,
      patch: unifiedDiff(patchPathOf(found.file, cwd, top), before, result.after),
      actions: result.actions,
      leftovers: result.leftovers,
    });
  }
  return { files, stats };
}

export const leftoversOf = (t: TreeCleanup): (Leftover & { file: string })[] =>
  t.files.flatMap((f) => f.leftovers.map((l) => ({ file: f.file, ...l })));
