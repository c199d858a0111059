import { SECTIONS } from '../../output/insights-sections.js';
import type { OptionTable } from '../kit/spec.js';
import { dayOrAge } from '../kit/values.js';

export const options = {
  from: { spelling: '--from <date>', help: 'start of the date range: YYYY-MM-DD or an age (30d, 2w, 12h ago); omitted: the server decides', parse: dayOrAge() },
  to: { spelling: '--to <date>', help: 'end of the date range: YYYY-MM-DD or an age (30d, 2w, 12h ago); omitted: the server decides', parse: dayOrAge() },
  section: {
    spelling: '--section <name>',
    help: `section to show, repeatable: ${SECTIONS.join(', ')} (default: all)`,
    repeat: true,
    values: SECTIONS,
  },
  chart: { spelling: '--no-chart', help: 'no charts on a terminal (they are never drawn when stdout is piped)' },
} as const satisfies OptionTable;
