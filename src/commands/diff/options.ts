import type { OptionTable } from '../kit/spec.js';
import { batchExportRemoved } from '../export/options.js';
import { oneProject, projectId, text } from '../kit/values.js';

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
  stat: {
    spelling: '--stat',
    help: 'one line per feature with its number of differing fields, as git diff --stat',
    formats: { not: ['json'], why: (format) => `--stat: not with -o ${format} (the ${format} lists every field); use it with table or markdown` },
  },
  batchExport: batchExportRemoved,
} as const satisfies OptionTable;
