import type { FlagTable } from '../../kit/spec.js';
import { projectId, text } from '../../kit/values.js';

export const flags = {
  yes: { flags: '-y, --yes', help: 'archive without asking (required when stdin is not a terminal, as in CI)' },
  result: { flags: '--result <file>', help: 'also write the result (archived, skipped, failed) to this JSON file', parse: text('give a file name, e.g. --result result.json') },
  project: {
    flags: '-p, --project <id>',
    help: "refuse the plan unless it is for this project (default: the plan's project)",
    parse: projectId,
  },
} as const satisfies FlagTable;
