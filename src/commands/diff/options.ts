import type { OptionTable } from '../../cli/spec.js';
import { batchExportRemoved } from '../export/options.js';
import { nameList, oneOf, oneProject, projectId } from '../../cli/values.js';

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "project on both sides (default: each server side's profile project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  feature: {
    spelling: '--feature <name>',
    values: { names: 'features', list: true },
    help: 'compare only this feature, repeatable or comma-separated',
    repeat: true,
    parse: nameList('checkout-v2,legacy-search'),
  },
  failOn: {
    spelling: '--fail-on <condition>',
    help: 'drift (the default: exit 3 when the sides differ, as git diff --exit-code) or none (a report: exit 0)',
    values: ['drift', 'none'],
    parse: oneOf(['drift', 'none'] as const),
  },
  stat: {
    spelling: '--stat',
    help: 'one line per feature with its number of differing fields, as git diff --stat',
    formats: {
      not: ['json'],
      why: (format) => `--stat: not with -o ${format} (the ${format} lists every field); use it with table or markdown`,
    },
  },
  batchExport: batchExportRemoved,
} as const satisfies OptionTable;
