import type { FlagTable } from '../kit/spec.js';
import { oneOf, oneProject, projectId, text } from '../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "project to export (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  env: {
    flags: '-e, --env <name>',
    help: 'environment to export, repeatable (default: every environment of the project)',
    repeat: true,
    parse: text('an environment name must not be empty'),
  },
  output: {
    flags: '-o, --output <format>',
    help: 'output format: json (the snapshot)',
    values: ['json'],
    default: 'json',
    parse: oneOf(['json'] as const),
  },
} as const satisfies FlagTable;
