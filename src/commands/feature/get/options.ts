import type { OptionTable } from '../../kit/spec.js';
import { oneProject, projectId } from '../../kit/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "project the feature belongs to (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
} as const satisfies OptionTable;
