import { SECTIONS } from '../../output/insights-sections.js';
import { FlagValueError, type FlagTable } from '../kit/spec.js';

/** A real calendar day written yyyy-MM-dd: 2025-02-30 is refused, 2024-02-29 is not. */
function calendarDay(raw: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new FlagValueError('expected a date as YYYY-MM-DD, e.g. 2025-01-31');
  const [y, m, d] = raw.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) throw new FlagValueError('not a calendar date');
  return raw;
}

export const flags = {
  from: { flags: '--from <YYYY-MM-DD>', help: 'start of the date range (omitted: the server decides)', parse: calendarDay },
  to: { flags: '--to <YYYY-MM-DD>', help: 'end of the date range (omitted: the server decides)', parse: calendarDay },
  section: {
    flags: '--section <name>',
    help: `section to show, repeatable: ${SECTIONS.join(', ')} (default: all)`,
    repeat: true,
    values: SECTIONS,
  },
  chart: { flags: '--no-chart', help: 'no charts on a terminal (they are never drawn when stdout is piped)' },
} as const satisfies FlagTable;
