import type { Column } from './rows.js';
import { termSafe } from './sanitize.js';
import { isFlagged, UNKNOWN_NAME, type Reference } from '../refs/model.js';
import type { Annotation } from './view.js';

// Renderers of `flagctl refs` that are not the shared row formats: GitHub annotations and the
// terminal view grouped by flag. Everything here is text from scanned files or the server:
// untrusted, and made safe where it reaches a terminal or a workflow command.

/** Why a reference is annotated: the flag's state in words. */
export function stateWords(r: Pick<Reference, 'state' | 'archived'>): string {
  if (r.archived) return 'archived';
  if (r.state === UNKNOWN_NAME) return 'unknown: no flag of that name';
  return r.state === 'stale' ? 'marked stale' : r.state === 'potentially-stale' ? 'potentially stale' : 'active';
}

/**
 * One warning annotation at the reference, for a flag that is stale, potentially stale or
 * archived; an error at an unknown name (only found with --fail-on unknown, which it fails);
 * none otherwise.
 */
export function referenceAnnotation(r: Reference): Annotation | undefined {
  if (r.state === UNKNOWN_NAME)
    return {
      level: 'error',
      message: `${r.name} is called as a flag, but the server has no flag of that name`,
      props: { file: r.file, line: String(r.line), col: String(r.column), title: `Unknown flag: ${r.name}` },
    };
  if (!isFlagged(r)) return undefined;
  const life = r.lifecycle ? `, lifecycle ${r.lifecycle}` : '';
  const title = r.archived ? `Archived flag: ${r.name}` : `Stale flag: ${r.name}`;
  return {
    level: 'warning',
    message: `${r.name} (project ${r.project}${life}) is ${stateWords(r)} and still referenced here`,
    props: { file: r.file, line: String(r.line), col: String(r.column), title },
  };
}

/** The terminal view: a heading per flag, then its references, one a line. */
export function groupedByFlag(
  refs: Reference[],
  style: { bold(s: string): string; dim(s: string): string; yellow(s: string): string; red(s: string): string },
): string {
  const groups = new Map<string, Reference[]>();
  for (const r of refs) {
    const g = groups.get(r.name);
    if (g) g.push(r);
    else groups.set(r.name, [r]);
  }
  const out: string[] = [];
  for (const [flag, list] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const first = list[0]!;
    const words = stateWords(first);
    const mark =
      first.archived || first.state === UNKNOWN_NAME
        ? style.red(words)
        : first.state === 'active'
          ? words
          : style.yellow(words);
    const facts = [
      mark,
      first.lifecycle ? `lifecycle ${termSafe(first.lifecycle)}` : undefined,
      first.project === null ? undefined : `project ${termSafe(first.project)}`,
    ]
      .filter(Boolean)
      .join(', ');
    out.push(`${style.bold(termSafe(flag))} (${facts}): ${list.length} reference${list.length === 1 ? '' : 's'}`);
    for (const r of list) out.push(`  ${style.dim(`${termSafe(r.file)}:${r.line}:${r.column}`)}  ${termSafe(r.text)}`);
    out.push('');
  }
  return out.join('\n');
}

export type { Column };
