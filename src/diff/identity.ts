import { compareText, keyOf } from '../snapshot/canonical.js';
import { strategyLabel, type SnapConstraint, type SnapStrategy } from '../snapshot/model.js';

// How a strategy is named in a diff's paths, in every format. Its title when it has one;
// otherwise its type, and where a side holds several untitled strategies of that type, the
// type with a short summary of what sets it apart (constraints, segments, parameters), so
// that `strategies[flexibleRollout (country IN SE; rollout=20)]` says which one is meant.

const SUMMARY_MAX = 60;

/** Labels for both sides' strategies; each side's labels are unique within that side. */
export function strategyNames(
  left: readonly SnapStrategy[],
  right: readonly SnapStrategy[],
): Map<SnapStrategy, string> {
  const crowded = new Set<string>();
  for (const side of [left, right]) {
    const seen = new Set<string>();
    for (const s of side) {
      const base = strategyLabel(s);
      if (seen.has(base)) crowded.add(base);
      seen.add(base);
    }
  }
  const out = new Map<SnapStrategy, string>();
  for (const side of [left, right]) {
    const count = new Map<string, number>();
    const named = side.map((s) => {
      const base = strategyLabel(s);
      return crowded.has(base) && !s.title ? `${base} (${strategySummary(s)})` : base;
    });
    for (const n of named) count.set(n, (count.get(n) ?? 0) + 1);
    const seen = new Map<string, number>();
    side.forEach((s, i) => {
      const n = named[i]!;
      const k = (seen.get(n) ?? 0) + 1;
      seen.set(n, k);
      // Identical in every field shown (a summary cut short, or a true twin): numbered.
      out.set(s, (count.get(n) ?? 0) > 1 ? `${n} #${k}` : n);
    });
  }
  return out;
}

/** `country IN SE,NO; segment beta; rollout=20, stickiness=default`, cut at about 60 characters. */
export function strategySummary(s: SnapStrategy): string {
  const parts = [
    ...s.constraints.map(constraintGist),
    ...s.segments.map((name) => `segment ${name}`),
    ...Object.keys(s.parameters)
      .sort(compareText)
      .filter((k) => s.parameters[k] !== '' && s.parameters[k] !== undefined)
      .map((k) => `${k}=${gist(s.parameters[k])}`),
  ];
  if (s.disabled) parts.push('disabled');
  const text = parts.join('; ') || 'no constraints or parameters';
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}

function constraintGist(c: SnapConstraint): string {
  const what = c.values ? c.values.join(',') : (c.value ?? '');
  return `${c.contextName} ${c.inverted ? 'NOT ' : ''}${c.operator} ${what}`;
}

function gist(v: unknown): string {
  return typeof v === 'string' ? v : keyOf(v);
}

/**
 * How alike two strategies of one type are, for pairing several of a type: the number of
 * fields that are equal, constraints and segments (who is targeted) counting double.
 */
export function likeness(a: SnapStrategy, b: SnapStrategy): number {
  const same = (x: unknown, y: unknown) => (keyOf(x ?? null) === keyOf(y ?? null) ? 1 : 0);
  let score = 2 * same(a.constraints, b.constraints) + 2 * same(a.segments, b.segments);
  score += same(a.disabled, b.disabled) + same(a.variants, b.variants);
  for (const k of new Set([...Object.keys(a.parameters), ...Object.keys(b.parameters)])) {
    score += same(
      Object.hasOwn(a.parameters, k) ? a.parameters[k] : undefined,
      Object.hasOwn(b.parameters, k) ? b.parameters[k] : undefined,
    );
  }
  return score;
}
