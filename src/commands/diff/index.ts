import { DOCUMENT_FORMATS, offer } from '../../output/formats.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['diff'],
  summary: 'Compare flag configuration: two environments, two instances, or a snapshot; exit 3 on drift',
  args: [
    { name: '<left>', files: true, server: 'environments', help: 'ENV, PROFILE:ENV, @FILE or @FILE:ENV' },
    { name: '<right>', files: true, server: 'environments', help: 'ENV, PROFILE:ENV, @FILE or @FILE:ENV' },
  ],
  options,
  // table: a per-feature diff; markdown: for PR comments.
  formats: offer(DOCUMENT_FORMATS, 'markdown'),
  formatOnly: true,
  help: `Each side is ENV (an environment of the current server), PROFILE:ENV (of a stored profile's
server), @FILE (the one environment of a snapshot from \`flagctl export\`) or @FILE:ENV.
Shown: features only on one side, and differences in enabled, strategies (title, disabled,
parameters, constraints, segments, variants) and environment variants; between two sources
(instances, or a snapshot and a server) also type, description, stale, impression data, tags
and dependencies. A segment whose constraints differ is reported once, with the features
that use it. Strategy ids and order, constraint order and value order are not drift;
strategy order counts only where both sides have several enabled strategies with variants
among them. Exit 3 when there is a difference, 0 when there is none (--fail-on drift, the
default); --fail-on none reports without failing.`,
  examples: [
    'flagctl diff development production',
    'flagctl diff staging:production prod:production --stat',
    'flagctl diff @flags.json:production production -o markdown',
  ],
  // A gate: its code judges every flag, even when the reader of stdout has gone.
  gate: (f) => f.failOn !== 'none',
  load: () => import('./run.js'),
});
