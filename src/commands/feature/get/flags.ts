import type { FlagTable } from '../../kit/spec.js';
import { projectId } from '../../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "project the feature belongs to (default: the profile's project, else default)",
    parse: projectId,
  },
} as const satisfies FlagTable;
