// Which references a change adds and removes. A reference is its flag and its whole line's
// content (whitespace collapsed), not its path and line number: lines move when others are
// edited, and a file that is renamed or split moves its references without adding any. Pairs
// are made within a file first (in line order), then across files for what is left (a move).
// What is left after that is an edit of a line that named the flag before and still does
// (`| 'x';` becoming `| 'x'` when a member is appended to a union): within one file, the
// removals and additions of the same name are paired by count, so only a net addition is an
// addition and only a net removal a removal.

export interface Sided<T> {
  file: string;
  /** The flag (or the name in a flag call), for the pairing by count. */
  name: string;
  /** What must be equal on both sides for a pair by content: the name and the whole line. */
  key: string;
  item: T;
}

/** The key of a name on a line: the whole line (never the text cut for display), whitespace collapsed. */
export const lineKey = (name: string, line: string) => `${name}\u0000${line.replace(/\s+/g, ' ').trim()}`;

export function pairUp<T>(base: Sided<T>[], tree: Sided<T>[]): { added: T[]; removed: T[] } {
  const sameFile = match(base, tree, (s) => `${s.file}\u0000${s.key}`);
  const moved = match(sameFile.left, sameFile.right, (s) => s.key);
  const edited = match(moved.left, moved.right, (s) => `${s.file}\u0000${s.name}`);
  return { removed: edited.left.map((s) => s.item), added: edited.right.map((s) => s.item) };
}

function match<T>(left: Sided<T>[], right: Sided<T>[], by: (s: Sided<T>) => string) {
  const rights = new Map<string, Sided<T>[]>();
  for (const s of right) {
    const k = by(s);
    const g = rights.get(k);
    if (g) g.push(s);
    else rights.set(k, [s]);
  }
  const leftOver: Sided<T>[] = [];
  const taken = new Set<Sided<T>>();
  for (const l of left) {
    const r = rights.get(by(l))?.shift();
    if (r) taken.add(r);
    else leftOver.push(l);
  }
  return { left: leftOver, right: right.filter((r) => !taken.has(r)) };
}
