import type { FlagInfo } from '../../flags/list.js';
import { UNKNOWN_NAME, type Reference } from '../../refs/model.js';
import type { MatchOptions } from '../../refs/references.js';
import type { TreeOptions } from '../../refs/scan.js';
import { unknownCalls } from '../../refs/unknown-calls.js';

// `refs --fail-on unknown` without --diff: the names in flag calls that no flag has. Each is a
// row of the output after the references (state `unknown`, no project), so every format
// carries them as it carries references, and the gate counts them.

export async function unknownReferences(
  o: { tree: TreeOptions; calls: string[]; match: MatchOptions; projects?: string[] },
  flags: FlagInfo[],
): Promise<Reference[]> {
  const found = await unknownCalls(flags, {
    tree: o.tree,
    calls: o.calls,
    delimiters: o.match.delimiters,
    aliases: o.match.aliases,
    maxFileBytes: o.match.maxFileBytes,
    projects: o.projects,
  });
  return found.map((u) => ({
    name: u.name,
    project: null,
    state: UNKNOWN_NAME,
    archived: false,
    lifecycle: null,
    file: u.file,
    line: u.line,
    column: u.column,
    text: u.text,
    match: 'exact',
  }));
}
