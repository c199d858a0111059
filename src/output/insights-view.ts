import type {
  EnvironmentTypeTrend,
  FlagTrend,
  InstanceInsights,
  MetricsSummaryTrend,
  ProjectFlagTrend,
  UserTrend,
} from '../api/schemas/insights.js';
import { fitWidth, formatNumber, sparkline, stackedBar } from './chart.js';
import type { Ui } from './context.js';
import { SECTIONS, type Section } from './insights-sections.js';
import { termSafe } from './sanitize.js';

// Instance insights as sections: each has its array in the server's document, its rows'
// columns, and a chart for a terminal. Charts are pure functions of the rows.

export { SECTIONS, type Section };

type Row = Record<string, unknown>;

export const SECTION_KEY = {
  users: 'userTrends',
  flags: 'flagTrends',
  projects: 'projectFlagTrends',
  metrics: 'metricsSummaryTrends',
  environments: 'environmentTypeTrends',
} as const satisfies Record<Section, keyof InstanceInsights>;

export const SECTION_TITLE: Record<Section, string> = {
  users: 'Users: total, active and inactive',
  flags: 'Flags: total, active, stale and potentially stale',
  projects: 'Projects: health, time to production and members per week',
  metrics: 'Metrics: requests per project per week, exposed and not exposed',
  environments: 'Environments: configuration updates per environment type per week',
};

export function sectionRows(doc: InstanceInsights, section: Section): Row[] {
  return (doc[SECTION_KEY[section]] ?? []) as Row[];
}

/** Arrays of the document that no section shows (newer servers add some). */
export function otherArrays(doc: InstanceInsights): { key: string; rows: number }[] {
  const known = new Set<string>(Object.values(SECTION_KEY));
  return Object.entries(doc)
    .filter(([key, value]) => !known.has(key) && Array.isArray(value))
    .map(([key, value]) => ({ key, rows: (value as unknown[]).length }));
}

/** The chart lines of one section, `width` columns wide at most. */
export function sectionChart(doc: InstanceInsights, section: Section, ui: Ui, width: number): string[] {
  switch (section) {
    case 'users':
      return seriesChart(byTime(doc.userTrends ?? []), ['total', 'active', 'inactive'], ui, width);
    case 'flags':
      return seriesChart(byTime(doc.flagTrends ?? []), ['total', 'active', 'stale', 'potentiallyStale'], ui, width);
    case 'projects':
      return projectsChart(doc.projectFlagTrends ?? [], ui, width);
    case 'metrics':
      return metricsChart(doc.metricsSummaryTrends ?? [], ui, width);
    case 'environments':
      return environmentsChart(doc.environmentTypeTrends ?? [], ui, width);
  }
}

type Timed = { date?: string | null; week?: string | null };
const when = (r: Timed) => r.date ?? r.week ?? '';
const byTime = <T extends Timed>(rows: readonly T[]): T[] => [...rows].sort((a, b) => when(a).localeCompare(when(b)));
const label = (r: Timed) => termSafe(r.week ?? (r.date ? r.date.slice(0, 10) : '?'));

/** Groups rows by a key, each group in time order, keeping the last row of a repeated week. */
function groups<T extends Timed>(rows: readonly T[], key: (r: T) => string): [string, T[]][] {
  const map = new Map<string, Map<string, T>>();
  for (const r of byTime(rows)) {
    const k = key(r);
    if (!map.has(k)) map.set(k, new Map());
    map.get(k)!.set(r.week ?? when(r), r);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, weeks]) => [k, [...weeks.values()]]);
}

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
/** Spread-free: a long series would overflow the call stack as arguments. */
const maxOf = (values: readonly number[]) => values.reduce((a, b) => (b > a ? b : a), -Infinity);
const minOf = (values: readonly number[]) => values.reduce((a, b) => (b < a ? b : a), Infinity);
/** The one wording for a series with no value at all, in every chart. */
const NOT_REPORTED = 'not reported';

function span(rows: readonly Timed[], ui: Ui): string {
  if (rows.length === 0) return ui.style.dim('  no data');
  return ui.style.dim(`  ${label(rows[0]!)} … ${label(rows[rows.length - 1]!)}, ${plural(rows.length, 'point')}`);
}

/** One sparkline per field: `  active    ▂▃▅▇█  40 → 52 (min 38, max 52)`. */
function seriesChart<T extends UserTrend | FlagTrend>(
  rows: T[],
  fields: (keyof T & string)[],
  ui: Ui,
  width: number,
): string[] {
  if (rows.length === 0) return [span(rows, ui)];
  const pad = Math.max(...fields.map((f) => f.length)) + 2;
  const lines = [span(rows, ui)];
  for (const f of fields) {
    const values = rows.map((r) => r[f] as number | null | undefined);
    const known = values.filter((v): v is number => typeof v === 'number');
    const room = Math.max(8, width - pad - 40);
    const summary = known.length
      ? `${formatNumber(known[0])} → ${formatNumber(known[known.length - 1])} (min ${formatNumber(minOf(known))}, max ${formatNumber(maxOf(known))})`
      : NOT_REPORTED;
    lines.push(`  ${f.padEnd(pad)}${ui.style.cyan(sparkline(fitWidth(values, room)))}  ${summary}`);
  }
  return lines;
}

function projectsChart(rows: readonly ProjectFlagTrend[], ui: Ui, width: number): string[] {
  if (rows.length === 0) return [span(rows, ui)];
  const lines: string[] = [];
  for (const [project, weeks] of groups(rows, (r) => r.project ?? '?')) {
    const last = weeks[weeks.length - 1]!;
    const members = typeof last.users === 'number' ? `, ${formatNumber(last.users)} members` : '';
    lines.push(
      `  ${ui.style.bold(termSafe(project))} ${ui.style.dim(`(${label(weeks[0]!)} … ${label(last)}${members})`)}`,
    );
    const room = Math.max(8, width - 60);
    const series = (
      name: string,
      values: (number | null | undefined)[],
      show: (first: string, last: string) => string,
    ) => {
      const known = values.filter((v): v is number => typeof v === 'number');
      const summary = known.length ? show(formatNumber(known[0]), formatNumber(known[known.length - 1])) : NOT_REPORTED;
      return `    ${name.padEnd(20)}${ui.style.cyan(sparkline(fitWidth(values, room)))}  ${summary}`;
    };
    lines.push(
      series(
        'health',
        weeks.map((w) => w.health),
        (a, b) => `${a}% → ${b}%`,
      ),
    );
    lines.push(
      series(
        'time to production',
        weeks.map((w) => w.timeToProduction),
        (a, b) => `${a} → ${b} days`,
      ),
    );
  }
  return lines;
}

function metricsChart(rows: readonly MetricsSummaryTrend[], ui: Ui, width: number): string[] {
  if (rows.length === 0) return [span(rows, ui)];
  const grouped = groups(rows, (r) => r.project ?? '?');
  const max = Math.max(1, maxOf(rows.map((r) => r.totalRequests ?? (r.totalYes ?? 0) + (r.totalNo ?? 0))));
  const barWidth = Math.max(10, Math.min(40, width - 60));
  const lines = [ui.style.dim('  █ exposed  ░ not exposed')];
  for (const [project, weeks] of grouped) {
    const last = weeks[weeks.length - 1]!;
    const counts = `${formatNumber(last.totalApps)} apps, ${formatNumber(last.totalFlags)} flags, ${formatNumber(last.totalEnvironments)} environments`;
    lines.push(`  ${ui.style.bold(termSafe(project))} ${ui.style.dim(`(latest week: ${counts})`)}`);
    for (const w of weeks) {
      const drawn = stackedBar(
        [
          { value: w.totalYes, char: '█' },
          { value: w.totalNo, char: '░' },
        ],
        max,
        barWidth,
      );
      const figures = `${formatNumber(w.totalRequests)} (exposed ${formatNumber(w.totalYes)}, not ${formatNumber(w.totalNo)})`;
      lines.push(`    ${label(w).padEnd(10)} ${ui.style.green(drawn.padEnd(barWidth))}  ${figures}`);
    }
  }
  return lines;
}

function environmentsChart(rows: readonly EnvironmentTypeTrend[], ui: Ui, width: number): string[] {
  if (rows.length === 0) return [span(rows, ui)];
  const grouped = groups(rows, (r) => r.environmentType ?? '?');
  const pad = Math.max(...grouped.map(([type]) => type.length)) + 2;
  const room = Math.max(8, width - pad - 40);
  return grouped.map(([type, weeks]) => {
    const values = weeks.map((w) => w.totalUpdates);
    const known = values.filter((v): v is number => typeof v === 'number');
    const sum = known.reduce((a, v) => a + v, 0);
    const summary = known.length
      ? `${plural(sum, 'update')} in ${plural(weeks.length, 'week')}, last ${formatNumber(values[values.length - 1])}`
      : NOT_REPORTED;
    return `  ${termSafe(type).padEnd(pad)}${ui.style.cyan(sparkline(fitWidth(values, room)))}  ${summary}`;
  });
}
