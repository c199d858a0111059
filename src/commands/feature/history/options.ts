import type { OptionTable } from '../../../cli/spec.js';
import { OptionValueError } from '../../../errors.js';
import { EVENT_TYPES, EVENT_TYPES_FROM } from '../../../history/event-types.js';
import { dayOrAge, oneProject, projectId, wholeNumber } from '../../../cli/values.js';

const DEFAULT_LIMIT = 20;

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: 'only events in this project (default: any project)',
    parse: projectId,
    projects: oneProject,
  },
  limit: {
    spelling: '-n, --limit <n>',
    help: `newest events to show (default ${DEFAULT_LIMIT})`,
    parse: wholeNumber('expected a whole number of events from 1 to 100000', 1, 100_000),
    default: DEFAULT_LIMIT,
  },
  all: { spelling: '--all', help: 'every event (instead of --limit)' },
  since: {
    spelling: '--since <date>',
    help: 'only events on or after this day (YYYY-MM-DD, UTC; or an age: 30d, 2w, 12h ago)',
    parse: dayOrAge(),
  },
  eventType: {
    spelling: '--event-type <type>',
    help: 'only events of this type, repeatable or comma-separated, e.g. feature-strategy-update',
    repeat: true,
    parse: eventTypes,
  },
  // The earlier spelling, kept working: --type names a flag type in search and stale (docs/options.md).
  type: {
    spelling: '--type <event-type>',
    help: 'the earlier spelling of --event-type',
    repeat: true,
    parse: eventTypes,
    hidden: true,
  },
} as const satisfies OptionTable;

/** The types a feature's history holds, named when a --type is not one of the server's. */
const FEATURE_TYPES = [...EVENT_TYPES].filter((t) => t.startsWith('feature-') || t === 'strategy-order-changed');

/** Comma-separated event types, each one Unleash 6.10.1 or 8.2.0 knows (the search would answer nothing). */
function eventTypes(raw: string): string {
  const unknown = raw.split(',').filter((t) => !EVENT_TYPES.has(t));
  if (unknown.length === 0) return raw;
  const names = unknown.map((t) => JSON.stringify(t)).join(', ');
  throw new OptionValueError(
    `unknown event type${unknown.length > 1 ? 's' : ''} ${names} (flagctl's list holds the types of ${EVENT_TYPES_FROM}); a feature's events are: ${FEATURE_TYPES.join(', ')}`,
  );
}
