// One vocabulary across commands: every option name that more than one command uses has one
// meaning, declared here with what it is in each command that takes it. Nothing at run time
// reads this file: test/cli/vocabulary.test.ts derives the shared names from the command
// records and fails when a command takes a shared name that is not declared here for it (a new
// option reusing a name must say that it means the same), and `npm run docs` writes the table
// in docs/options.md from it. Hidden earlier spellings are left out: they are aliases.

export interface Meaning {
  /** One meaning id per option name. */
  id: string;
  /** What the name means wherever it appears. */
  means: string;
  /** Each command that takes it (`features stale`) and how it reads there. */
  in: Readonly<Record<string, string>>;
}

const OUTPUT_COMMANDS = [
  'feature get',
  'feature history',
  'features search',
  'features stale',
  'features revive',
  'project overview',
  'insights',
  'refs',
  'retire plan',
  'retire show',
  'retire apply',
  'evaluate',
];
const FORMAT_ONLY_COMMANDS = ['cleanup'];
// Lists of rows with every format of rows.
const LIST_COMMANDS = ['projects list', 'environments list', 'auth list'];
const each = (commands: readonly string[], text: string) => Object.fromEntries(commands.map((c) => [c, text]));
const SCAN = (what: string) => ({ refs: what, 'retire plan': `${what} (the scan of the tree it judges)` });
const SCAN_AND_CLEANUP = (what: string) => ({ ...SCAN(what), cleanup: `${what} (the files it rewrites)` });

export const VOCABULARY: Readonly<Record<string, Meaning>> = {
  '--project': {
    id: 'project',
    means: "which project's flags the command reads",
    in: {
      'features search':
        "a filter: web, web,mobile, !web, IS_ANY_OF:web,mobile; default every project (search and stale are server-wide lists, so the profile's project is not applied)",
      'features stale': 'a filter, as in features search; default every project, for the same reason',
      refs: "project ids, comma-separated, literal (no ! or operators); default every project: references in code may name any project's flag",
      'feature get': "one id; default the profile's project, else default",
      'feature history':
        'one id: only events in that project; default any project (the command reads one feature, whose name is unique in the instance)',
      'features revive': "one id; default the profile's project, else default",
      export: "one id; default the profile's project, else default",
      diff: "one id on both sides; default each side's profile project, else default",
      evaluate: "one id; the project --all evaluates (default the profile's project), or that limits named features",
      'retire plan': "one id; default the profile's project, else default",
      'retire apply': "one id that must match the plan's",
      cleanup:
        "one id: the project whose flags' lifecycles decide the branch to keep (default the profile's project, else default)",
      'auth login':
        "the profile's project: the default of the commands that read one project (and of `project overview`)",
    },
  },
  '--type': {
    id: 'flag-type',
    means: 'the flag type (release, experiment, operational, kill-switch, permission, sunset)',
    in: {
      'features search': 'a filter: release, release,experiment, !permission',
      'features stale': 'a filter, as in features search',
    },
  },
  '--env': {
    id: 'environment',
    means: 'an environment name, checked against the server (a typo exits 5)',
    in: {
      evaluate: 'the one environment to evaluate in (required)',
      export: 'environments to export, repeatable or comma-separated (default every one of the project)',
    },
  },
  '--since': {
    id: 'since',
    means: 'from this day on (YYYY-MM-DD, UTC, or an age before now: 30d, 2w, 12h)',
    in: {
      'feature history': 'events on or after it',
      insights: 'the start of the date range (earlier spelling --from)',
    },
  },
  '--all': {
    id: 'all',
    means: 'every item instead of a limited or named few',
    in: {
      'feature history': 'every event, not the newest --limit',
      'features search': 'every match, not the first --limit',
      evaluate: 'every flag of --project, not named features',
    },
  },
  '--limit': {
    id: 'limit',
    means: 'at most this many items',
    in: { 'feature history': 'newest events (default 20)', 'features search': 'matches (default 50); pages as needed' },
  },
  '--concurrency': {
    id: 'concurrency',
    means: 'search pages fetched at once (1-16, default 4)',
    in: { 'features search': 'with --all or a large --limit', 'features stale': 'every page is read' },
  },
  '--fail-on': {
    id: 'gate',
    means:
      'the gate: exit 3 (after printing) when the condition holds; every gate takes it, and older spellings stay as aliases',
    in: {
      'features search': 'any: at least one feature matches (alias --fail-if-any)',
      'features stale':
        'stale, potentially-stale: a listed flag in those states, more than --max (alias: --max N alone counts every listed flag)',
      refs: 'stale, potentially-stale, archived, completed: a reference to such a flag; with --diff, added-<state>: the change adds one',
      'retire plan': 'archive: the plan would archive a flag',
      evaluate: 'on or off: the one feature named is in that state (alias --expect with the other state)',
      diff: 'drift (the default): the sides differ; none: a report that exits 0',
    },
  },
  '--output': {
    id: 'format',
    means: 'the output format (docs/output-formats.md); the first listed in --help is the default',
    in: {
      ...each([...OUTPUT_COMMANDS, ...LIST_COMMANDS, ...FORMAT_ONLY_COMMANDS], "a format of the command's own list"),
      api: 'with --paginate: json or ndjson',
      export: 'json (the snapshot)',
      diff: 'table, markdown or json',
    },
  },
  '--columns': {
    id: 'columns',
    means:
      'the columns of table, csv and markdown (and the fields of json rows where the command says so), by their ids',
    in: each([...OUTPUT_COMMANDS, ...LIST_COMMANDS], "the command's column ids"),
  },
  '--no-headers': {
    id: 'no-headers',
    means: 'no header row in table and csv (offered only where a format has one)',
    in: each([...OUTPUT_COMMANDS, ...LIST_COMMANDS], 'as everywhere'),
  },
  '--csv-raw': {
    id: 'csv-raw',
    means: 'csv without the guard against spreadsheet formulas (offered only where csv is)',
    in: each(
      [
        'feature get',
        'feature history',
        'features search',
        'features stale',
        'project overview',
        'insights',
        'refs',
        'evaluate',
        ...LIST_COMMANDS,
      ],
      'as everywhere',
    ),
  },
  '--result': {
    id: 'write-result',
    means: "a JSON file the write's record is kept in: rewritten after each batch, atomically (docs/writes.md)",
    in: {
      'retire apply': 'the archive record (features revive --from takes it)',
      'features revive': 'the revive record',
    },
  },
  '--aliases': {
    id: 'scan-aliases',
    means: 'also find a flag name in camelCase, PascalCase, snake_case and SCREAMING_SNAKE_CASE',
    in: SCAN('as in refs'),
  },
  '--delimiters': {
    id: 'scan-delimiters',
    means: 'the characters that surround a flag name in code',
    in: SCAN('as in refs'),
  },
  '--exclude': {
    id: 'scan-exclude',
    means: 'paths (gitignore-style globs) the scan skips',
    in: SCAN_AND_CLEANUP('as in refs'),
  },
  '--max-file-kb': { id: 'scan-max-file-kb', means: 'files larger than this are not read', in: SCAN('as in refs') },
  '--no-ignore': {
    id: 'scan-no-ignore',
    means: 'read ignored files too (as ripgrep)',
    in: SCAN_AND_CLEANUP('as in refs'),
  },
  '--threads': { id: 'scan-threads', means: 'worker threads that read files', in: SCAN('as in refs') },
};

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The table in docs/options.md: each shared name, its meaning, and how each command reads it. */
export function vocabularyMarkdown(): string {
  const lines = ['| option | meaning | command | there |', '| --- | --- | --- | --- |'];
  for (const [name, m] of Object.entries(VOCABULARY)) {
    Object.entries(m.in).forEach(([command, there], i) => {
      lines.push(
        i === 0
          ? `| \`${name}\` | ${cell(m.means)} | \`${command}\` | ${cell(there)} |`
          : `| | | \`${command}\` | ${cell(there)} |`,
      );
    });
  }
  return lines.join('\n');
}
