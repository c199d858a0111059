import { OptionValueError, type OptionTable } from '../../cli/spec.js';
import { orList } from '../../cli/output-options.js';
import { pathSegment, wholeNumber } from '../../cli/values.js';
import { isCallName } from '../../refs/calls.js';

/**
 * The states --fail-on takes (archived is a fact of the flag, but gates the same way;
 * completed is the server's lifecycle stage that says the flag is done).
 */
export const FAIL_ON_STATES = ['stale', 'potentially-stale', 'archived', 'completed'] as const;
export type FailOnState = (typeof FAIL_ON_STATES)[number];
/** With --diff: what the change adds (refs --diff, src/refs/diff). */
export const DIFF_FAIL_ON = [
  'added-stale',
  'added-potentially-stale',
  'added-archived',
  'added-completed',
  'added-unknown',
] as const;
export type DiffFailOn = (typeof DIFF_FAIL_ON)[number];

const callList = (raw: string): string[] => {
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (list.length === 0)
    throw new OptionValueError('give call names separated by commas, e.g. --calls useUiFlag,this.flags.isOn');
  const bad = list.find((c) => !isCallName(c));
  if (bad !== undefined)
    throw new OptionValueError(
      `"${bad.slice(0, 60)}" is not a call name; expected identifiers joined by . ?. :: or ->, e.g. useUiFlag or this.flags.isOn`,
    );
  return [...new Set(list)];
};

/** Without --diff: a name in a flag call that is no flag (src/refs/unknown-calls.ts). */
export const UNKNOWN = 'unknown';

const failOn = (raw: string): (FailOnState | DiffFailOn | typeof UNKNOWN)[] => {
  const states = raw.split(',').map((s) => s.trim());
  const accepted: readonly string[] = [...FAIL_ON_STATES, UNKNOWN, ...DIFF_FAIL_ON];
  for (const s of states) {
    if (!accepted.includes(s)) {
      const list = s.startsWith('added-')
        ? `with --diff, any of ${DIFF_FAIL_ON.join(', ')}`
        : `any of ${[...FAIL_ON_STATES, UNKNOWN].join(', ')}`;
      throw new OptionValueError(`unknown state "${s}"; accepted: ${list}, comma-separated`);
    }
  }
  return [...new Set(states as (FailOnState | DiffFailOn | typeof UNKNOWN)[])];
};

const revision = (raw: string): string => {
  if (raw.trim().length === 0)
    throw new OptionValueError('give a git revision, e.g. --diff origin/main or --diff HEAD~1');
  return raw;
};

const projects = (raw: string): string[] => {
  const ids = raw.split(',').map((s) => s.trim());
  if (ids.some((id) => id.length === 0))
    throw new OptionValueError('expected project ids separated by commas, e.g. web,mobile');
  return ids.map(pathSegment('project id'));
};

const delimiters = (raw: string): string[] => {
  const chars = [...new Set(Array.from(raw))];
  if (chars.length === 0)
    throw new OptionValueError('give at least one delimiter character, e.g. --delimiters "\\"\'`"');
  return chars;
};

export const options = {
  project: {
    spelling: '-p, --project <ids>',
    help: "only these projects' flags (comma-separated ids; default: every project)",
    values: { names: 'projects', list: true },
    parse: projects,
    projects: (ids: string[]) => ids,
  },
  ignore: {
    spelling: '--no-ignore',
    help: "read every file under the paths, ignored or not (as ripgrep's --no-ignore)",
  },
  exclude: {
    spelling: '--exclude <glob>',
    help: 'skip paths matching this gitignore-style glob; repeat for more',
    repeat: true,
  },
  maxFileKb: {
    spelling: '--max-file-kb <n>',
    help: 'skip files larger than this many KiB (default 1024)',
    parse: wholeNumber('expected a whole number of KiB from 1 to 1048576', 1, 1024 * 1024),
    default: 1024,
  },
  delimiters: {
    spelling: '--delimiters <chars>',
    help: 'characters that surround a flag name in code (default: " \' and `)',
    parse: delimiters,
    default: ['"', "'", '`'],
  },
  aliases: {
    spelling: '--aliases',
    help: 'also find camelCase, PascalCase, snake_case and SCREAMING_SNAKE_CASE forms as whole identifiers of code (not in hyphenated words, stylesheets, prose or data files)',
  },
  summary: {
    spelling: '--summary',
    help: 'one row per flag that is not active, archived or referenced, with a verdict',
    formats: {
      not: ['github', 'sarif'],
      why: (format, accepted) =>
        `--summary: not with -o ${format}, which reports references; use -o ${orList(accepted)}`,
    },
  },
  allFlags: {
    spelling: '--all-flags',
    help: 'with --summary or -o json: the active flags without references too',
    formats: {
      only: ['json'],
      unless: 'summary',
      why: (format) =>
        `--all-flags: only with --summary or -o json, which list flags; -o ${format} without --summary lists references`,
    },
  },
  failOn: {
    spelling: '--fail-on <states>',
    help: 'exit 3 when a flag in one of these states is referenced: stale,potentially-stale,archived,completed, or unknown (a name in a flag call that is no flag); with --diff, when the change adds one: added-stale,added-potentially-stale,added-archived,added-completed,added-unknown',
    values: [...FAIL_ON_STATES, UNKNOWN, ...DIFF_FAIL_ON],
    parse: failOn,
  },
  allowSkipped: {
    spelling: '--allow-skipped',
    help: 'with --fail-on: pass even when files could not be read (unreadable, or a name that is not UTF-8); by default that exits 1',
  },
  calls: {
    spelling: '--calls <names>',
    help: "more flag calls whose names are checked by --fail-on unknown and added-unknown, comma-separated (e.g. useUiFlag,this.flags.isOn); added to the SDKs' calls and flagctl.json's refs.calls",
    parse: callList,
  },
  diff: {
    spelling: '--diff <base>',
    help: 'only what changed since this git revision: references added and removed, flags left without any (extinct)',
    parse: revision,
    formats: {
      not: ['sarif'],
      why: () =>
        '-o sarif: not with --diff; use -o github for annotations on the changed lines, or refs without --diff for SARIF',
    },
  },
  root: {
    spelling: '--root <dir>',
    values: 'files',
    help: 'with --diff: the directory (package) to compare (default: .); flagctl.json maps paths to projects',
  },
  threads: {
    spelling: '--threads <n>',
    help: 'worker threads that read files beside the main thread (0-16; default: CPUs - 1, at most 4, or 0 on a busy machine)',
    parse: wholeNumber('expected a whole number of threads from 0 to 16', 0, 16),
  },
} as const satisfies OptionTable;
