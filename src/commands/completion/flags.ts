import type { FlagTable } from '../kit/spec.js';

export const flags = {
  profiles: { flags: '--profiles', help: 'print the profile names of the config file (for the scripts)', hidden: true },
} as const satisfies FlagTable;
