import { defineCommand, type FlagTable } from '../kit/spec.js';
import { oneOf, pathSegment, text } from '../kit/values.js';

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: "project on both sides (default: each server side's profile project, else default)",
    parse: (raw: string) => pathSegment('project')(text('a project id must not be empty')(raw)),
  },
  feature: {
    flags: '--feature <name>',
    help: 'compare only this feature, repeatable',
    repeat: true,
    parse: text('a feature name must not be empty'),
  },
  stat: { flags: '--stat', help: 'one line per feature with its number of differing fields, as git diff --stat' },
  output: {
    flags: '-o, --output <format>',
    help: 'output format: table (a per-feature diff), markdown (for PR comments), json',
    values: ['table', 'markdown', 'json'],
    default: 'table',
    parse: oneOf(['table', 'markdown', 'json'] as const),
  },
} as const satisfies FlagTable;

export default defineCommand({
  path: ['diff'],
  summary: 'Compare flag configuration: two environments, two instances, or a snapshot; exit 3 on drift',
  args: [
    { name: '<left>', help: 'ENV, PROFILE:ENV, @FILE or @FILE:ENV' },
    { name: '<right>', help: 'ENV, PROFILE:ENV, @FILE or @FILE:ENV' },
  ],
  flags,
  help: `Each side is ENV (an environment of the current server), PROFILE:ENV (of a stored profile's
server), @FILE (the one environment of a snapshot from \`flagctl export\`) or @FILE:ENV.
Shown: features only on one side, and differences in enabled, strategies (title, disabled,
parameters, constraints, segments, variants) and environment variants; between two sources
(instances, or a snapshot and a server) also type, description, stale, impression data, tags
and dependencies. Strategy ids and order, constraint order and value order are not drift;
strategy order counts only where both sides have several enabled strategies with variants
among them. Exit 3 when there is a difference, 0 when there is none.`,
  examples: [
    'flagctl diff development production',
    'flagctl diff staging:production prod:production --stat',
    'flagctl diff @flags.json:production production -o markdown',
  ],
  load: () => import('./run.js'),
});
