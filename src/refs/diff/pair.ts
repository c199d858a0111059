// Which references a change adds and removes. A reference is its flag and its line's content
// (whitespace collapsed), not its path and line number: lines move when others are edited,
// and a file that is renamed or split moves its references without adding any. Pairs are
// made within a file first (in line order), then across files for what is left (a move).

export interface Sided<T> {
  file: string;
  /** What must be equal on both sides: the flag (or name) and the line's content. */
  key: string;
  item: T;
}

export const lineKey = (name: string, text: string) => `${name}\u0000${text.replace(/\s+/g, ' ').trim()}`;

export function pairUp<T>(base: Sided<T>[], tree: Sided<T>[]): { added: T[]; removed: T[] } {
  const group = (list: Sided<T>[], by: (s: Sided<T>) => string) => {
    const m = new Map<string, Sided<T>[]>();
    for (const s of list) {
      const k = by(s);
      const g = m.get(k);
      if (g) g.push(s);
      else m.set(k, [s]);
    }
    return m;
  };
  const match = (left: Sided<T>[], right: Sided<T>[], by: (s: Sided<T>) => string) => {
    const rights = group(right, by);
    const leftOver: Sided<T>[] = [];
    const taken = new Set<Sided<T>>();
    for (const l of left) {
      const g = rights.get(by(l));
      const r = g?.shift();
      if (r) taken.add(r);
      else leftOver.push(l);
    }
    return { left: leftOver, right: right.filter((r) => !taken.has(r)) };
  };
  const sameFile = match(base, tree, (s) => `${s.file}\u0000${s.key}`);
  const moved = match(sameFile.left, sameFile.right, (s) => s.key);
  return { removed: moved.left.map((s) => s.item), added: moved.right.map((s) => s.item) };
}
