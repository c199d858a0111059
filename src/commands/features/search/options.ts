import type { OptionTable } from '../../../cli/spec.js';
import { oneOf } from '../../../cli/values.js';
import { FILTER_OPTIONS, PAGING_OPTIONS } from '../../../cli/search-options.js';

export const options = {
  ...FILTER_OPTIONS,
  ...PAGING_OPTIONS,
  failIfAny: {
    spelling: '--fail-if-any',
    help: 'exit 3 when at least one feature matches (after printing them): a CI gate; the same as --fail-on any',
  },
  failOn: {
    spelling: '--fail-on <condition>',
    help: 'a CI gate: any (exit 3 when at least one feature matches, after printing them), as every gate spells it',
    values: ['any'],
    parse: oneOf(['any'] as const),
  },
} as const satisfies OptionTable;
