import { latestSeen, stateDigest, type Check, type FlagState, type PlanFlag, type RetireVerdict } from './model.js';

// The readiness checks of one candidate and its verdict. `archive` only when every check
// passes; a flag still named in code is `remove-code` (the code goes first, whatever else
// holds); anything else that fails is `blocked`, naming the check.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Candidate {
  state: FlagState;
  type: string | null;
  reasons: string[];
  lifecycle: { stage: string; status: string | null } | null;
  /** Flags that name it as their parent (active ones). */
  children: string[];
}

export interface ScanEvidence {
  /** The paths searched, as given. */
  paths: string[];
  /** How names were matched (delimiters, aliases) and what was left out, in words. */
  how: string;
  files: number;
  /** Files that could not be read (unreadable, a name that is not UTF-8, or over --max-file-kb): "no references" cannot be claimed. */
  unread: { count: number; why: string } | null;
}

export interface Judgement {
  now: number;
  unseenDays: number;
  /** Enabled environments of the instance that are not in the project: the server reports no lastSeenAt there. */
  blind: string[];
  scan: ScanEvidence;
}

/**
 * The not-seen check, as the plan and apply both judge it. Unseen is never claimed for an
 * environment the server does not report on: an SDK there may use the flag every minute.
 */
export function seenCheck(seen: FlagState['seen'], unseenDays: number, blind: string[], now: number): Check {
  const threshold = now - unseenDays * DAY_MS;
  const last = latestSeen(seen);
  const envs = seen.filter(([w]) => w !== '*').map(([w]) => w);
  if (last && Date.parse(last.at) >= threshold) {
    return {
      check: 'not-seen',
      pass: false,
      evidence: `seen ${last.at}${last.where === '*' ? '' : ` in ${last.where}`}, within the last ${unseenDays} days (--unseen-days)`,
    };
  }
  const claim = !last
    ? `never seen in ${envs.length > 0 ? envs.join(', ') : 'any environment'}`
    : `last seen ${last.at}${last.where === '*' ? '' : ` in ${last.where}`}, more than ${unseenDays} days ago`;
  if (blind.length > 0) {
    const s = blind.length === 1 ? '' : 's';
    return {
      check: 'not-seen',
      pass: false,
      evidence: `${claim}, but not known for environment${s} ${blind.join(', ')}: not enabled in the project, so the server reports no lastSeenAt there`,
    };
  }
  return { check: 'not-seen', pass: true, evidence: claim };
}

export function judge(
  c: Candidate,
  files: string[],
  references: number,
  j: Judgement,
): Omit<PlanFlag, 'stateDigest'> & { stateDigest: string } {
  const { scan } = j;
  const where = `${scan.files} file${scan.files === 1 ? '' : 's'} under ${scan.paths.join(', ')} (${scan.how})`;
  const refsCheck: Check =
    references > 0
      ? {
          check: 'no-references',
          pass: false,
          evidence: `${references} reference${references === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'} of ${where}`,
        }
      : scan.unread
        ? {
            check: 'no-references',
            pass: false,
            evidence: `not found in ${where}, but ${scan.unread.count} file${scan.unread.count === 1 ? '' : 's'} could not be read (${scan.unread.why})`,
          }
        : { check: 'no-references', pass: true, evidence: `none in ${where}` };
  const last = latestSeen(c.state.seen);
  const seen = seenCheck(c.state.seen, j.unseenDays, j.blind, j.now);
  const childCheck: Check =
    c.children.length > 0
      ? { check: 'no-dependents', pass: false, evidence: `parent of ${c.children.join(', ')}` }
      : { check: 'no-dependents', pass: true, evidence: 'no flag names it as its parent' };
  const archivedCheck: Check = c.state.archived
    ? { check: 'not-archived', pass: false, evidence: 'already archived' }
    : { check: 'not-archived', pass: true, evidence: 'active' };
  const checks = [refsCheck, seen, childCheck, archivedCheck];
  const verdict: RetireVerdict =
    references > 0 && !c.state.archived ? 'remove-code' : checks.every((x) => x.pass) ? 'archive' : 'blocked';
  const status = c.lifecycle?.stage === 'completed' ? c.lifecycle.status : null;
  return {
    name: c.state.name,
    type: c.type,
    reasons: c.reasons,
    lifecycle: c.lifecycle,
    lastSeenAt: last?.at ?? null,
    verdict,
    checks,
    files: verdict === 'remove-code' ? files : [],
    keep: verdict !== 'remove-code' ? null : status === 'kept' ? 'enabled' : status === 'discarded' ? 'disabled' : null,
    state: c.state,
    stateDigest: stateDigest(c.state),
  };
}

/** The checks that failed, for a blocked flag's one-line reason. */
export function failing(flag: Pick<PlanFlag, 'checks'>): string {
  return flag.checks
    .filter((c) => !c.pass)
    .map((c) => `${c.check}: ${c.evidence}`)
    .join('; ');
}

/** The project's environments: the ones its flags list (every flag lists each of them). */
export function projectEnvironments(active: Map<string, { environments?: { name: string }[] | null }>): string[] {
  const names = new Set<string>();
  for (const f of active.values()) for (const e of f.environments ?? []) names.add(e.name);
  return [...names].sort();
}

/** The instance's environments whose lastSeenAt the project's flags do not carry. */
export function blindEnvironments(e: { instance: string[]; project: string[] }): string[] {
  return e.instance.filter((n) => !e.project.includes(n));
}
