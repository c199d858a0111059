import type { FlagChange, FieldChange, SegmentChange } from '../diff/engine.js';
import type { SnapConstraint, SnapStrategy, SnapVariant } from '../snapshot/model.js';
import type { Ui } from './context.js';
import { markdownCell } from './rows.js';
import { termSafe } from './sanitize.js';

// `flagctl diff` output. Everything shown came from a server or a file: terminal text goes
// through termSafe, markdown through markdownCell. Colour is red for the left side's values
// and green for the right's, and only when the Ui has colour on.

export interface SideLabels {
  left: string;
  right: string;
}

const MARK = { added: '+', removed: '-', changed: '~' } as const;

/** What `diff` found: features that differ, and segments whose constraints differ (each once). */
export interface DiffResult {
  changes: FlagChange[];
  segments: SegmentChange[];
}

/** `segment beta-testers (used by a, b)`: how a segment is headed in every format. */
function segmentHead(s: SegmentChange): string {
  return `segment ${s.segment} (used by ${s.features.join(', ')})`;
}

/** The terminal view: per feature, each differing field with the left value (-) and the right value (+). */
export function diffLines(result: DiffResult, labels: SideLabels, ui: Ui): string[] {
  const red = (s: string) => ui.style.red(s);
  const green = (s: string) => ui.style.green(s);
  const lines = [`--- ${termSafe(labels.left)}`, `+++ ${termSafe(labels.right)}`];
  const fields = (list: FieldChange[]) => {
    for (const f of list) {
      lines.push(`    ${termSafe(f.path)}`);
      if (f.left !== null) lines.push(red(`      - ${termSafe(showValue(f, 'left'))}`));
      if (f.right !== null) lines.push(green(`      + ${termSafe(showValue(f, 'right'))}`));
    }
  };
  for (const s of result.segments) {
    lines.push('', `~ ${termSafe(segmentHead(s))} (changed)`);
    fields(s.fields);
  }
  for (const c of result.changes) {
    lines.push('', `${MARK[c.change]} ${termSafe(c.name)} (${c.change})`);
    fields(c.fields);
  }
  // The totals name the segments that differ and their features: server text, like the rest.
  lines.push('', termSafe(summary(result, labels)));
  return lines;
}

/** `--stat`: one line per feature with its number of differing fields, then the totals. */
export function statLines(result: DiffResult, labels: SideLabels, ui: Ui): string[] {
  const items = [
    ...result.segments.map((s) => ({ name: termSafe(`segment ${s.segment}`), fields: s.fields })),
    ...result.changes.map((c) => ({ name: termSafe(c.name), fields: c.fields })),
  ];
  const width = Math.max(0, ...items.map((i) => i.name.length));
  const lines = items.map(({ name, fields }) => {
    const minus = fields.filter((f) => f.left !== null).length;
    const plus = fields.filter((f) => f.right !== null).length;
    const bar = ui.style.green('+'.repeat(Math.min(plus, 40))) + ui.style.red('-'.repeat(Math.min(minus, 40)));
    return ` ${name.padEnd(width)} | ${String(fields.length).padStart(3)} ${bar}`;
  });
  // Indented like the lines above it, as git diff --stat does; alone, it starts the line.
  const total = termSafe(summary(result, labels));
  return items.length === 0 ? [total] : [...lines, ` ${total}`];
}

/** Markdown for a PR comment: a heading, the totals, and one table of every differing field. */
export function diffMarkdown(result: DiffResult, labels: SideLabels, stat = false): string {
  const { changes } = result;
  const left = markdownCell(labels.left);
  const right = markdownCell(labels.right);
  const out = [`### flagctl diff: ${left} → ${right}`, '', markdownCell(summary(result, labels))];
  if (result.segments.length > 0) {
    out.push('', `| segment | used by | field | ${left} | ${right} |`, '| --- | --- | --- | --- | --- |');
    for (const s of result.segments) {
      s.fields.forEach((f, i) => {
        const cells = [
          i === 0 ? markdownCell(s.segment) : '',
          i === 0 ? markdownCell(s.features.join(', ')) : '',
          markdownCell(f.path),
        ];
        cells.push(markdownCell(showValue(f, 'left')), markdownCell(showValue(f, 'right')));
        out.push(`| ${cells.join(' | ')} |`);
      });
    }
  }
  if (changes.length > 0 && stat) {
    out.push('', '| feature | change | fields |', '| --- | --- | --- |');
    for (const c of changes) out.push(`| ${markdownCell(c.name)} | ${c.change} | ${c.fields.length} |`);
  } else if (changes.length > 0) {
    out.push('', `| feature | change | field | ${left} | ${right} |`, '| --- | --- | --- | --- | --- |');
    for (const c of changes) {
      c.fields.forEach((f, i) => {
        const cells = [i === 0 ? markdownCell(c.name) : '', i === 0 ? c.change : '', markdownCell(f.path)];
        cells.push(markdownCell(showValue(f, 'left')), markdownCell(showValue(f, 'right')));
        out.push(`| ${cells.join(' | ')} |`);
      });
      if (c.fields.length === 0) out.push(`| ${markdownCell(c.name)} | ${c.change} |  |  |  |`);
    }
  }
  return `${out.join('\n')}\n`;
}

export function summary(result: DiffResult, labels: SideLabels): string {
  const { changes, segments } = result;
  if (changes.length + segments.length === 0) return `No differences: ${labels.left} and ${labels.right} match.`;
  const out: string[] = [];
  if (changes.length > 0) {
    const count = (k: FlagChange['change']) => changes.filter((c) => c.change === k).length;
    const parts = (['changed', 'added', 'removed'] as const).filter((k) => count(k) > 0).map((k) => `${count(k)} ${k}`);
    out.push(
      `${changes.length} feature${changes.length === 1 ? '' : 's'} differ${changes.length === 1 ? 's' : ''}: ${parts.join(', ')}`,
    );
  }
  if (segments.length > 0) {
    const one = segments.length === 1;
    out.push(
      `${segments.length} segment${one ? '' : 's'} differ${one ? 's' : ''}: ${segments.map((s) => `${s.segment} (used by ${s.features.join(', ')})`).join(', ')}`,
    );
  }
  return out.join('; ');
}

/** A value as one line of text; strategies, constraints and variants in a compact form. */
export function showValue(field: FieldChange, side: 'left' | 'right'): string {
  const value = field[side];
  if (value === null || value === undefined) return '(none)';
  if (/^strategies\[.*\]$/.test(field.path) && !/\]\./.test(field.path.slice('strategies['.length)))
    return strategyText(value as SnapStrategy);
  if (/\.constraints\[[^\]]*\]$/.test(field.path)) return constraintText(value as SnapConstraint);
  if (/(^|\.)variants\[[^\]]*\]$/.test(field.path)) return variantText(value as SnapVariant);
  if (/(^|\.)variants\[[^\]]*\]\.weight$/.test(field.path) && typeof value === 'number') return weightPercent(value);
  if (/^strategies\[.*\]\.moved$/.test(field.path)) return `position ${plain(value)}`;
  return plain(value);
}

function plain(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return `[${value.join(', ')}]`;
  return JSON.stringify(value);
}

function strategyText(s: SnapStrategy): string {
  const parts = [s.title ? `${s.name} ${JSON.stringify(s.title)}` : s.name];
  if (s.disabled) parts.push('(disabled)');
  const params = Object.entries(s.parameters).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  if (params.length > 0) parts.push(params.join(' '));
  if (s.constraints.length > 0) parts.push(`constraints: ${s.constraints.map(constraintText).join('; ')}`);
  if (s.segments.length > 0) parts.push(`segments: ${s.segments.join(', ')}`);
  if (s.variants.length > 0) parts.push(`variants: ${s.variants.map(variantText).join('; ')}`);
  return parts.join(', ');
}

function constraintText(c: SnapConstraint): string {
  const what = c.values ? `[${c.values.join(', ')}]` : JSON.stringify(c.value ?? '');
  return `${c.contextName} ${c.inverted ? 'NOT ' : ''}${c.operator} ${what}${c.caseInsensitive ? ' (case-insensitive)' : ''}`;
}

function variantText(v: SnapVariant): string {
  const payload = v.payload ? ` ${v.payload.type}:${v.payload.value}` : '';
  const overrides = v.overrides?.length
    ? ` overrides: ${v.overrides.map((o) => `${o.contextName}=[${o.values.join(', ')}]`).join(' ')}`
    : '';
  return `${v.name} ${weightPercent(v.weight)}${v.weightType === 'fix' ? ' (fixed)' : ''}${payload}${overrides}`;
}

/** Unleash weighs variants out of 1000: 500 is 50%, 333 is 33.3%. */
export function weightPercent(weight: number): string {
  return `${Math.round(weight) / 10}%`;
}
