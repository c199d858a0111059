import { print, type Ui } from '../../../output/context.js';
import { annotation } from '../../../output/github.js';
import { render } from '../../../output/render.js';
import type { Column, ColumnSet } from '../../../output/rows.js';
import { termSafe } from '../../../output/sanitize.js';
import { markdownCell, markdownCode } from '../../../output/rows.js';
import { failing } from '../../../retire/judge.js';
import type { Plan, PlanFlag } from '../../../retire/model.js';

// How a plan reads for people: a table, a pull-request comment, and workflow annotations.
// Flag names, files and evidence come from the server and the tree: untrusted text, made safe
// for each place it lands.

export function detail(f: PlanFlag): string {
  if (f.verdict === 'archive') return f.checks.map((c) => c.evidence).join('; ');
  if (f.verdict === 'remove-code') {
    const keep = f.keep
      ? ` (keep the ${f.keep} branch: lifecycle completed, ${f.keep === 'enabled' ? 'kept' : 'discarded'})`
      : '';
    return `remove the code${keep}: ${f.files.join(', ')}${f.cleanup ? `; run: ${f.cleanup}` : ''}`;
  }
  return failing(f);
}

export const planColumns: Column<PlanFlag>[] = [
  { name: 'name', header: 'flag', key: true, value: (f) => f.name },
  { name: 'verdict', key: true, value: (f) => f.verdict },
  { name: 'why', value: (f) => f.reasons.join(', ') },
  { name: 'lastSeenAt', header: 'last seen', kind: 'time', value: (f) => f.lastSeenAt },
  { name: 'detail', value: (f) => detail(f) },
];

/** The plan table's --columns: resolved before anything is read (`flag`, the header, picks the name too). */
export const planColumnSet: ColumnSet<PlanFlag> = {
  all: planColumns,
  defaults: planColumns.map((c) => c.name),
  resolve: (id) => (id === 'flag' ? { ...planColumns[0]!, name: 'flag' } : undefined),
};

export function headline(plan: Plan): string {
  const n = (v: string) => plan.flags.filter((f) => f.verdict === v).length;
  return `${plan.flags.length} candidate${plan.flags.length === 1 ? '' : 's'} in project ${plan.project}: ${n('archive')} to archive, ${n('remove-code')} to remove from code first, ${n('blocked')} blocked`;
}

/** The plan as a pull-request comment; `file` is the plan file the comment invites to apply. */
export async function planMarkdown(ui: Ui, plan: Plan, file = 'plan.json'): Promise<void> {
  const lines = [
    `### Feature flags to retire (project ${markdownCode(plan.project, false)})`,
    '',
    `${headline(plan)}. Server ${markdownCell(plan.server)}, ${plan.scan.files} files under ${plan.paths.map(markdownCell).join(', ')}.`,
    '',
  ];
  if (plan.flags.length > 0) {
    lines.push('| flag | verdict | why | evidence |', '| --- | --- | --- | --- |');
    for (const f of plan.flags) {
      lines.push(
        `| ${markdownCode(f.name)} | **${f.verdict}** | ${markdownCell(f.reasons.join(', '))} | ${markdownCell(detail(f))} |`,
      );
    }
    lines.push('');
  }
  // The whole digest, the file's own, in the command itself: apply refuses any other file.
  lines.push(
    `Apply with ${markdownCode(`flagctl retire apply ${file} --expect-digest ${plan.digest}`, false)} (it refuses a file with any other digest).`,
    '',
  );
  await print(ui, lines.join('\n'));
}

/** One annotation per flag: a warning at each file for remove-code, a notice otherwise. */
export async function planAnnotations(ui: Ui, plan: Plan): Promise<void> {
  for (const f of plan.flags) {
    if (f.verdict === 'remove-code') {
      for (const file of f.files) {
        await print(
          ui,
          annotation(
            'warning',
            `${f.name} (${f.reasons.join(', ')}) can be archived once this file no longer names it`,
            { file, title: `Flag to remove: ${f.name}` },
          ),
        );
      }
    } else {
      await print(
        ui,
        annotation('notice', `${f.name}: ${f.verdict}: ${detail(f)}`, {
          title: `Flag ${f.verdict === 'archive' ? 'ready to archive' : 'blocked'}: ${f.name}`,
        }),
      );
    }
  }
}

/**
 * A plan in the chosen format, the same for `retire plan` and `retire show` (so the comment a
 * reviewer reads is what the file holds): -o json is the plan document itself.
 */
export async function renderPlan(
  ui: Ui,
  plan: Plan,
  file?: string,
  columns: Column<PlanFlag>[] = planColumns,
): Promise<void> {
  await render(ui, {
    kind: 'document',
    document: plan,
    markdown: (u) => planMarkdown(u, plan, file),
    github: (u) => planAnnotations(u, plan),
    table: async (u) => {
      if (plan.flags.length === 0) ui.io.stderr.write(`No candidates in project ${termSafe(plan.project)}.\n`);
      else await render(u, { kind: 'rows', columns, rows: plan.flags });
      // The reviewer of a file sees the digest that holds apply to it, as the markdown shows it
      // (stderr: the table stays the plan's rows alone).
      if (file)
        ui.io.stderr.write(
          `Plan digest ${plan.digest}: apply what was reviewed with: flagctl retire apply ${termSafe(file)} --expect-digest ${plan.digest}\n`,
        );
    },
  });
}
