import type { OptionTable } from '../../../cli/spec.js';

export const options = {} as const satisfies OptionTable;
