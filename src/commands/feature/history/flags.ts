import type { FlagTable } from '../../kit/spec.js';
import { calendarDay, matching, oneProject, projectId, wholeNumber } from '../../kit/values.js';

const DEFAULT_LIMIT = 20;

export const flags = {
  project: {
    flags: '-p, --project <id>',
    help: 'only events in this project (default: any project)',
    parse: projectId,
    projects: oneProject,
  },
  limit: {
    flags: '-n, --limit <n>',
    help: `newest events to show (default ${DEFAULT_LIMIT})`,
    parse: wholeNumber('expected a whole number of events from 1 to 100000', 1, 100_000),
    default: DEFAULT_LIMIT,
  },
  all: { flags: '--all', help: 'every event (instead of --limit)' },
  since: { flags: '--since <YYYY-MM-DD>', help: 'only events on or after this day (UTC)', parse: calendarDay },
  type: {
    flags: '--type <event-type>',
    help: 'only events of this type, repeatable or comma-separated, e.g. feature-strategy-update',
    repeat: true,
    parse: matching(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'expected event types such as feature-strategy-update or feature-created,feature-tagged'),
  },
} as const satisfies FlagTable;
