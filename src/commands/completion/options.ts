import type { OptionTable } from '../../cli/spec.js';
import { oneOf } from '../../cli/values.js';

export const options = {
  profiles: {
    spelling: '--profiles',
    help: 'print the profile names of the config file (for the scripts)',
    hidden: true,
  },
  serverNames: {
    spelling: '--server-names <kind>',
    help: 'print the names of this kind on the server, from a short-lived cache (for the scripts)',
    parse: oneOf(['features', 'projects', 'environments'] as const),
    hidden: true,
  },
} as const satisfies OptionTable;
