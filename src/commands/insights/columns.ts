import type { Section } from '../../output/insights-sections.js';
import type { Column, ColumnSet } from '../../output/rows.js';
import { termSafe } from '../../output/sanitize.js';

// The columns of each insights section's rows.

export type Row = Record<string, unknown>;

const num = (name: string): Column<Row> => ({ name, kind: 'number', value: (r) => r[name] });
/** A day on a terminal (trends are per day or week; a relative time would blur them), ISO elsewhere. */
const day = (name: string): Column<Row> => ({
  name,
  value: (r) => r[name],
  pretty: (r) => (typeof r[name] === 'string' ? termSafe((r[name] as string).slice(0, 10)) : '-'),
});
const text = (name: string): Column<Row> => ({ name, value: (r) => r[name] });
const set = (all: Column<Row>[], defaults?: string[]): ColumnSet<Row> => ({
  all,
  defaults: defaults ?? all.map((c) => c.name),
});

export const SECTION_COLUMNS: Record<Section, ColumnSet<Row>> = {
  users: set([day('date'), num('total'), num('active'), num('inactive')]),
  flags: set([day('date'), num('total'), num('active'), num('stale'), num('potentiallyStale')]),
  projects: set(
    [
      text('week'),
      text('project'),
      day('date'),
      num('health'),
      num('technicalDebt'),
      num('timeToProduction'),
      num('total'),
      num('active'),
      num('stale'),
      num('potentiallyStale'),
      num('users'),
    ],
    ['week', 'project', 'health', 'timeToProduction', 'total', 'active', 'stale', 'potentiallyStale', 'users'],
  ),
  metrics: set(
    [
      text('week'),
      text('project'),
      day('date'),
      num('totalRequests'),
      num('totalYes'),
      num('totalNo'),
      num('totalApps'),
      num('totalFlags'),
      num('totalEnvironments'),
    ],
    ['week', 'project', 'totalRequests', 'totalYes', 'totalNo', 'totalApps', 'totalFlags', 'totalEnvironments'],
  ),
  environments: set(
    [text('week'), text('environmentType'), day('date'), num('totalUpdates')],
    ['week', 'environmentType', 'totalUpdates'],
  ),
};
