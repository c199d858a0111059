import type { OptionTable } from '../../../cli/spec.js';
import { FILTER_OPTIONS, PAGING_OPTIONS } from '../search-options.js';

export const options = {
  ...FILTER_OPTIONS,
  ...PAGING_OPTIONS,
  failIfAny: { spelling: '--fail-if-any', help: 'exit 3 when at least one feature matches (after printing them): a CI gate' },
} as const satisfies OptionTable;
