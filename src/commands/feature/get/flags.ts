import type { FlagTable } from '../../kit/spec.js';
import { pathSegment, text } from '../../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "project the feature belongs to (default: the profile's project, else default)",
    parse: (raw: string) => pathSegment('project')(text('a project id must not be empty')(raw)),
  },
} as const satisfies FlagTable;
