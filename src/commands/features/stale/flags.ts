import type { FlagTable } from '../../kit/spec.js';
import { wholeNumber } from '../../kit/values.js';
import { FILTER_FLAGS, PAGING_FLAGS, pick, withHelp } from '../../search/flags.js';

export const flags = {
  ...pick(FILTER_FLAGS, 'project', 'type'),
  max: {
    flags: '--max <n>',
    help: 'stale flags allowed before exit 3 (default 0)',
    parse: wholeNumber('expected a whole number of stale flags allowed, 0 or more'),
    default: 0,
  },
  concurrency: withHelp(PAGING_FLAGS.concurrency, 'pages fetched at once (1-16, default 4)'),
} as const satisfies FlagTable;
