import { FORMATS } from '../../output/formats.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['insights'],
  summary: 'Show instance-wide trends: users, flags, projects, metrics, environment updates (Unleash Enterprise)',
  options,
  formats: FORMATS,
  help: `-o json prints the server's document (only the --section arrays when given); csv, ndjson and
markdown print the rows of the one section picked with --section.`,
  examples: [
    'flagctl insights --since 2025-01-01 --until 2025-03-31',
    'flagctl insights --section projects --section metrics --no-chart',
    'flagctl insights --section users -o csv > users.csv',
  ],
  load: () => import('./run.js'),
});
