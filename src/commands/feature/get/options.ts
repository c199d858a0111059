import type { OptionTable } from '../../../cli/spec.js';
import { oneProject, projectId } from '../../../cli/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "project the feature belongs to (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
    projectInPath: true,
  },
} as const satisfies OptionTable;
