import { SECTIONS } from '../../output/insights-sections.js';
import type { FlagTable } from '../kit/spec.js';
import { calendarDay } from '../kit/values.js';

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
