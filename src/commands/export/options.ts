import type { OptionTable } from '../kit/spec.js';
import { oneOf, oneProject, projectId, text } from '../kit/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    help: "project to export (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  env: {
    spelling: '-e, --env <name>',
    help: 'environment to export, repeatable (default: every environment of the project)',
    repeat: true,
    parse: text('an environment name must not be empty'),
  },
  batchExport: {
    spelling: '--batch-export',
    help:
      "read through the server's batch export (one POST per environment) instead of one GET per feature: faster, but Unleash stores every call as a features-exported event holding the whole export (about 1.3 MB per environment for 5,000 flags), a write to its audit log",
  },
  output: {
    spelling: '-o, --output <format>',
    help: 'output format: json (the snapshot)',
    values: ['json'],
    default: 'json',
    parse: oneOf(['json'] as const),
  },
} as const satisfies OptionTable;
