import type { OptionSpec, OptionTable } from '../../cli/spec.js';
import { nameList, oneProject, projectId } from '../../cli/values.js';

/**
 * `--batch-export` (export and diff) read through POST /api/admin/features-batch/export, which
 * Unleash stores as a features-exported event holding the whole export: a "read" that wrote up
 * to 1.3 MB to the audit log per call. It is kept only to say so.
 */
export const batchExportRemoved = {
  spelling: '--batch-export',
  help: 'removed',
  removed:
    'Unleash stores every batch export in its audit log as a features-exported event holding the whole export (about 1.3 MB for 5,000 flags), and export and diff never write; leave the option out: the default read (GETs only) gives the same snapshot',
} as const satisfies OptionSpec;

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "project to export (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  env: {
    spelling: '-e, --env <name>',
    values: { names: 'environments', list: true },
    help: 'environment to export, repeatable or comma-separated (default: every environment of the project)',
    repeat: true,
    parse: nameList('development,production'),
  },
  batchExport: batchExportRemoved,
} as const satisfies OptionTable;
