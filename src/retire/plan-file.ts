import { readFile } from 'node:fs/promises';
import * as z from '../zod-mini.js';
import { fast } from '../api/schemas/search-check.js';
import { checkJsonDepth, checkJsonValueDepth } from '../config/json-file.js';
import { UsageError } from '../errors.js';
import { PLAN_KIND, PLAN_VERSION, planDigest, type Plan } from './model.js';

// Reading a plan back for `retire apply` and `retire show`. A plan is refused, before anything is sent, when it
// is not a flagctl plan, is of another version, lacks what apply needs, or its content no
// longer matches its digest (someone edited a verdict by hand). The digest catches edits and
// damage; it is not a signature: whoever can write the file can recompute it. What keeps a
// plan honest beyond that is apply's re-check of every flag against the live server.

// Only a check: the plan used is the document itself (unknown fields and all, as its digest
// covers them). A plan of 1,000 flags is over a megabyte of small objects, so it is checked by
// the plain walk compiled from this schema (api/schemas/search-check.ts), which accepts what
// zod would (test/retire/plan-shape.test.ts).
const seen = z.array(z.tuple([z.string(), z.nullable(z.string())]));
const flagState = z.object({
  name: z.string(),
  project: z.string(),
  stale: z.boolean(),
  potentiallyStale: z.boolean(),
  archived: z.boolean(),
  createdAt: z.nullable(z.string()),
  seen,
});
const planFlag = z.object({
  name: z.string(),
  verdict: z.enum(['archive', 'remove-code', 'blocked']),
  checks: z.array(z.object({ check: z.string(), pass: z.boolean(), evidence: z.string() })),
  state: flagState,
  stateDigest: z.string(),
});
export const planShape = z.object({
  kind: z.literal(PLAN_KIND),
  version: z.number(),
  createdAt: z.string(),
  server: z.string(),
  instance: z.nullable(z.string()),
  historyMark: z.optional(
    z.nullable(z.object({ id: z.number(), createdAt: z.nullable(z.string()), settled: z.optional(z.boolean()) })),
  ),
  project: z.string(),
  environments: z.object({ instance: z.array(z.string()), project: z.array(z.string()) }),
  options: z.object({ unseenDays: z.number(), include: z.array(z.string()) }),
  flags: z.array(planFlag),
  digest: z.string(),
});

let planChecked: z.ZodMiniType<unknown> | undefined;

/** The range `retire plan --unseen-days` accepts (its options.ts): a plan's unseenDays outside it was not written by retire plan. */
const UNSEEN_DAYS = { min: 1, max: 3650 } as const;

const REMAKE = 'Make a new one with `flagctl retire plan --out plan.json`.';

/** The plan at `path`, checked; a UsageError (exit 2) says what is wrong with it. */
export async function readPlan(path: string): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`plan file "${path}": cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const shown = `plan file "${path}"`;
  const expected = 'expected the output of `flagctl retire plan -o json`';
  // A plan is over a megabyte: its depth is checked on the parsed value, not by a second read of
  // the text; a text that does not parse is checked as text, so deep and broken still says deep.
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    checkJsonDepth(text, shown, expected);
    throw new UsageError(`${shown}: not JSON; ${expected}`);
  }
  checkJsonValueDepth(doc, shown, expected);
  const kind = (doc as { kind?: unknown } | null)?.kind;
  if (kind !== PLAN_KIND)
    throw new UsageError(
      `plan file "${path}": not a flagctl retire plan (kind ${JSON.stringify(kind ?? null)}); expected kind "${PLAN_KIND}"`,
    );
  const version = (doc as { version?: unknown }).version;
  if (version !== PLAN_VERSION) {
    // Version 1 lacks what apply now judges by (the instance's id, each flag's createdAt, the
    // environments): such a plan cannot be applied safely, only made again.
    const why =
      version === 1
        ? " (it lacks the instance id, the flags' creation times and the environments that apply checks)"
        : '';
    throw new UsageError(
      `plan file "${path}": plan version ${JSON.stringify(version ?? null)} is not one this flagctl reads (version ${PLAN_VERSION})${why}. ${REMAKE}`,
    );
  }
  const parsed = (planChecked ??= fast(planShape)).safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new UsageError(
      `plan file "${path}": not the shape of a plan${at}: ${issue?.message ?? 'invalid'}. ${REMAKE}`,
    );
  }
  const plan = doc as Plan;
  if (planDigest(plan) !== plan.digest) {
    throw new UsageError(
      `plan file "${path}": its content does not match its digest: it was changed after \`retire plan\` wrote it. ${REMAKE}`,
    );
  }
  refuseRepeatedNames(plan, path);
  // Apply judges "not seen" by the plan's own unseenDays: one retire plan cannot write (0, a
  // negative or a fraction) would pass a flag an SDK used minutes ago, digests recomputed or not.
  const days = plan.options.unseenDays;
  if (!Number.isInteger(days) || days < UNSEEN_DAYS.min || days > UNSEEN_DAYS.max)
    throw new UsageError(
      `plan file "${path}": options.unseenDays ${days} is not one retire plan writes (a whole number of days from ${UNSEEN_DAYS.min} to ${UNSEEN_DAYS.max}): the file was edited. ${REMAKE}`,
    );
  // Apply reads the history since the plan was made: a time it cannot read leaves that unknown.
  if (!Number.isFinite(Date.parse(plan.createdAt)))
    throw new UsageError(
      `plan file "${path}": createdAt ${JSON.stringify(plan.createdAt)} is not a time (retire plan writes an ISO 8601 time): the file was edited. ${REMAKE}`,
    );
  return plan;
}

/** `retire plan` names each flag once: a name listed twice means the file was made or merged by hand, and which entry counts would be a guess. */
export function refuseRepeatedNames(plan: Pick<Plan, 'flags'>, path: string): void {
  const seen = new Set<string>();
  for (const f of plan.flags) {
    if (seen.has(f.name))
      throw new UsageError(
        `plan file "${path}": flag ${JSON.stringify(f.name)} is listed twice; a plan names each flag once. ${REMAKE}`,
      );
    seen.add(f.name);
  }
}
