import { variantChanges } from './variants.js';
import { list, own, quote, rec, same, some, text, type Rec } from './values.js';

// One-line descriptions of a strategy and of what changed between two versions of it.

/** `strategy "EU beta rollout"`, or `strategy flexibleRollout` when it has no title. */
export function strategyLabel(...versions: (Rec | undefined)[]): string {
  for (const v of versions) {
    const title = text(v?.title);
    if (title) return `strategy ${quote(title)}`;
  }
  return `strategy ${versions.map((v) => text(v?.name)).find(Boolean) ?? '(unnamed)'}`;
}

function paramValue(key: string, v: unknown): string {
  const s = text(v) ?? JSON.stringify(v ?? null);
  return key === 'rollout' || key === 'percentage' ? `${s}%` : s;
}

/** What a strategy does, briefly: `flexibleRollout, rollout 50%, 5 constraints, 1 segment`. */
export function strategyGist(st: Rec): string {
  const parts = [text(st.name) ?? 'strategy'];
  const params = rec(st.parameters) ?? {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'groupId' || v === '' || v === null || v === undefined) continue;
    parts.push(`${k} ${paramValue(k, v)}`);
  }
  const n = (count: number, word: string) => (count > 0 ? [`${count} ${word}${count === 1 ? '' : 's'}`] : []);
  parts.push(
    ...n(list(st.constraints).length, 'constraint'),
    ...n(list(st.segments).length, 'segment'),
    ...n(list(st.variants).length, 'variant'),
  );
  if (st.disabled === true) parts.push('disabled');
  return parts.join(', ');
}

/** A constraint as a person reads it: `country IN DE, FR` / `age NOT NUM_LTE 3650`. */
export function constraintGist(c: Rec): string {
  const values = list(c.values).map((v) => text(v) ?? '');
  const shown = values.length > 0 ? some(values) : (text(c.value) ?? '');
  const not = c.inverted === true ? 'NOT ' : '';
  return `${text(c.contextName) ?? '?'} ${not}${text(c.operator) ?? '?'} ${shown}`.trimEnd();
}

const constraintKey = (c: Rec) =>
  `${text(c.contextName)}\u0000${text(c.operator)}\u0000${c.inverted === true}\u0000${c.caseInsensitive === true}`;

function constraintChanges(before: unknown, after: unknown): string[] {
  const pre = list(before)
    .map(rec)
    .filter((c): c is Rec => !!c);
  const post = list(after)
    .map(rec)
    .filter((c): c is Rec => !!c);
  const changes: string[] = [];
  const unmatched = [...pre];
  for (const c of post) {
    const i = unmatched.findIndex((p) => constraintKey(p) === constraintKey(c));
    if (i < 0) {
      changes.push(`constraint added: ${constraintGist(c)}`);
      continue;
    }
    const [p] = unmatched.splice(i, 1) as [Rec];
    const was = list(p.values).map((v) => text(v) ?? '');
    const now = list(c.values).map((v) => text(v) ?? '');
    if (was.length > 0 || now.length > 0) {
      const added = now.filter((v) => !was.includes(v));
      const removed = was.filter((v) => !now.includes(v));
      if (added.length || removed.length) {
        const delta = [...(added.length ? [`+${some(added)}`] : []), ...(removed.length ? [`-${some(removed)}`] : [])];
        changes.push(`${text(c.contextName) ?? '?'} ${text(c.operator) ?? '?'}: ${delta.join(' ')}`);
      }
    } else if (text(p.value) !== text(c.value)) {
      changes.push(
        `${text(c.contextName) ?? '?'} ${text(c.operator) ?? '?'}: ${text(p.value) ?? '-'} → ${text(c.value) ?? '-'}`,
      );
    }
  }
  for (const p of unmatched) changes.push(`constraint removed: ${constraintGist(p)}`);
  return changes;
}

/** Every visible difference between two versions of a strategy, in a fixed order. */
export function strategyChanges(pre: Rec, post: Rec): string[] {
  const changes: string[] = [];
  const was = text(pre.title) || undefined;
  const now = text(post.title) || undefined;
  if (was !== now)
    changes.push(
      now
        ? was
          ? `title ${quote(was)} → ${quote(now)}`
          : `title set to ${quote(now)}`
        : `title ${quote(was!)} removed`,
    );
  if (text(pre.name) !== text(post.name)) changes.push(`type ${text(pre.name) ?? '-'} → ${text(post.name) ?? '-'}`);
  if ((pre.disabled === true) !== (post.disabled === true))
    changes.push(post.disabled === true ? 'disabled' : 'enabled again');
  const a = rec(pre.parameters) ?? {};
  const b = rec(post.parameters) ?? {};
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    // Parameter names are the server's: only own members count (`constructor` is a name, not a lookup).
    if (Object.hasOwn(a, key) === Object.hasOwn(b, key) && same(own(a, key), own(b, key))) continue;
    const from = Object.hasOwn(a, key) ? paramValue(key, a[key]) : '(unset)';
    const to = Object.hasOwn(b, key) ? paramValue(key, b[key]) : '(unset)';
    changes.push(`${key} ${from} → ${to}`);
  }
  changes.push(...constraintChanges(pre.constraints, post.constraints));
  const segA = list(pre.segments).map((s) => text(s) ?? '?');
  const segB = list(post.segments).map((s) => text(s) ?? '?');
  for (const s of segB.filter((x) => !segA.includes(x))) changes.push(`segment ${s} added`);
  for (const s of segA.filter((x) => !segB.includes(x))) changes.push(`segment ${s} removed`);
  changes.push(...variantChanges(pre.variants, post.variants).map((c) => `variant ${c}`));
  return changes;
}
