import { offer } from '../../output/formats.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['export'],
  summary: 'Write a snapshot of flag configuration (for `flagctl diff`, reviews and CI)',
  options,
  formats: offer('json'),
  formatOnly: true,
  help: `The snapshot holds, for each feature, its type, description, stale flag, impression data, tags
and dependencies, and for each environment: enabled, its strategies (name, title, disabled,
parameters, constraints, segments by name, variants) and the environment's variants; and each
segment used, with its constraints. Server ids, timestamps and metrics are left out and every
key is sorted, so two exports of an unchanged project are identical byte for byte; the format
carries a version number. Only GETs: the feature list and one document per feature (8 at a
time); nothing is written to the server or its audit log.`,
  examples: [
    'flagctl export > flags.json',
    'flagctl export --project web --env production > production.json',
    'flagctl diff @production.json production',
  ],
  load: () => import('./run.js'),
});
