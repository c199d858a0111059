import type { FlagInfo } from '../../flags/list.js';
import { notice } from '../../output/context.js';
import type { MatchOptions } from '../../refs/references.js';
import type { TreeOptions } from '../../refs/scan.js';
import { unknownCalls } from '../../refs/unknown-calls.js';
import type { RunContext } from '../../cli/context.js';

// `refs --fail-on unknown` without --diff: the names in flag calls that no flag has, each
// said on stderr (file:line:column, as compilers and rg print places), counted for the gate.

/** Places listed on stderr; the rest are counted. */
const SHOWN = 50;

export async function unknownGate(
  ctx: RunContext,
  o: { tree: TreeOptions; calls: string[]; match: MatchOptions; projects?: string[] },
  flags: FlagInfo[],
): Promise<number> {
  const found = await unknownCalls(flags, {
    tree: o.tree,
    calls: o.calls,
    delimiters: o.match.delimiters,
    aliases: o.match.aliases,
    maxFileBytes: o.match.maxFileBytes,
    projects: o.projects,
  });
  for (const u of found.slice(0, SHOWN))
    notice(ctx.io, `${u.file}:${u.line}:${u.column}: unknown flag "${u.name}": ${u.text}`);
  if (found.length > SHOWN) notice(ctx.io, `… and ${found.length - SHOWN} more unknown names in flag calls`);
  return found.length;
}
