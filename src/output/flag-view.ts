import type { Constraint, EnvVariant, Flag, FlagEnvironment, Strategy, StrategyVariant } from '../api/schemas/flag.js';
import type { Ui } from './context.js';
import { termSafe } from './sanitize.js';
import { envState } from './flag-columns.js';
import { relativeTime, whenText } from './time.js';

// The human view of one feature: a record of every field of the spec's Feature.

/** Segment names by id, when the server gave them (strategies refer to segments by id). */
export type SegmentNames = ReadonlyMap<number, string>;

export function flagView(f: Flag, ui: Ui, segments: SegmentNames = new Map()): string[] {
  const s = ui.style;
  const t = (v: unknown) => termSafe(v === null || v === undefined ? '' : String(v));
  const when = (iso: string | null | undefined) => (iso ? whenText(t(iso), ui.tty, ui.now) : '-');
  const yesNo = (b: boolean | null | undefined) => (b === true ? s.green('yes') : b === false ? 'no' : '-');
  const field = (label: string, value: string) => `${s.bold(label.padEnd(16))}${value}`;

  const lines: string[] = [];
  lines.push(`${s.bold.cyan(t(f.name))}${f.archived ? s.yellow(' (archived)') : ''}`);
  lines.push(field('Type', t(f.type ?? '-')));
  lines.push(field('Project', t(f.project ?? '-')));
  lines.push(field('Description', f.description ? t(f.description) : s.dim('-')));
  // Real servers leave out the top-level `enabled`; then the per-environment states say it.
  const paint = { on: s.green, off: s.red, unknown: s.yellow };
  const perEnv = (f.environments ?? [])
    .map((e) => `${t(e.name)} ${paint[envState(e.enabled)](envState(e.enabled))}`)
    .join(', ');
  lines.push(field('Enabled', f.enabled === undefined || f.enabled === null ? perEnv || '-' : yesNo(f.enabled)));
  lines.push(field('Stale', f.stale ? s.yellow('yes') : yesNo(f.stale)));
  lines.push(field('Archived', f.archived ? `yes${f.archivedAt ? `, ${when(f.archivedAt)}` : ''}` : yesNo(f.archived)));
  lines.push(field('Impression data', yesNo(f.impressionData)));
  if (f.favorite !== undefined && f.favorite !== null) lines.push(field('Favorite', yesNo(f.favorite)));
  lines.push(
    field(
      'Lifecycle',
      f.lifecycle
        ? `${t(f.lifecycle.stage)}${f.lifecycle.status ? ` (${t(f.lifecycle.status)})` : ''} since ${when(f.lifecycle.enteredStageAt)}`
        : '-',
    ),
  );
  const by = f.createdBy
    ? ` by ${t(f.createdBy.name ?? 'unknown')}${f.createdBy.id != null ? ` (id ${t(f.createdBy.id)})` : ''}`
    : '';
  lines.push(field('Created', `${when(f.createdAt)}${by}`));
  if (f.lastSeenAt) lines.push(field('Last seen', when(f.lastSeenAt)));
  lines.push(
    field('Tags', f.tags?.length ? f.tags.map((g) => t(g.type ? `${g.type}:${g.value}` : g.value)).join(', ') : '-'),
  );
  lines.push(
    field(
      'Depends on',
      f.dependencies?.length
        ? f.dependencies
            .map((d) => {
              const need = d.enabled === false ? 'disabled' : 'enabled';
              const v = d.variants?.length ? `, variants: ${d.variants.map(t).join(', ')}` : '';
              return `${t(d.feature)} (${need}${v})`;
            })
            .join('; ')
        : '-',
    ),
  );
  lines.push(field('Children', f.children?.length ? f.children.map(t).join(', ') : '-'));
  const users = f.collaborators?.users ?? [];
  lines.push(field('Collaborators', users.length ? users.map((u) => t(u.name ?? 'unknown')).join(', ') : '-'));
  // The deprecated feature-level list matters only where environments carry none of their own.
  if (f.variants?.length && (f.environments ?? []).every((e) => e.variants === undefined || e.variants === null)) {
    lines.push(s.bold('Variants (feature level, deprecated)'));
    for (const v of f.variants) lines.push(...envVariantLines(v, '  ', ui));
  }

  for (const env of f.environments ?? []) lines.push('', ...environmentLines(env, ui, segments));
  return lines;
}

function environmentLines(env: FlagEnvironment, ui: Ui, segments: SegmentNames): string[] {
  const s = ui.style;
  const t = termSafe;
  // A state the server left out or sent as null is not "disabled": say it is not known.
  const state =
    env.enabled === true ? s.green('enabled') : env.enabled === false ? s.red('disabled') : s.yellow('state unknown');
  const seen = env.lastSeenAt ? (ui.tty ? relativeTime(env.lastSeenAt, ui.now) : env.lastSeenAt) : 'never';
  const lines = [
    `${s.bold(`Environment ${t(env.name)}`)}${env.type ? ` (${t(env.type)})` : ''}: ${state}, last seen ${t(seen)}`,
  ];
  const strategies = env.strategies ?? [];
  // Optional in the contract: a list the server left out is not an empty one.
  if (!env.strategies && env.hasStrategies !== false) lines.push(`  ${s.yellow('strategies not sent by the server')}`);
  else if (strategies.length === 0) lines.push(`  ${s.dim('no strategies')}`);
  strategies.forEach((st, i) => lines.push(...strategyLines(st, i + 1, ui, segments)));
  if (env.variants?.length) {
    lines.push('  Variants:');
    for (const v of env.variants) lines.push(...envVariantLines(v, '    ', ui));
  }
  return lines;
}

function strategyLines(st: Strategy, n: number, ui: Ui, segments: SegmentNames): string[] {
  const s = ui.style;
  const t = termSafe;
  const label = st.title ? `${t(st.title)} [${t(st.name)}]` : t(st.name);
  const lines = [`  ${n}. ${s.bold(label)}${st.disabled ? s.yellow(' (disabled)') : ''}`];
  const params = parametersText(st.parameters);
  if (params) lines.push(`     parameters: ${params}`);
  if (st.segments?.length) lines.push(`     segments: ${segmentsText(st.segments, segments)}`);
  if (st.constraints?.length) {
    lines.push('     constraints:');
    for (const c of st.constraints) lines.push(`       ${constraintText(c)}`);
  }
  if (st.variants?.length) {
    lines.push('     variants:');
    for (const v of st.variants) lines.push(`       ${variantText(v)}`);
  }
  return lines;
}

/**
 * `rollout=50%, groupId=checkout`: parameters are strings in the spec; anything else (a number,
 * an object from a custom strategy) is shown as JSON rather than `[object Object]`.
 */
export function parametersText(parameters: Record<string, unknown> | null | undefined): string {
  const shown = Object.entries(parameters ?? {}).filter(([, v]) => v !== '' && v !== null && v !== undefined);
  return shown
    .map(
      ([k, v]) =>
        `${termSafe(k)}=${termSafe(typeof v === 'string' ? v : JSON.stringify(v))}${k === 'rollout' ? '%' : ''}`,
    )
    .join(', ');
}

/** `beta-users (id 1), id 7`: a segment by its name where the server gave it, else by its id. */
export function segmentsText(ids: readonly number[], names: SegmentNames): string {
  return ids.map((id) => (names.has(id) ? `${termSafe(names.get(id)!)} (id ${id})` : `id ${id}`)).join(', ');
}

/**
 * A list item that shows where it begins and ends: quoted (as JSON) when it is empty or holds
 * a separator, a bracket, a quote or white space; bare otherwise (`web`, `@example.com`).
 */
export function listItem(value: string): string {
  return value === '' || /[\s,[\]"'\\]/.test(value) ? JSON.stringify(value) : value;
}

/** `appName IN [web, ios]`, `NOT email STR_ENDS_WITH [@x.com] (case-insensitive)`, `note IN ["a, b", ""]` */
export function constraintText(c: Constraint): string {
  const values = c.values?.length ? c.values : c.value !== undefined && c.value !== null ? [c.value] : [];
  const not = c.inverted ? 'NOT ' : '';
  const ci = c.caseInsensitive ? ' (case-insensitive)' : '';
  return termSafe(`${not}${c.contextName} ${c.operator} [${values.map(listItem).join(', ')}]${ci}`);
}

function weightPercent(weight: number): string {
  return `${(weight / 10).toFixed(1).replace(/\.0$/, '')}%`;
}

export function variantText(v: StrategyVariant | EnvVariant): string {
  const parts = [v.name, weightPercent(v.weight)];
  if (v.weightType) parts.push(v.weightType);
  if (v.stickiness) parts.push(`stickiness ${v.stickiness}`);
  if (v.payload) parts.push(`payload ${v.payload.type} ${v.payload.value}`);
  return termSafe(parts.join(', '));
}

function envVariantLines(v: EnvVariant, indent: string, _ui: Ui): string[] {
  const lines = [`${indent}${variantText(v)}`];
  for (const o of v.overrides ?? []) {
    lines.push(`${indent}  override ${termSafe(o.contextName)}: ${termSafe((o.values ?? []).join(', '))}`);
  }
  return lines;
}
