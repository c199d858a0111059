import { activeFlags, completedFlags, parentsAmong, typeLifetimes } from '../api/archive.js';
import type { ApiClient } from '../api/http/client.js';
import { changesSince, enabledEnvironments, instanceId, type Change } from '../api/instance.js';
import type { RateLimitPacer } from '../api/http/rate-limit.js';
import { CliError, UsageError } from '../errors.js';
import type { Skip, Validated } from './outcome.js';
import { blindEnvironments, projectEnvironments, seenCheck } from './judge.js';
import { stateChange, stateDigest, type Plan, type PlanFlag } from './model.js';
import { earlyRescan, referencesAgain, type EarlyRescan } from './rescan.js';
import { flagState } from './state.js';

// Apply's judgement before it writes. A plan's digests catch edits and damage, but whoever can
// write the file can recompute them, so each flag is judged again on the live server by the
// plan's own rules: a candidate (stale, potentially stale, lifecycle completed, or named by the
// plan's --include), not seen within the plan's unseenDays in any environment the instance has
// (one the project does not enable cannot be seen, so it stops the flag), not archived, the same
// flag (its createdAt) with no create, archive, revive or delete since the plan, and not referenced
// in the plan's paths. Children are left to archive/validate, just before the write.
// Reads: the instance id, the environments, the feature list and the project's history since the
// plan (one page when quiet), all at once, with the flag types when a planned flag is not marked
// stale (after the list when only the live list shows one); a paced search only when a flag's
// sole reason left is its lifecycle stage. The plan's paths are searched again meanwhile.

export interface RecheckOptions {
  client: ApiClient;
  plan: Plan;
  now: number;
  /** The names to leave out (--only, --skip), with the reason each is reported under. */
  leftOut?: Map<string, string>;
  pacer?: RateLimitPacer;
  /** Worker threads for the reference scan. */
  threads?: number;
  /** Files the reference scan does not count (the plan and result files name every flag). */
  skipFiles?: string[];
  /** Says when the plan's paths were searched again (--debug). */
  debug?: (line: string) => void;
  /** Ask archive/validate about every planned flag beside the reads (apply --yes: no prompt between judging and writing). */
  validate?: boolean;
}

export interface Recheck {
  ready: PlanFlag[];
  skipped: Skip[];
  /** What apply could not judge again for every flag (the plan's paths not here), for stderr and the result. */
  notes: string[];
  /** archive/validate's answer about these names, when asked (o.validate) and answered. */
  validated?: Validated;
}

const CHANGED: Record<Change['type'], string> = {
  'feature-created': 'created again since the plan',
  'feature-archived': 'archived since the plan',
  'feature-revived': 'archived and revived since the plan',
  'feature-deleted': 'deleted since the plan',
};

/** Lifetimes for flags all marked stale: flagState never asks a stale flag's type. */
const NO_TYPES = new Map<string, number | null>();

export async function recheck(o: RecheckOptions): Promise<Recheck> {
  const { plan } = o;
  const skipped: Skip[] = [];
  const notes: string[] = [];
  const planned: PlanFlag[] = [];
  for (const f of plan.flags) {
    if (f.verdict !== 'archive') continue;
    const why = o.leftOut?.get(f.name);
    if (why) skipped.push({ name: f.name, reason: why });
    else planned.push(f);
  }
  if (planned.length === 0) return { ready: [], skipped, notes };
  const names = planned.map((f) => f.name);
  // The plan's paths are searched again while the reads are in flight, for every planned flag:
  // the answer is used when the judgement keeps all of them (the usual case), and the search
  // made again for the ones it keeps otherwise, so that the verdicts are those of a search for
  // exactly those flags (aliases depend on the set of names searched).
  const early = earlyRescan(plan, names, scanOptions(o));
  try {
    return await judgeLive(o, planned, skipped, notes, early);
  } finally {
    // A run that failed (a read, another instance) searches no further; a search that was used is over already.
    early.stop();
  }
}

async function judgeLive(
  o: RecheckOptions,
  planned: PlanFlag[],
  skipped: Skip[],
  notes: string[],
  early: EarlyRescan,
): Promise<Recheck> {
  const { client, plan } = o;
  const names = planned.map((f) => f.name);
  // The types' lifetimes decide only whether a flag NOT marked stale is potentially stale: read
  // beside the rest when the plan has such a flag, after the list only if one is found there.
  const typesNow = planned.some((f) => !f.state.stale) ? typeLifetimes(client) : undefined;
  // validate (a POST with the plan's names) goes only to the plan's own instance: once its id is read.
  const idNow = instanceId(client);
  const reads = Promise.all([
    idNow,
    activeFlags(client, plan.project),
    enabledEnvironments(client),
    changesSince(client, plan.project, names, Date.parse(plan.createdAt), plan.historyMark),
    o.validate
      ? idNow.then((same) => (same === plan.instance ? validateEarly(client, plan.project, names) : undefined))
      : undefined,
    typesNow,
  ]);
  early.start();
  const [id, active, instanceEnvs, changes, validated] = await reads;
  if (id !== plan.instance) {
    throw new UsageError(
      `the plan was made on the instance ${plan.instance ?? '(no id)'} at ${plan.server}, but that URL now answers as the instance ${id ?? '(no id)'}: another server; nothing was archived. Make a new plan there`,
    );
  }
  const unstaled = planned.some((f) => active.has(f.name) && active.get(f.name)!.stale !== true);
  const lifetimes = (await typesNow) ?? (unstaled ? await typeLifetimes(client) : NO_TYPES);
  const blind = blindEnvironments({ instance: instanceEnvs, project: projectEnvironments(active) });
  const include = new Set(plan.options.include ?? []);
  const candidates: PlanFlag[] = [];
  const byLifecycle: PlanFlag[] = [];
  for (const f of planned) {
    const live = active.get(f.name);
    const change = changes.get(f.name);
    if (!live) {
      skipped.push({
        name: f.name,
        reason:
          change?.type === 'feature-archived'
            ? 'already archived'
            : change?.type === 'feature-deleted'
              ? 'deleted since the plan'
              : 'no longer on the server (deleted?)',
      });
      continue;
    }
    if (change) {
      skipped.push({ name: f.name, reason: `${CHANGED[change.type]} (${change.at}): not the flag that was reviewed` });
      continue;
    }
    const now = flagState(live, plan.project, false, lifetimes, o.now);
    if (stateDigest(now) !== f.stateDigest) {
      skipped.push({ name: f.name, reason: `changed since the plan: ${stateChange(f.state, now)}` });
      continue;
    }
    const seen = seenCheck(now.seen, plan.options.unseenDays, blind, o.now);
    if (!seen.pass) {
      skipped.push({ name: f.name, reason: `not-seen: ${seen.evidence}` });
      continue;
    }
    if (now.stale || now.potentiallyStale || include.has(f.name)) candidates.push(f);
    else byLifecycle.push(f);
  }
  if (byLifecycle.length > 0) {
    // Neither stale nor potentially stale now: only its lifecycle stage can still make it a candidate.
    const completed = o.pacer ? await completedFlags(client, plan.project, o.pacer) : new Map();
    for (const f of byLifecycle) {
      if (completed.has(f.name)) candidates.push(f);
      else
        skipped.push({
          name: f.name,
          reason: 'no longer a candidate: not stale, potentially stale or in lifecycle stage completed',
        });
    }
  }
  const order = new Map(planned.map((f, i) => [f.name, i]));
  candidates.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  const ready = await referencesAgain(candidates, skipped, notes, early);
  return { ready, skipped, notes, validated };
}

/**
 * Which of the planned flags are parents of active flags, asked beside the other reads so that
 * the writes need not wait for it. A failure is left to the check just before the writes.
 */
async function validateEarly(client: ApiClient, project: string, names: string[]): Promise<Validated | undefined> {
  try {
    return { names, parents: await parentsAmong(client, project, names) };
  } catch (err) {
    if (err instanceof CliError) return undefined;
    throw err;
  }
}

const scanOptions = (o: RecheckOptions) => ({ threads: o.threads ?? 0, skipFiles: o.skipFiles, debug: o.debug });
