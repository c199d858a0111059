import type { OptionTable } from '../../cli/spec.js';
import { batchExportRemoved } from '../export/options.js';
import { oneOf, oneProject, projectId, text } from '../../cli/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    help: "project on both sides (default: each server side's profile project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  feature: {
    spelling: '--feature <name>',
    help: 'compare only this feature, repeatable',
    repeat: true,
    parse: text('a feature name must not be empty'),
  },
  stat: { spelling: '--stat', help: 'one line per feature with its number of differing fields, as git diff --stat' },
  batchExport: batchExportRemoved,
  output: {
    spelling: '-o, --output <format>',
    help: 'output format: table (a per-feature diff), markdown (for PR comments), json',
    values: ['table', 'markdown', 'json'],
    default: 'table',
    parse: oneOf(['table', 'markdown', 'json'] as const),
  },
} as const satisfies OptionTable;
