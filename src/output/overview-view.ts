import type { ProjectEnvironment, ProjectOverview, ProjectStats } from '../api/schemas/project-overview.js';
import type { Ui } from './context.js';
import { constraintText, parametersText, segmentsText, variantText } from './flag-view.js';
import { termSafe } from './sanitize.js';
import { whenText } from './time.js';

// The human view of a project overview, everything but the features table (which the
// command writes after these lines with the feature list columns).

const LABEL = 20;

/** Stats: label, current-window field, past-window field (the server has no past value for some). */
const STATS: [string, keyof ProjectStats, keyof ProjectStats | undefined][] = [
  ['Features created', 'createdCurrentWindow', 'createdPastWindow'],
  ['Features archived', 'archivedCurrentWindow', 'archivedPastWindow'],
  ['Project events', 'projectActivityCurrentWindow', 'projectActivityPastWindow'],
  ['Members added', 'projectMembersAddedCurrentWindow', undefined],
  ['Avg days to production', 'avgTimeToProdCurrentWindow', undefined],
];

export function overviewView(o: ProjectOverview, projectId: string, ui: Ui): string[] {
  const s = ui.style;
  const t = (v: unknown) => termSafe(v === null || v === undefined ? '' : String(v));
  const dash = s.dim('-');
  const when = (iso: string | null | undefined) => (iso ? whenText(t(iso), ui.tty, ui.now) : dash);
  const yesNo = (b: boolean | null | undefined) => (b === true ? s.green('yes') : b === false ? 'no' : dash);
  const field = (label: string, value: string) => `${s.bold(label.padEnd(LABEL))}${value}`;

  const lines = [`${s.bold.cyan(t(o.name))} ${s.dim(`(${t(projectId)})`)}`];
  lines.push(field('Description', o.description ? t(o.description) : dash));
  lines.push(field('Mode', o.mode ? t(o.mode) : dash));
  lines.push(field('Default stickiness', o.defaultStickiness ? t(o.defaultStickiness) : dash));
  lines.push(field('Feature limit', typeof o.featureLimit === 'number' ? t(o.featureLimit) : 'no limit'));
  lines.push(field('Feature naming', namingText(o)));
  lines.push(field('Members', typeof o.members === 'number' ? String(o.members) : dash));
  lines.push(field('Health', healthText(o)));
  lines.push(field('Favorite', yesNo(o.favorite)));
  lines.push(field('Created', when(o.createdAt)));
  lines.push(field('Updated', when(o.updatedAt)));
  const types = (o.featureTypeCounts ?? []).filter((c) => c.type);
  if (types.length) lines.push(field('Feature types', types.map((c) => `${t(c.type)} ${t(c.count ?? 0)}`).join(', ')));

  lines.push('', ...statsLines(o.stats, ui));
  lines.push('', s.bold('Environments'));
  const envs = o.environments ?? [];
  if (envs.length === 0) lines.push(`  ${s.dim('none')}`);
  for (const env of envs) lines.push(...environmentLines(env, ui));
  return lines;
}

function namingText(o: ProjectOverview): string {
  const n = o.featureNaming;
  if (!n?.pattern) return 'no pattern';
  const parts = [`pattern ${n.pattern}`];
  if (n.example) parts.push(`example ${n.example}`);
  if (n.description) parts.push(n.description);
  return termSafe(parts.join('; '));
}

function healthText(o: ProjectOverview): string {
  if (typeof o.health !== 'number') return '-';
  const debt = typeof o.technicalDebt === 'number' ? ` (technical debt ${o.technicalDebt}%)` : '';
  return `${o.health}%${debt}`;
}

function statsLines(stats: ProjectStats | null | undefined, ui: Ui): string[] {
  const s = ui.style;
  const head = `${s.bold('Stats')} ${s.dim('(current window: the last 30 days; past window: the 30 days before)')}`;
  if (!stats) return [head, `  ${s.dim('not reported')}`];
  const cell = (v: unknown) => (typeof v === 'number' ? String(v) : '-');
  const width = Math.max(...STATS.map(([label]) => label.length)) + 2;
  const rows = STATS.map(([label, cur, past]) => [label, cell(stats[cur]), past ? cell(stats[past]) : '-']);
  // The two windows side by side, numbers right-aligned under their headings, two spaces
  // apart at least however long they are (5 and 1234567890 must not read as 51234567890).
  const wide = (i: 1 | 2, head: string) => Math.max(head.length, ...rows.map((r) => r[i]!.length));
  const [w1, w2] = [wide(1, 'current'), wide(2, 'past')];
  const line = (a: string, b: string, c: string) => `  ${a.padEnd(width)}  ${b.padStart(w1)}  ${c.padStart(w2)}`;
  return [head, s.dim(line('', 'current', 'past')), ...rows.map(([a, b, c]) => line(a!, b!, c!))];
}

function environmentLines(env: ProjectEnvironment, ui: Ui): string[] {
  const s = ui.style;
  const t = termSafe;
  const cr = env.changeRequestsEnabled === true ? 'on' : env.changeRequestsEnabled === false ? 'off' : 'not reported';
  const lines = [`  ${s.bold(t(env.environment))}: change requests ${cr}`];
  const st = env.defaultStrategy;
  if (!st) {
    lines.push(`    default strategy: ${s.dim('none set')}`);
    return lines;
  }
  const name = st.name ? t(st.name) : 'unnamed';
  const label = st.title ? `${t(st.title)} [${name}]` : name;
  lines.push(`    default strategy: ${label}${st.disabled ? s.yellow(' (disabled)') : ''}`);
  const params = parametersText(st.parameters);
  if (params) lines.push(`      parameters: ${params}`);
  if (st.segments?.length) lines.push(`      segments: ${segmentsText(st.segments, new Map())}`);
  for (const c of st.constraints ?? []) lines.push(`      constraint: ${constraintText(c)}`);
  for (const v of st.variants ?? []) lines.push(`      variant: ${variantText(v)}`);
  return lines;
}
