import type { OptionTable } from '../../../cli/spec.js';
import { OptionValueError } from '../../../cli/spec.js';
import { age, wholeNumber } from '../../../cli/values.js';
import { FILTER_OPTIONS, PAGING_OPTIONS, pick, withHelp } from '../../../cli/search-options.js';

export const STALE_STATES = ['stale', 'potentially-stale'] as const;
export type StaleState = (typeof STALE_STATES)[number];

const failOn = (raw: string): StaleState[] => {
  const states = raw.split(',').map((s) => s.trim());
  for (const s of states) {
    if (!(STALE_STATES as readonly string[]).includes(s))
      throw new OptionValueError(`unknown state "${s}"; accepted: ${STALE_STATES.join(', ')}, comma-separated`);
  }
  return states as StaleState[];
};

export const options = {
  ...pick(FILTER_OPTIONS, 'project', 'type'),
  staleFor: {
    spelling: '--stale-for <age>',
    help: 'only flags marked stale longer ago than this, or potentially stale for longer: 30d, 2w, 12h',
    parse: age('an age'),
  },
  failOn: {
    spelling: '--fail-on <states>',
    help: 'a gate: exit 3 when a listed flag is in one of these states (stale = marked, potentially-stale), more than --max of them',
    values: STALE_STATES,
    parse: failOn,
  },
  max: {
    spelling: '--max <n>',
    help: 'a gate: exit 3 when more than n flags are listed (with --fail-on, in those states); default 0 with --fail-on',
    parse: wholeNumber('expected a whole number of stale flags allowed, 0 or more'),
  },
  concurrency: withHelp(PAGING_OPTIONS.concurrency, 'pages fetched at once (1-16, default 4)'),
} as const satisfies OptionTable;
