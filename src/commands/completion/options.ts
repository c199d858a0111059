import type { OptionTable } from '../../cli/spec.js';
import { parseServerMarker } from '../../cli/completion/server-values.js';

export const options = {
  profiles: {
    spelling: '--profiles',
    help: 'print the profile names of the config file (for the scripts)',
    hidden: true,
  },
  serverNames: {
    spelling: '--server-names <kind>',
    help: 'print the names of this kind on the server, from a short-lived cache (for the scripts)',
    parse: parseServerMarker,
    hidden: true,
  },
  arg: {
    spelling: '--arg <word>',
    help: "with --server-names plan: the command's arguments typed so far, the plan file first (for the scripts)",
    repeat: true,
    hidden: true,
  },
  word: {
    spelling: '--word <text>',
    help: 'with --server-names: the text typed so far, for values that hold more than a name (for the scripts)',
    hidden: true,
  },
} as const satisfies OptionTable;
