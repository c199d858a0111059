import type { FlagTable } from '../../kit/spec.js';
import { FILTER_FLAGS, PAGING_FLAGS } from '../../search/flags.js';

export const flags = {
  ...FILTER_FLAGS,
  ...PAGING_FLAGS,
  failIfAny: { flags: '--fail-if-any', help: 'exit 3 when at least one feature matches (after printing them): a CI gate' },
} as const satisfies FlagTable;
