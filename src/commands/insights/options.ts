import { SECTIONS } from '../../output/insights-sections.js';
import type { OptionTable } from '../../cli/spec.js';
import { dayOrAge } from '../../cli/values.js';

export const options = {
  since: {
    spelling: '--since <date>',
    help: 'start of the date range: YYYY-MM-DD or an age (30d, 2w, 12h ago); omitted: the server decides',
    parse: dayOrAge(),
  },
  until: {
    spelling: '--until <date>',
    help: 'end of the date range: YYYY-MM-DD or an age (30d, 2w, 12h ago); omitted: the server decides',
    parse: dayOrAge(),
  },
  // The earlier spellings, kept working: --from is an input file in features revive (docs/options.md).
  from: {
    spelling: '--from <date>',
    help: 'the earlier spelling of --since',
    parse: dayOrAge(),
    hidden: true,
    conflicts: { with: ['since'], why: 'give one; --from is the earlier spelling of --since' },
  },
  to: {
    spelling: '--to <date>',
    help: 'the earlier spelling of --until',
    parse: dayOrAge(),
    hidden: true,
    conflicts: { with: ['until'], why: 'give one; --to is the earlier spelling of --until' },
  },
  section: {
    spelling: '--section <name>',
    help: `section to show, repeatable: ${SECTIONS.join(', ')} (default: all)`,
    repeat: true,
    values: SECTIONS,
  },
  chart: { spelling: '--no-chart', help: 'no charts on a terminal (they are never drawn when stdout is piped)' },
} as const satisfies OptionTable;
