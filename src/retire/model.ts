import { createHash } from 'node:crypto';
import type { HistoryMark } from '../api/instance.js';
import { canonicalJson } from '../snapshot/canonical.js';

// The plan file of `flagctl retire plan` and the result of `retire apply`. A plan is reviewed
// by a person and applied later, maybe elsewhere: it carries where it was made (server,
// project, paths), each flag's checks with their evidence, a digest of each flag's state on
// the server, and a digest of the whole plan so that a hand-edited file is refused.

export const PLAN_KIND = 'flagctl-retire-plan';
export const PLAN_VERSION = 2;
export const RESULT_KIND = 'flagctl-retire-result';
export const REVIVE_RESULT_KIND = 'flagctl-revive-result';

export type RetireVerdict = 'archive' | 'remove-code' | 'blocked';
export type CheckName = 'no-references' | 'not-seen' | 'no-dependents' | 'not-archived';

export interface Check {
  check: CheckName;
  pass: boolean;
  /** What was looked at, in words a reviewer can verify. */
  evidence: string;
}

/** The facts of a flag that decide whether archiving it is safe, as the server gave them. */
export interface FlagState {
  name: string;
  project: string;
  stale: boolean;
  potentiallyStale: boolean;
  archived: boolean;
  /** When the flag was created: its identity, so that a flag deleted and made again under the same name is not taken for it. */
  createdAt: string | null;
  /** Each environment's lastSeenAt (and `*` for a flag-level one on 6.x), sorted by name. */
  seen: [string, string | null][];
}

export interface PlanFlag {
  name: string;
  type: string | null;
  /** Why it is a candidate: stale, potentially stale, lifecycle completed, or --include. */
  reasons: string[];
  lifecycle: { stage: string; status: string | null } | null;
  lastSeenAt: string | null;
  verdict: RetireVerdict;
  checks: Check[];
  /** remove-code: the files that still name it. */
  files: string[];
  /** remove-code: the branch to keep, from the lifecycle status (kept: enabled, discarded: disabled). */
  keep: 'enabled' | 'disabled' | null;
  /** remove-code with a known branch: the exact `flagctl cleanup …` command that removes it. */
  cleanup?: string | null;
  state: FlagState;
  stateDigest: string;
}

export interface Plan {
  kind: typeof PLAN_KIND;
  version: typeof PLAN_VERSION;
  flagctl: string;
  createdAt: string;
  server: string;
  /** The instance's own id (ui-config's versionInfo.instanceId): apply refuses another server behind the same URL. */
  instance: string | null;
  /**
   * The project's newest event when the plan read the server (null: the server gave no id): apply
   * reads what happened since by the server's ids, whatever this machine's clock said. Absent
   * in plans of an older flagctl, which are judged by createdAt.
   */
  historyMark?: HistoryMark | null;
  project: string;
  /**
   * The instance's enabled environments, and those of the project (the only ones whose lastSeenAt
   * the server reports): "not seen" is claimed only when they are the same.
   */
  environments: { instance: string[]; project: string[] };
  paths: string[];
  options: {
    unseenDays: number;
    include: string[];
    delimiters: string[];
    aliases: boolean;
    noIgnore: boolean;
    exclude: string[];
    maxFileKb: number;
  };
  scan: { files: number; skipped: Record<string, number> };
  flags: PlanFlag[];
  /** sha256 over the canonical JSON of everything above. */
  digest: string;
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** Only the facts, so that the same state always gives the same digest, whatever the server's field order. */
export function stateDigest(s: FlagState): string {
  return sha256(canonicalJson({ ...s, seen: [...s.seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) }, 0));
}

export function planDigest(plan: Omit<Plan, 'digest'> & { digest?: string }): string {
  const { digest: _ignored, ...rest } = plan;
  return sha256(canonicalJson(rest, 0));
}

/** The latest of a flag's lastSeenAt times; null when never seen. */
export function latestSeen(seen: [string, string | null][]): { at: string; where: string } | null {
  let best: { at: string; where: string; ms: number } | null = null;
  for (const [where, at] of seen) {
    if (!at) continue;
    const ms = Date.parse(at);
    if (Number.isFinite(ms) && (!best || ms > best.ms)) best = { at, where, ms };
  }
  return best && { at: best.at, where: best.where };
}

/** Why a flag's state differs from the plan's, in a few words; '' when it does not. */
export function stateChange(planned: FlagState, now: FlagState): string {
  const why: string[] = [];
  if (now.createdAt !== planned.createdAt)
    why.push(
      `a different flag under the same name (created ${now.createdAt ?? 'at an unknown time'}; the plan's was created ${planned.createdAt ?? 'at an unknown time'})`,
    );
  if (now.archived && !planned.archived) why.push('already archived');
  if (planned.stale && !now.stale) why.push('no longer marked stale');
  if (planned.potentiallyStale !== now.potentiallyStale)
    why.push(now.potentiallyStale ? 'now potentially stale' : 'no longer potentially stale');
  if (!planned.stale && now.stale) why.push('marked stale since');
  const before = new Map(planned.seen);
  for (const [where, at] of now.seen) {
    if (at && at !== before.get(where)) why.push(`seen since the plan${where === '*' ? '' : ` in ${where}`} (${at})`);
  }
  const after = new Map(now.seen);
  for (const [where] of planned.seen) {
    if (where !== '*' && !after.has(where))
      why.push(`its lastSeenAt in ${where} is no longer reported (the environment left the project?)`);
  }
  if (why.length === 0 && stateDigest(planned) !== stateDigest(now)) why.push('its state on the server changed');
  return why.join('; ');
}
