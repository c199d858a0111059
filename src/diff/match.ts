import { compareText, keyOf } from '../snapshot/canonical.js';

// Pairing two lists of things that have no shared id (strategies, constraints): ids are
// server-specific, so identity is content first, then a label, then a looser key.

export interface Matched<T> {
  pairs: [T, T][];
  onlyLeft: T[];
  onlyRight: T[];
}

/**
 * 1. Items equal in content pair up (they are not drift, wherever they sit in the list).
 * 2. The rest pair by `label` (e.g. name and title): within a label, the most alike first when
 *    `alike` scores them, else in content order (never by position in the list).
 * 3. What is still alone pairs by `loose` (e.g. the name) where exactly one is left on each side.
 */
export function matchItems<T>(
  left: readonly T[],
  right: readonly T[],
  label: (t: T) => string,
  loose?: (t: T) => string,
  alike?: (a: T, b: T) => number,
): Matched<T> {
  if (left.length === 0 || right.length === 0) return { pairs: [], onlyLeft: [...left], onlyRight: [...right] };
  const pairs: [T, T][] = [];
  const rightByKey = new Map<string, T[]>();
  for (const r of right) push(rightByKey, keyOf(r), r);
  let restLeft: T[] = [];
  for (const l of left) {
    const same = rightByKey.get(keyOf(l));
    const r = same?.shift();
    if (r !== undefined) pairs.push([l, r]);
    else restLeft.push(l);
  }
  let restRight = [...rightByKey.values()].flat();
  [restLeft, restRight] = pairBy(restLeft, restRight, label, pairs, false, alike);
  if (loose) [restLeft, restRight] = pairBy(restLeft, restRight, loose, pairs, true);
  return { pairs, onlyLeft: restLeft, onlyRight: restRight };
}

function pairBy<T>(
  left: T[],
  right: T[],
  key: (t: T) => string,
  pairs: [T, T][],
  onlyIfUnique = false,
  alike?: (a: T, b: T) => number,
): [T[], T[]] {
  const l = group(left, key);
  const r = group(right, key);
  const restLeft: T[] = [];
  const restRight: T[] = [];
  for (const [k, ls] of l) {
    const rs = r.get(k) ?? [];
    r.delete(k);
    if (onlyIfUnique && (ls.length !== 1 || rs.length !== 1)) {
      restLeft.push(...ls);
      restRight.push(...rs);
      continue;
    }
    if (alike && ls.length > 1 && rs.length > 1) {
      const [l2, r2] = pairAlike(ls, rs, alike, pairs);
      restLeft.push(...l2);
      restRight.push(...r2);
      continue;
    }
    const n = Math.min(ls.length, rs.length);
    for (let i = 0; i < n; i++) pairs.push([ls[i]!, rs[i]!]);
    restLeft.push(...ls.slice(n));
    restRight.push(...rs.slice(n));
  }
  for (const rs of r.values()) restRight.push(...rs);
  return [restLeft, restRight];
}

/** Greedy: the most alike pair first; ties in content order (the lists arrive sorted). */
function pairAlike<T>(ls: T[], rs: T[], alike: (a: T, b: T) => number, pairs: [T, T][]): [T[], T[]] {
  const scored: { i: number; j: number; score: number }[] = [];
  ls.forEach((l, i) => rs.forEach((r, j) => scored.push({ i, j, score: alike(l, r) })));
  scored.sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const usedL = new Set<number>();
  const usedR = new Set<number>();
  for (const { i, j } of scored) {
    if (usedL.has(i) || usedR.has(j)) continue;
    usedL.add(i);
    usedR.add(j);
    pairs.push([ls[i]!, rs[j]!]);
  }
  return [ls.filter((_, i) => !usedL.has(i)), rs.filter((_, j) => !usedR.has(j))];
}

function group<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  const sorted = items.map((item) => ({ item, k: keyOf(item) })).sort((a, b) => compareText(a.k, b.k));
  for (const { item } of sorted) push(out, key(item), item);
  return out;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Labels that tell items apart in a path: the label itself, or `label #2` when several
 * items on a side share it (numbered in that side's order).
 */
export function uniqueLabels<T>(items: readonly T[], label: (t: T) => string): Map<T, string> {
  if (items.length === 1) return new Map([[items[0]!, label(items[0]!)]]);
  const counts = new Map<string, number>();
  for (const item of items) counts.set(label(item), (counts.get(label(item)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out = new Map<T, string>();
  for (const item of items) {
    const l = label(item);
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    out.set(item, (counts.get(l) ?? 0) > 1 ? `${l} #${n}` : l);
  }
  return out;
}
