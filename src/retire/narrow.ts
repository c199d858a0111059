import { UsageError } from '../errors.js';
import type { Plan } from './model.js';

// `retire apply --only a,b` and `--skip c`: a reviewer narrows the plan at apply time without
// editing the file (its digest stays the reviewed one). Every name must be in the plan, or
// nothing is sent: a typo must not pass for "skip nothing".

/** The plan's names left out by --only/--skip, each with the reason it is reported as skipped under. */
export function leftOut(plan: Plan, only: string[] | undefined, skip: string[] | undefined): Map<string, string> {
  const inPlan = new Set(plan.flags.map((f) => f.name));
  for (const [option, list] of [
    ['--only', only],
    ['--skip', skip],
  ] as const) {
    const unknown = [...new Set(list ?? [])].filter((n) => !inPlan.has(n));
    if (unknown.length === 0) continue;
    const names = plan.flags.map((f) => f.name);
    const known =
      names.length === 0
        ? 'the plan names no flag'
        : names.length <= 20
          ? `the plan's flags: ${names.join(', ')}`
          : `the plan names ${names.length} flags (see \`flagctl retire show\`)`;
    throw new UsageError(
      `${option}: ${unknown.map((n) => `"${n}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the plan; ${known}`,
    );
  }
  // --only asks for these to be archived: one the plan does not archive would be left out with
  // no word, and the run would pass as "0 archived".
  const notArchived = plan.flags.filter((f) => f.verdict !== 'archive' && (only ?? []).includes(f.name));
  if (notArchived.length > 0) {
    const archives = plan.flags.filter((f) => f.verdict === 'archive').map((f) => f.name);
    const list =
      archives.length === 0
        ? 'the plan archives no flag'
        : archives.length <= 20
          ? `the plan archives: ${archives.join(', ')}`
          : `the plan archives ${archives.length} flags (see \`flagctl retire show\`)`;
    throw new UsageError(
      `--only: ${notArchived.map((f) => `"${f.name}"`).join(', ')} ${notArchived.length === 1 ? 'is not a flag' : 'are not flags'} the plan archives (${notArchived.length === 1 ? 'its verdict is' : 'verdicts'} ${notArchived.map((f) => f.verdict).join(', ')}); ${list}`,
    );
  }
  const out = new Map<string, string>();
  if (only) {
    const keep = new Set(only);
    for (const n of inPlan) if (!keep.has(n)) out.set(n, 'not in --only');
  }
  for (const n of skip ?? []) out.set(n, 'by --skip');
  return out;
}
