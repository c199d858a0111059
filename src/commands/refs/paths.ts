import { UsageError } from '../../errors.js';
import { pathKind } from '../../refs/walk.js';

/** The paths a tree scan searches (refs, retire plan): each given one checked, `.` when none. */
export function searchedPaths(args: string[] | undefined): { path: string; kind: 'dir' | 'file' }[] {
  const given = (args ?? []).filter((p) => p.length > 0);
  return (given.length > 0 ? given : ['.']).map((path) => {
    const kind = pathKind(path);
    if (kind === 'missing') throw new UsageError(`path "${path}" does not exist; give files or directories to search`);
    if (kind === 'other') throw new UsageError(`path "${path}" is not a file or a directory`);
    return { path, kind };
  });
}
