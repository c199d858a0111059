import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { OutputError } from '../errors.js';
import type { FlagDiff, Place, RefsDiff, UnknownName } from '../refs/diff/model.js';
import type { Ui } from './context.js';
import { annotation, ANNOTATIONS_PER_LEVEL } from './github.js';
import { markdownCell } from './rows.js';
import { termSafe } from './sanitize.js';

// `flagctl refs --diff` output. Flag names, paths and lines come from the server and from the
// files of a pull request: untrusted. Terminal text goes through termSafe, markdown through
// markdownCell, workflow commands through annotation()'s escaping.

/** Which added references a gate (or an annotation) is about. */
export type Concern = 'stale' | 'potentially-stale' | 'archived' | 'completed';

export function concernsOf(f: Pick<FlagDiff, 'state' | 'archived' | 'lifecycle'>): Concern[] {
  const out: Concern[] = [];
  if (f.archived) out.push('archived');
  if (f.state === 'stale' || f.state === 'potentially-stale') out.push(f.state);
  if (f.lifecycle === 'completed') out.push('completed');
  return out;
}

const s = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const facts = (f: FlagDiff) => {
  const state = f.archived
    ? 'archived'
    : f.state === 'stale'
      ? 'marked stale'
      : f.state === 'potentially-stale'
        ? 'potentially stale'
        : 'active';
  return [state, f.lifecycle ? `lifecycle ${f.lifecycle}` : '', `project ${f.project}`].filter(Boolean).join(', ');
};
const at = (p: { file: string; line: number; column: number }) => `${p.file}:${p.line}:${p.column}`;

/** One line of totals, the same in every format. */
export function diffSummary(d: RefsDiff): string {
  const added = d.flags.reduce((n, f) => n + f.added.length, 0);
  const removed = d.flags.reduce((n, f) => n + f.removed.length, 0);
  const extinct = d.flags.filter((f) => f.extinct).length;
  const fresh = d.flags.filter((f) => f.newToCode).length;
  if (d.flags.length === 0 && d.unknown.length === 0)
    return `No flag references added or removed in ${s(d.changedFiles, 'changed file')}.`;
  const parts = [`${s(added, 'reference')} added`, `${removed} removed`, `${s(d.flags.length, 'flag')}`];
  if (extinct > 0) parts.push(`${extinct} extinct`);
  if (fresh > 0) parts.push(`${fresh} new to the code`);
  if (d.unknown.length > 0) parts.push(`${s(d.unknown.length, 'unknown name')} in flag calls`);
  return `${parts.join(', ')} (${s(d.changedFiles, 'changed file')}).`;
}

/** The terminal (and piped table) view: per flag, its added (+) and removed (-) references. */
export function diffLines(d: RefsDiff, ui: Ui): string[] {
  const t = termSafe;
  const st = ui.style;
  const lines = [st.bold(`refs --diff ${t(d.base)} (${d.baseCommit.slice(0, 12)})${d.root ? ` in ${t(d.root)}` : ''}`)];
  const place = (mark: string, p: { file: string; line: number; column: number; text: string }) =>
    `  ${mark} ${t(at(p))}  ${t(p.text)}`;
  for (const f of d.flags) {
    const notes = [
      f.extinct
        ? f.archived
          ? 'extinct: no reference left (already archived)'
          : 'extinct: no reference left; see `flagctl retire plan`'
        : '',
      f.newToCode ? 'new to the code' : '',
    ].filter(Boolean);
    const concern = concernsOf(f).length > 0 ? st.yellow(t(facts(f))) : t(facts(f));
    lines.push(
      '',
      `${st.bold(t(f.name))} (${concern}): +${f.added.length} -${f.removed.length}${notes.length ? `, ${notes.join(', ')}` : ''}`,
    );
    for (const p of f.added) lines.push(st.green(place('+', p)));
    for (const p of f.removed) lines.push(st.red(place('-', p)));
  }
  if (d.unknown.length > 0) {
    lines.push('', st.bold('Names in flag calls that are no flag on the server:'));
    for (const u of d.unknown)
      lines.push(
        st.yellow(place('+', { ...u, text: `${u.name}${u.project ? ` (project ${u.project})` : ''}: ${u.text}` })),
      );
  }
  if (d.skipped.length > 0)
    lines.push('', `Not read: ${d.skipped.map((x) => t(`${x.file} (${x.reason}, ${SIDE[x.side]})`)).join(', ')}`);
  lines.push('', diffSummary(d));
  return lines;
}

const SIDE = { base: 'at base', tree: 'work tree', search: 'extinction check' } as const;

/** A pull-request comment: what needs a look, then every change folded in <details>. */
export function diffMarkdown(d: RefsDiff, leftOut = 0): string {
  const m = markdownCell;
  const code = (x: string) => `**${m(x)}**`;
  const out = [`### Feature flags in this change`, '', m(diffSummary(d))];
  const points: string[] = [];
  for (const f of d.flags) {
    const c = concernsOf(f);
    if (c.length > 0 && f.added.length > 0)
      points.push(`- ⚠️ ${code(f.name)} is ${c.join(', ')}: ${s(f.added.length, 'reference')} added`);
    if (f.extinct)
      points.push(
        f.archived
          ? `- 🧹 ${code(f.name)} (archived) has no reference left: nothing more to do`
          : `- 🧹 ${code(f.name)} has no reference left: consider \`flagctl retire plan\``,
      );
  }
  for (const u of d.unknown)
    points.push(
      `- ❓ ${code(u.name)} in a flag call at ${m(at(u))} is no flag${u.project ? ` of project ${m(u.project)}` : ''} on the server`,
    );
  if (leftOut > 0)
    points.push(
      `- ${s(leftOut, 'finding')} not annotated: GitHub shows at most ${ANNOTATIONS_PER_LEVEL} error and ${ANNOTATIONS_PER_LEVEL} warning annotations a step, so the first ones are annotated; every finding is listed here and in the table`,
    );
  if (d.skipped.length > 0)
    points.push(`- Not read: ${d.skipped.map((x) => m(`${x.file} (${x.reason}, ${SIDE[x.side]})`)).join(', ')}`);
  if (points.length > 0) out.push('', ...points);
  const changes = changeRows(d);
  if (changes.length > 0) {
    out.push('', `<details><summary>${s(changes.length, 'reference')} added or removed</summary>`, '');
    out.push('| | flag | state | file | line | text |', '| --- | --- | --- | --- | --- | --- |');
    for (const r of changes)
      out.push(
        `| ${r.change === 'added' ? '+' : '−'} | ${m(r.name)} | ${m(r.archived ? 'archived' : r.state)} | ${m(r.file)} | ${r.line} | ${m(r.text)} |`,
      );
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}

/** Rows for csv, ndjson: one per reference added or removed. */
export interface ChangeRow extends Place {
  change: 'added' | 'removed';
  name: string;
  project: string;
  state: string;
  archived: boolean;
  lifecycle: string | null;
  extinct: boolean;
}

export function changeRows(d: RefsDiff): ChangeRow[] {
  return d.flags.flatMap((f) =>
    (['added', 'removed'] as const).flatMap((change) =>
      f[change].map((p) => ({
        change,
        name: f.name,
        project: f.project,
        state: f.state,
        archived: f.archived,
        lifecycle: f.lifecycle,
        extinct: f.extinct,
        ...p,
      })),
    ),
  );
}

/** Workflow annotations on added lines only: references to flags of concern, and unknown names. */
export { ANNOTATIONS_PER_LEVEL };

/**
 * The annotations of the added references and unknown names: the first ANNOTATIONS_PER_LEVEL
 * errors and warnings (GitHub drops the rest of a step's), and how many were left out (every
 * one is in the job summary: its points and its table).
 */
export function diffAnnotations(
  d: RefsDiff,
  gated: (c: Concern | 'unknown') => boolean,
): { text: string; leftOut: number } {
  const all: { level: 'error' | 'warning'; line: string }[] = [];
  for (const f of d.flags) {
    const c = concernsOf(f);
    if (c.length === 0) continue;
    const level = c.some(gated) ? 'error' : 'warning';
    for (const p of f.added) {
      all.push({
        level,
        line: annotation(level, `${f.name} (${facts(f)}) is ${c.join(', ')}; this change adds a reference to it`, {
          file: p.file,
          line: String(p.line),
          col: String(p.column),
          title: `Flag ${c[0]}: ${f.name}`,
        }),
      });
    }
  }
  for (const u of d.unknown) {
    const level = gated('unknown') ? 'error' : 'warning';
    all.push({ level, line: unknownAnnotation(u, level) });
  }
  const shown = { error: 0, warning: 0 };
  let text = '';
  for (const a of all) if (shown[a.level]++ < ANNOTATIONS_PER_LEVEL) text += a.line;
  return {
    text,
    leftOut: all.length - Math.min(shown.error, ANNOTATIONS_PER_LEVEL) - Math.min(shown.warning, ANNOTATIONS_PER_LEVEL),
  };
}

/** References of a full scan past GitHub's 10 warnings a step, for the job summary (at most `max`). */
export function unannotatedMarkdown(
  refs: { name: string; file: string; line: number; column: number; text: string }[],
  max: number,
): string {
  if (refs.length === 0) return '';
  const m = markdownCell;
  const shown = refs.slice(0, max);
  const head = `GitHub shows at most ${ANNOTATIONS_PER_LEVEL} warning annotations a step: the first ${ANNOTATIONS_PER_LEVEL} references are annotated, and ${s(refs.length, 'more reference')} ${refs.length === 1 ? 'is' : 'are'} listed here${refs.length > max ? ` (the first ${max})` : ''}:`;
  return `\n${head}\n\n| flag | file | line | text |\n| --- | --- | --- | --- |\n${shown.map((r) => `| ${m(r.name)} | ${m(r.file)} | ${r.line} | ${m(r.text)} |`).join('\n')}\n`;
}

function unknownAnnotation(u: UnknownName, level: 'error' | 'warning'): string {
  const where = u.project ? `project ${u.project}` : 'the server';
  return annotation(level, `${u.name} is called as a flag, but ${where} has no flag of that name`, {
    file: u.file,
    line: String(u.line),
    col: String(u.column),
    title: `Unknown flag: ${u.name}`,
  });
}

/**
 * Step outputs for a workflow (GITHUB_OUTPUT): `extinct` and `added-stale`, each a JSON array
 * of flag names (use fromJSON() in the workflow). The heredoc form with a random delimiter
 * keeps a hostile name from writing outputs of its own.
 */
export async function appendOutputs(path: string, d: RefsDiff): Promise<void> {
  const values = {
    extinct: d.flags.filter((f) => f.extinct).map((f) => f.name),
    'added-stale': d.flags.filter((f) => f.added.length > 0 && !f.archived && f.state === 'stale').map((f) => f.name),
  };
  const text = Object.entries(values)
    .map(([k, v]) => {
      const delim = `ghadelimiter_${randomUUID()}`;
      return `${k}<<${delim}\n${JSON.stringify(v)}\n${delim}\n`;
    })
    .join('');
  try {
    await appendFile(path, text, 'utf8');
  } catch (err) {
    throw new OutputError(`GITHUB_OUTPUT (${path})`, err as NodeJS.ErrnoException);
  }
}
