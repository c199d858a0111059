import { list, quote, rec, same, some, text, type Rec } from './values.js';

// What a variant edit changed, from the event's variants before (`preData`) and after
// (`data`): added, removed, and per variant its weight (as percent: Unleash weighs out of
// 1000), weight type, stickiness, payload and overrides.

/** Unleash weighs variants out of 1000: 500 is 50%, 333 is 33.3%. */
export function percent(weight: unknown): string {
  return typeof weight === 'number' ? `${Math.round(weight) / 10}%` : '?';
}

function byName(v: unknown): Map<string, Rec> {
  const out = new Map<string, Rec>();
  for (const item of list(v)) {
    const r = rec(item);
    if (r) out.set(text(r.name) ?? '?', r);
  }
  return out;
}

function payloadText(p: unknown): string {
  const r = rec(p);
  if (!r) return '(none)';
  const value = text(r.value) ?? '';
  return `${text(r.type) ?? '?'} ${quote(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
}

function overridesText(o: unknown): string {
  const items = list(o)
    .map((x) => rec(x))
    .filter((x): x is Rec => x !== undefined);
  if (items.length === 0) return '(none)';
  return items
    .map(
      (x) =>
        `${text(x.contextName) ?? '?'}=[${list(x.values)
          .map((v) => text(v) ?? '?')
          .join(', ')}]`,
    )
    .join(' ');
}

/** One clause per change, e.g. `blue added (50%)`, `red 50% → 30%`, `red payload string "a" → string "b"`. */
export function variantChanges(pre: unknown, post: unknown): string[] {
  const a = byName(pre);
  const b = byName(post);
  const out: string[] = [];
  for (const [name, v] of b) if (!a.has(name)) out.push(`${name} added (${percent(v.weight)})`);
  for (const name of a.keys()) if (!b.has(name)) out.push(`${name} removed`);
  for (const [name, was] of a) {
    const now = b.get(name);
    if (!now) continue;
    if (!same(was.weight, now.weight)) out.push(`${name} ${percent(was.weight)} → ${percent(now.weight)}`);
    if (!same(was.weightType, now.weightType))
      out.push(`${name} weight ${text(now.weightType) === 'fix' ? 'fixed' : 'variable'}`);
    if (!same(was.stickiness, now.stickiness))
      out.push(`${name} stickiness ${text(was.stickiness) ?? '-'} → ${text(now.stickiness) ?? '-'}`);
    if (!same(was.payload, now.payload))
      out.push(`${name} payload ${payloadText(was.payload)} → ${payloadText(now.payload)}`);
    if (!same(was.overrides ?? [], now.overrides ?? []))
      out.push(`${name} overrides ${overridesText(was.overrides)} → ${overridesText(now.overrides)}`);
  }
  return out;
}

/**
 * The summary of a variants event: its clauses, or that nothing visible changed. An event that
 * lacks the list after (or before) the edit says only what it carries: neither "nothing
 * changed" nor "added" can be told from one side.
 */
export function variantsSummary(pre: Rec | undefined, post: Rec | undefined): string {
  const before = pre?.variants ?? pre;
  const after = post?.variants ?? post;
  if (!Array.isArray(after)) return 'variants updated (the event does not say to what)';
  if (!Array.isArray(before)) {
    const set = [...byName(after)].map(([name, v]) => `${name} (${percent(v.weight)})`);
    return `variants set to ${set.length ? some(set, 6) : 'none'} (the event does not say what they were)`;
  }
  const changes = variantChanges(before, after);
  return changes.length ? `variants: ${some(changes, 6)}` : 'variants saved, nothing visible changed';
}
