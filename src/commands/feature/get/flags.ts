import type { FlagTable } from '../../kit/spec.js';
import { oneProject, projectId } from '../../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "project the feature belongs to (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
} as const satisfies FlagTable;
