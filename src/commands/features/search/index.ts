import { flagColumns } from '../../../output/flag-columns.js';
import { FORMATS } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { checkSearch } from '../../../cli/search-options.js';
import { options } from './options.js';

export const FILTER_HELP = `
Filters take a friendly form or the server's operator syntax, checked and passed through:
  --project web                  project=IS:web
  --project web,mobile           project=IS_ANY_OF:web,mobile
  --project '!web'               project=IS_NOT:web
  --project '!web,mobile'        project=IS_NONE_OF:web,mobile
  (--type, --state and --created-by take the same forms)
  --tag team:growth              tag=INCLUDE:team:growth
  --tag team:growth,simple:beta  tag=INCLUDE_ANY_OF:team:growth,simple:beta
  --tag team:growth --tag simple:beta
                                 tag=INCLUDE_ALL_OF:team:growth,simple:beta
  --tag '!team:growth'           tag=DO_NOT_INCLUDE:team:growth
  --tag '!team:growth,simple:beta'
                                 tag=EXCLUDE_IF_ANY_OF:team:growth,simple:beta
  --segment beta-testers         segment=INCLUDE:beta-testers (same forms as --tag)
  --created-before 2024-01-01    createdAt=IS_BEFORE:2024-01-01
  --created-since 2024-01-01     createdAt=IS_ON_OR_AFTER:2024-01-01
  --status production:enabled    status=production:enabled (repeat --status: any of them)
  --state potentially-stale      not marked stale, but older than its type's expected lifetime
Operator syntax: --project IS_ANY_OF:web,mobile, --tag INCLUDE_ALL_OF:team:growth,simple:beta,
  --created-at IS_BEFORE:2024-01-01, --segment EXCLUDE_ALL:a,b, --created-by IS_NOT:7.
Dates are UTC days. Quote a leading ! for the shell.`;

function wrap(words: string[], width = 96, indent = '  '): string {
  const lines: string[] = [];
  let line = indent;
  for (const w of words) {
    if (line.length + w.length > width && line.trim()) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${w} `;
  }
  return [...lines, line.trimEnd()].join('\n');
}

export const COLUMN_HELP = `
Columns (--columns a,b,...):
${wrap(flagColumns.all.map((c) => `${c.name},`))}
  and per environment ${flagColumns.syntax},
  e.g. --columns name,env:production.enabled,env:production.yes,env:production.lastSeenAt`;

export default defineCommand({
  path: ['features', 'search'],
  summary: 'Search and filter features across projects; page through every match',
  options,
  formats: [...FORMATS, 'github'],
  help: `Without --project it searches every project, not the profile's: search is the server-wide
view (the profile's project is the default of the commands that read one project: get, export,
diff, evaluate, retire, project overview). --project takes a filter, as below.
${FILTER_HELP}
${COLUMN_HELP}

Output: -o json prints one {features, total} document (total: all matches on the server);
ndjson and csv stream one feature per line; markdown is a table for PR comments; github is one
annotation per match (an error with --fail-if-any, else a notice) and a table appended to
$GITHUB_STEP_SUMMARY when it is set. Nothing changes with the environment: CI gets what -o asks.`,
  examples: [
    "flagctl features search --type release,experiment --state '!stale' --limit 250",
    'flagctl features search --tag team:growth --status production:enabled --all -o csv',
    'flagctl features search --created-before 2024-01-01 --sort-by environment:production --fail-if-any',
  ],
  // With --fail-if-any a gate: its code counts every match, even when the reader of stdout has gone.
  gate: (f) => f.failIfAny === true || f.failOn === 'any',
  check: checkSearch,
  load: () => import('./run.js'),
});
