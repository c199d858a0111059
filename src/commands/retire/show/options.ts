import type { OptionTable } from '../../kit/spec.js';

export const options = {} as const satisfies OptionTable;
