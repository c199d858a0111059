import type { OptionTable } from '../../cli/spec.js';

export const options = {
  profiles: { spelling: '--profiles', help: 'print the profile names of the config file (for the scripts)', hidden: true },
} as const satisfies OptionTable;
