import { annotation } from './github.js';
import type { Column, ColumnSet } from './rows.js';
import { termSafe } from './sanitize.js';
import { isFlagged, type FlagRow, type Reference } from '../refs/model.js';

// Renderers of `flagctl refs` that are not the shared row formats: GitHub annotations and the
// terminal view grouped by flag. Everything here is text from scanned files or the server:
// untrusted, and made safe where it reaches a terminal or a workflow command.

export const referenceColumns: ColumnSet<Reference> = {
  all: [
    { name: 'flag', key: true, value: (r) => r.flag },
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
  defaults: ['flag', 'state', 'archived', 'file', 'line', 'column', 'text'],
};

export const flagRowColumns: ColumnSet<FlagRow> = {
  all: [
    { name: 'flag', key: true, value: (r) => r.flag },
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
  ],
  defaults: ['flag', 'state', 'lifecycle', 'archived', 'references', 'files', 'lastSeenAt', 'verdict', 'keepBranch'],
};

/** Why a reference is annotated: the flag's state in words. */
export function stateWords(r: Pick<Reference, 'state' | 'archived'>): string {
  if (r.archived) return 'archived';
  return r.state === 'stale' ? 'marked stale' : r.state === 'potentially-stale' ? 'potentially stale' : 'active';
}

/** One warning annotation at the reference, for a flag that is stale, potentially stale or archived; '' otherwise. */
export function referenceAnnotation(r: Reference): string {
  if (!isFlagged(r)) return '';
  const life = r.lifecycle ? `, lifecycle ${r.lifecycle}` : '';
  const title = r.archived ? `Archived flag: ${r.flag}` : `Stale flag: ${r.flag}`;
  return annotation('warning', `${r.flag} (project ${r.project}${life}) is ${stateWords(r)} and still referenced here`, {
    file: r.file,
    line: String(r.line),
    col: String(r.column),
    title,
  });
}

/** The terminal view: a heading per flag, then its references, one a line. */
export function groupedByFlag(refs: Reference[], style: { bold(s: string): string; dim(s: string): string; yellow(s: string): string; red(s: string): string }): string {
  const groups = new Map<string, Reference[]>();
  for (const r of refs) {
    const g = groups.get(r.flag);
    if (g) g.push(r);
    else groups.set(r.flag, [r]);
  }
  const out: string[] = [];
  for (const [flag, list] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const first = list[0]!;
    const words = stateWords(first);
    const mark = first.archived ? style.red(words) : first.state === 'active' ? words : style.yellow(words);
    const facts = [mark, first.lifecycle ? `lifecycle ${termSafe(first.lifecycle)}` : undefined, `project ${termSafe(first.project)}`].filter(Boolean).join(', ');
    out.push(`${style.bold(termSafe(flag))} (${facts}): ${list.length} reference${list.length === 1 ? '' : 's'}`);
    for (const r of list) out.push(`  ${style.dim(`${termSafe(r.file)}:${r.line}:${r.column}`)}  ${termSafe(r.text)}`);
    out.push('');
  }
  return out.join('\n');
}

export type { Column };
