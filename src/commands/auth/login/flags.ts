import type { FlagTable } from '../../kit/spec.js';
import { text } from '../../kit/values.js';

export const flags = {
  project: { flags: '--project <id>', help: 'default project for this profile', parse: text('a project id must not be empty') },
} as const satisfies FlagTable;
