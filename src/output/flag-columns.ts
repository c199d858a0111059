import type { SearchFlag } from '../api/schemas/search.js';
import type { CellKind, Column, ColumnSet } from './rows.js';
import { termSafe } from './sanitize.js';

// Columns of a feature list (search results, a project's features). Per-environment
// columns are written `env:<environment>.<field>`, e.g. env:production.enabled.

export const ENV_FIELDS = [
  'enabled',
  'type',
  'yes',
  'no',
  'lastSeenAt',
  'hasStrategies',
  'hasEnabledStrategies',
  'variantCount',
  'sortOrder',
  'changeRequestIds',
] as const;
type EnvField = (typeof ENV_FIELDS)[number];

/** `on`, `off`, or `unknown` for a state the server left out or sent as null (never read as off). */
export function envState(enabled: unknown): 'on' | 'off' | 'unknown' {
  return enabled === true ? 'on' : enabled === false ? 'off' : 'unknown';
}

function envSummary(f: SearchFlag): string {
  return (f.environments ?? []).map((e) => `${e.name} ${envState(e.enabled)}`).join(', ');
}

const SYMBOL = { on: '✓', off: '✗', unknown: 'unknown' } as const;

const all: Column<SearchFlag>[] = [
  { name: 'name', key: true, value: (f) => f.name },
  { name: 'type', value: (f) => f.type },
  { name: 'project', value: (f) => f.project },
  { name: 'description', value: (f) => f.description },
  { name: 'stale', kind: 'bool', value: (f) => f.stale },
  { name: 'lifecycle', value: (f) => f.lifecycle?.stage },
  { name: 'lifecycleStatus', value: (f) => f.lifecycle?.status },
  { name: 'lifecycleSince', kind: 'time', value: (f) => f.lifecycle?.enteredStageAt },
  {
    name: 'environments',
    value: envSummary,
    pretty: (f, ui) => {
      const envs = f.environments ?? [];
      if (envs.length === 0) return ui.style.dim('-');
      const paint = { on: ui.style.green, off: ui.style.red, unknown: ui.style.yellow };
      return envs
        .map((e) => `${termSafe(e.name)} ${paint[envState(e.enabled)](SYMBOL[envState(e.enabled)])}`)
        .join(' ');
    },
  },
  { name: 'createdAt', kind: 'time', value: (f) => f.createdAt },
  { name: 'createdBy', value: (f) => f.createdBy?.name },
  { name: 'createdById', kind: 'number', value: (f) => f.createdBy?.id },
  { name: 'favorite', kind: 'bool', value: (f) => f.favorite },
  { name: 'impressionData', kind: 'bool', value: (f) => f.impressionData },
  { name: 'archived', kind: 'bool', value: (f) => f.archived },
  { name: 'archivedAt', kind: 'time', value: (f) => f.archivedAt },
  { name: 'lastSeenAt', kind: 'time', value: (f) => f.lastSeenAt },
  { name: 'dependencyType', value: (f) => f.dependencyType },
  { name: 'segments', value: (f) => f.segments ?? [] },
  { name: 'tags', value: (f) => (f.tags ?? []).map((t) => (t.type ? `${t.type}:${t.value}` : t.value)) },
  // Deprecated in the spec (since v5) and absent from current servers; kept so --columns covers every field.
  { name: 'variants', value: (f) => namesOf((f as Record<string, unknown>).variants) },
  { name: 'strategies', value: (f) => namesOf((f as Record<string, unknown>).strategies) },
];

/** Each item's name; one that is not a string is shown as JSON (String() throws on an own `toString`). */
function namesOf(list: unknown): string[] {
  const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));
  return Array.isArray(list) ? list.map((x) => text((x as { name?: unknown } | null)?.name)) : [];
}

function envColumn(name: string): Column<SearchFlag> | undefined {
  const m = /^env:(.+)\.([A-Za-z]+)$/.exec(name);
  if (!m || !ENV_FIELDS.includes(m[2] as EnvField)) return undefined;
  const [, env, field] = m as unknown as [string, string, EnvField];
  const kind: CellKind =
    field === 'lastSeenAt'
      ? 'time'
      : field === 'enabled' || field.startsWith('has')
        ? 'bool'
        : field === 'type' || field === 'changeRequestIds'
          ? 'text'
          : 'number';
  const find = (f: SearchFlag) =>
    (f.environments ?? []).find((x) => x.name === env) as Record<string, unknown> | undefined;
  return {
    name,
    kind,
    value: (f) => find(f)?.[field] ?? null,
    // An environment sent without a state is unknown; one the feature does not have is `-`.
    ...(field === 'enabled' ? { unknown: (f: SearchFlag) => (find(f) ? envState(null) : undefined) } : {}),
  };
}

export const flagColumns: ColumnSet<SearchFlag> = {
  all,
  defaults: ['name', 'type', 'project', 'stale', 'lifecycle', 'environments', 'createdAt'],
  resolve: envColumn,
  syntax: `env:<environment>.<${ENV_FIELDS.join('|')}>`,
};
