import type { OptionTable } from '../../../cli/spec.js';
import { text } from '../../../cli/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    help: 'default project for this profile',
    parse: text('a project id must not be empty'),
  },
} as const satisfies OptionTable;
