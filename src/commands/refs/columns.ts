import type { Column, ColumnSet } from '../../output/rows.js';
import type { ChangeRow } from '../../output/refs-diff-view.js';
import type { FlagRow, Reference } from '../../refs/model.js';

// The columns of refs' rows: references, the flags of --summary, and the changes of --diff.
// The flag's name is `name` in json, csv and the piped table, as in every record flagctl
// defines; a terminal and markdown still head it "flag". `--columns flag`, its id before
// that, still picks it (under that key), for scripts that ask for it.

/** The old id of the name column, resolved to a column that keeps the id asked for. */
export function oldFlagId<T extends { name: string }>(id: string): Column<T> | undefined {
  return id === 'flag' ? { name: 'flag', key: true, value: (r) => r.name } : undefined;
}

export const referenceColumns: ColumnSet<Reference> = {
  all: [
    { name: 'name', header: 'flag', key: true, value: (r) => r.name },
    { name: 'project', value: (r) => r.project },
    { name: 'state', value: (r) => r.state },
    { name: 'archived', kind: 'bool', value: (r) => r.archived },
    { name: 'lifecycle', value: (r) => r.lifecycle },
    { name: 'file', value: (r) => r.file },
    { name: 'line', kind: 'number', value: (r) => r.line },
    { name: 'column', kind: 'number', value: (r) => r.column },
    { name: 'text', value: (r) => r.text },
    { name: 'match', value: (r) => r.match },
  ],
  defaults: ['name', 'state', 'archived', 'file', 'line', 'column', 'text'],
  resolve: oldFlagId,
};

export const flagRowColumns: ColumnSet<FlagRow> = {
  all: [
    { name: 'name', header: 'flag', key: true, value: (r) => r.name },
    { name: 'project', value: (r) => r.project },
    { name: 'type', value: (r) => r.type },
    { name: 'state', value: (r) => r.state },
    { name: 'lifecycle', value: (r) => r.lifecycle },
    { name: 'archived', kind: 'bool', value: (r) => r.archived },
    { name: 'references', kind: 'number', value: (r) => r.references },
    { name: 'files', kind: 'number', value: (r) => r.files },
    { name: 'lastSeenAt', header: 'last seen', kind: 'time', value: (r) => r.lastSeenAt },
    { name: 'verdict', key: true, value: (r) => r.verdict },
    { name: 'keepBranch', header: 'keep branch', value: (r) => r.keepBranch },
    { name: 'cleanup', value: (r) => r.cleanup },
  ],
  defaults: ['name', 'state', 'lifecycle', 'archived', 'references', 'files', 'lastSeenAt', 'verdict', 'keepBranch'],
  resolve: oldFlagId,
};

export const changeColumns: Column<ChangeRow>[] = [
  { name: 'change', value: (r) => r.change },
  { name: 'name', header: 'flag', value: (r) => r.name },
  { name: 'state', value: (r) => r.state },
  { name: 'archived', kind: 'bool', value: (r) => r.archived },
  { name: 'lifecycle', value: (r) => r.lifecycle },
  { name: 'file', value: (r) => r.file },
  { name: 'line', kind: 'number', value: (r) => r.line },
  { name: 'column', kind: 'number', value: (r) => r.column },
  { name: 'text', value: (r) => r.text },
  { name: 'extinct', kind: 'bool', value: (r) => r.extinct },
];

const FOOTER_COMMANDS = 10;

/** The summary's footer on a terminal: the command of each flag whose branch the lifecycle decided. */
export function cleanupFooter(rows: FlagRow[]): string[] {
  const commands = rows.flatMap((r) => (r.cleanup ? [r.cleanup] : []));
  if (commands.length === 0) return [];
  const shown = commands.slice(0, FOOTER_COMMANDS);
  const more = commands.length - shown.length;
  return [
    `Remove the code of ${commands.length === 1 ? 'the flag' : 'the flags'} the lifecycle decided (a patch to review):`,
    ...shown.map((c) => `  ${c}`),
    ...(more > 0 ? [`  … and ${more} more: --columns name,cleanup or -o json lists every command`] : []),
  ];
}
