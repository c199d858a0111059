import type { OptionTable } from '../../../cli/spec.js';
import { wholeNumber } from '../../../cli/values.js';
import { FILTER_OPTIONS, PAGING_OPTIONS, pick, withHelp } from '../search-options.js';

export const options = {
  ...pick(FILTER_OPTIONS, 'project', 'type'),
  max: {
    spelling: '--max <n>',
    help: 'stale flags allowed before exit 3 (default 0)',
    parse: wholeNumber('expected a whole number of stale flags allowed, 0 or more'),
    default: 0,
  },
  concurrency: withHelp(PAGING_OPTIONS.concurrency, 'pages fetched at once (1-16, default 4)'),
} as const satisfies OptionTable;
