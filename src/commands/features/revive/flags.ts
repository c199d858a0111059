import type { FlagTable } from '../../kit/spec.js';
import { oneProject, projectId, text } from '../../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "the project the flags were archived from (default: the result file's, else the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  from: { flags: '--from <result.json>', help: 'revive every flag a `retire apply --result` file lists as archived', parse: text('give the result file, e.g. --from result.json') },
} as const satisfies FlagTable;
