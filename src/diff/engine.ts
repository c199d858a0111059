import { compareText, keyOf } from '../snapshot/canonical.js';
import {
  strategyLabel,
  type SnapConstraint,
  type SnapEnvironment,
  type SnapFlag,
  type SnapSegment,
  type SnapStrategy,
  type SnapVariant,
} from '../snapshot/model.js';
import { likeness, strategyNames } from './identity.js';
import { matchItems, uniqueLabels } from './match.js';

// The drift rules, in one place:
// - Features only on one side are "added" (right only) or "removed" (left only).
// - In the environment compared: enabled, strategies (name, title, disabled, parameters,
//   constraints, segments by name, variants) and the environment's variants.
// - Feature-level fields (type, description, stale, impressionData, tags, dependencies) only
//   when the sides come from different sources (two instances, or a snapshot and a server):
//   within one source they are the same for every environment.
// - Not drift: strategy ids and order, constraint order and constraint value order. Strategy
//   order counts only where both sides have more than one enabled strategy and variants among
//   them: the first matching strategy then decides which variant a user gets.

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface FieldChange {
  path: string;
  left: unknown;
  right: unknown;
}

export interface FlagChange {
  /** The flag's name (`name` in every record flagctl defines). */
  name: string;
  change: ChangeKind;
  fields: FieldChange[];
}

/** One environment of one side: each feature with that environment's configuration. */
export interface EnvView {
  features: Map<string, { feature: SnapFlag; env: SnapEnvironment }>;
  /** The side's segment definitions by name. */
  segments: Map<string, SnapSegment>;
}

/** A segment whose constraints differ, reported once for every feature in scope that uses it. */
export interface SegmentChange {
  segment: string;
  change: 'changed';
  /** The features compared whose strategies use it (on either side), sorted. */
  features: string[];
  fields: FieldChange[];
}

export interface DiffOptions {
  flagFields: boolean;
}

export function diffViews(left: EnvView, right: EnvView, options: DiffOptions): FlagChange[] {
  const names = [...new Set([...left.features.keys(), ...right.features.keys()])].sort(compareText);
  const out: FlagChange[] = [];
  for (const name of names) {
    const l = left.features.get(name);
    const r = right.features.get(name);
    const fields = diffFlag(l, r, options);
    const change: ChangeKind = !l ? 'added' : !r ? 'removed' : 'changed';
    if (change !== 'changed' || fields.length > 0) out.push({ name, change, fields });
  }
  return out;
}

type At = { feature: SnapFlag; env: SnapEnvironment } | undefined;

function diffFlag(l: At, r: At, options: DiffOptions): FieldChange[] {
  const out: FieldChange[] = [];
  const add = (path: string, a: unknown, b: unknown) => {
    if (keyOf(a ?? null) !== keyOf(b ?? null)) out.push({ path, left: a ?? null, right: b ?? null });
  };
  if (options.flagFields) {
    for (const key of ['type', 'description', 'stale', 'impressionData'] as const)
      add(key, l?.feature[key], r?.feature[key]);
    const tags = (f?: SnapFlag) => f?.tags.map((t) => `${t.type}:${t.value}`);
    add('tags', tags(l?.feature), tags(r?.feature));
    named(
      l?.feature.dependencies ?? [],
      r?.feature.dependencies ?? [],
      (d) => d.feature,
      (label, a, b) => add(`dependencies[${label}]`, a, b),
    );
  }
  add('enabled', l?.env.enabled, r?.env.enabled);
  diffStrategies(l?.env, r?.env, add);
  diffVariants('variants', l?.env.variants ?? [], r?.env.variants ?? [], add);
  return out;
}

type Add = (path: string, left: unknown, right: unknown) => void;

/**
 * Segments used in scope whose constraints differ between the sides. A segment defined on one
 * side only shows already as a change of the strategies' `segments`; it is not repeated here.
 */
export function diffSegments(left: EnvView, right: EnvView): SegmentChange[] {
  const users = new Map<string, Set<string>>();
  for (const view of [left, right]) {
    for (const [name, { env }] of view.features) {
      for (const st of env.strategies)
        for (const seg of st.segments) (users.get(seg) ?? users.set(seg, new Set()).get(seg)!).add(name);
    }
  }
  const out: SegmentChange[] = [];
  for (const name of [...users.keys()].sort(compareText)) {
    const a = left.segments.get(name);
    const b = right.segments.get(name);
    if (!a || !b || keyOf(a) === keyOf(b)) continue;
    const fields: FieldChange[] = [];
    diffConstraints('', a.constraints, b.constraints, (path, x, y) => {
      if (keyOf(x ?? null) !== keyOf(y ?? null)) fields.push({ path, left: x ?? null, right: y ?? null });
    });
    out.push({ segment: name, change: 'changed', features: [...users.get(name)!].sort(compareText), fields });
  }
  return out;
}

function diffStrategies(l: SnapEnvironment | undefined, r: SnapEnvironment | undefined, add: Add): void {
  const left = l?.strategies ?? [];
  const right = r?.strategies ?? [];
  // The common case, most features of two environments that agree: nothing to pair.
  if (keyOf(left) === keyOf(right)) return;
  const names = strategyNames(left, right);
  const { pairs, onlyLeft, onlyRight } = matchItems(left, right, strategyLabel, (s) => s.name, likeness);
  for (const s of onlyLeft) add(`strategies[${names.get(s)}]`, s, null);
  for (const s of onlyRight) add(`strategies[${names.get(s)}]`, null, s);
  for (const [a, b] of pairs) if (keyOf(a) !== keyOf(b)) diffStrategy(`strategies[${names.get(a)}]`, a, b, add);
  if (l?.ordered && r?.ordered) moved(left, right, pairs, names, add);
}

/**
 * Where order decides (see strategyOrderMatters), each enabled strategy whose place among the
 * strategies on both sides changed: `strategies[X].moved` from one position (1-based) to another.
 */
function moved(
  left: SnapStrategy[],
  right: SnapStrategy[],
  pairs: [SnapStrategy, SnapStrategy][],
  names: Map<SnapStrategy, string>,
  add: Add,
): void {
  const both = pairs.filter(([a, b]) => !a.disabled && !b.disabled);
  const partner = new Map(both.map(([a, b]) => [b, a]));
  const leftOrder = left.filter((s) => both.some(([a]) => a === s));
  const rightOrder = right.filter((s) => partner.has(s)).map((s) => partner.get(s)!);
  leftOrder.forEach((s, i) => {
    const j = rightOrder.indexOf(s);
    if (j !== i) add(`strategies[${names.get(s)}].moved`, i + 1, j + 1);
  });
}

function diffStrategy(path: string, a: SnapStrategy, b: SnapStrategy, add: Add): void {
  add(`${path}.title`, a.title, b.title);
  add(`${path}.disabled`, a.disabled, b.disabled);
  const params = [...new Set([...Object.keys(a.parameters), ...Object.keys(b.parameters)])].sort(compareText);
  for (const p of params) add(`${path}.parameters.${p}`, own(a.parameters, p), own(b.parameters, p));
  diffConstraints(`${path}.`, a.constraints, b.constraints, add);
  add(`${path}.segments`, a.segments, b.segments);
  diffVariants(`${path}.variants`, a.variants, b.variants, add);
}

/** Constraints paired by context and operator; `prefix` is the owner's path and a dot, or empty. */
function diffConstraints(prefix: string, a: SnapConstraint[], b: SnapConstraint[], add: Add): void {
  const label = (c: SnapConstraint) => `${c.contextName} ${c.operator}`;
  const leftLabels = uniqueLabels(a, label);
  const rightLabels = uniqueLabels(b, label);
  const { pairs, onlyLeft, onlyRight } = matchItems(a, b, label);
  for (const c of onlyLeft) add(`${prefix}constraints[${leftLabels.get(c)}]`, c, null);
  for (const c of onlyRight) add(`${prefix}constraints[${rightLabels.get(c)}]`, null, c);
  for (const [x, y] of pairs) {
    const at = `${prefix}constraints[${leftLabels.get(x)}]`;
    for (const key of ['inverted', 'caseInsensitive', 'values', 'value'] as const) add(`${at}.${key}`, x[key], y[key]);
  }
}

function diffVariants(path: string, left: SnapVariant[], right: SnapVariant[], add: Add): void {
  if (keyOf(left) === keyOf(right)) return;
  named(
    left,
    right,
    (v) => v.name,
    (name, a, b) => {
      if (!a || !b) return add(`${path}[${name}]`, a, b);
      for (const key of ['weight', 'weightType', 'stickiness', 'payload', 'overrides'] as const) {
        add(`${path}[${name}].${key}`, a[key], b[key]);
      }
    },
  );
}

/** Pairs items by a unique name; `each` gets the name and the item on each side (or undefined). */
function named<T>(
  left: T[],
  right: T[],
  name: (t: T) => string,
  each: (name: string, a: T | undefined, b: T | undefined) => void,
): void {
  const l = new Map(left.map((t) => [name(t), t]));
  const r = new Map(right.map((t) => [name(t), t]));
  for (const n of [...new Set([...l.keys(), ...r.keys()])].sort(compareText)) each(n, l.get(n), r.get(n));
}

function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}
