import type { OptionTable } from '../../../cli/spec.js';
import { projectId, text } from '../../../cli/values.js';

export const options = {
  yes: { spelling: '-y, --yes', help: 'archive without asking (required when stdin is not a terminal, as in CI)' },
  result: { spelling: '--result <file>', help: 'also write the result (archived, skipped, failed) to this JSON file', parse: text('give a file name, e.g. --result result.json') },
  project: {
    spelling: '-p, --project <id>',
    help: "refuse the plan unless it is for this project (default: the plan's project)",
    parse: projectId,
  },
} as const satisfies OptionTable;
