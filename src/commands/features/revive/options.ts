import type { OptionTable } from '../../../cli/spec.js';
import { oneProject, projectId, text } from '../../../cli/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "the project the flags were archived from (default: the result file's, else the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  result: {
    spelling: '--result <file>',
    values: 'files',
    help: 'also write the result (revived, skipped, failed, unverified) to this JSON file, after each batch',
    parse: text('give a file name, e.g. --result revive.json'),
  },
  from: {
    spelling: '--from <result.json>',
    values: 'files',
    help: 'revive every flag a `retire apply --result` file lists as archived',
    parse: text('give the result file, e.g. --from result.json'),
  },
} as const satisfies OptionTable;
