import { SECTIONS } from '../../output/insights-sections.js';
import type { OptionTable } from '../../cli/spec.js';
import { calendarDay } from '../../cli/values.js';

export const options = {
  from: { spelling: '--from <YYYY-MM-DD>', help: 'start of the date range (omitted: the server decides)', parse: calendarDay },
  to: { spelling: '--to <YYYY-MM-DD>', help: 'end of the date range (omitted: the server decides)', parse: calendarDay },
  section: {
    spelling: '--section <name>',
    help: `section to show, repeatable: ${SECTIONS.join(', ')} (default: all)`,
    repeat: true,
    values: SECTIONS,
  },
  chart: { spelling: '--no-chart', help: 'no charts on a terminal (they are never drawn when stdout is piped)' },
} as const satisfies OptionTable;
