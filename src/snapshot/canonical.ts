// One serialisation for snapshots: keys sorted at every level, two-space indent, a final
// newline. Two exports of an unchanged server must be identical byte for byte, so nothing here
// depends on the order in which a server or a Map happened to list things.

/** JSON with every object's keys sorted (code-unit order, as Array.prototype.sort does). */
export function canonicalJson(value: unknown, indent = 2): string {
  return write(value, indent, '');
}

function write(value: unknown, indent: number, pad: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const inner = pad + ' '.repeat(indent);
  const nl = indent > 0 ? '\n' : '';
  const sep = indent > 0 ? ': ' : ':';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${nl}${value.map((v) => inner + write(v, indent, inner)).join(`,${nl}`)}${nl}${pad}]`;
  }
  const keys = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort(compareText);
  if (keys.length === 0) return '{}';
  const body = keys.map((k) => `${inner}${JSON.stringify(k)}${sep}${write((value as Record<string, unknown>)[k], indent, inner)}`);
  return `{${nl}${body.join(`,${nl}`)}${nl}${pad}}`;
}

/** A total order on strings that does not depend on the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One line, keys sorted: the identity of a value when comparing sets of them. */
export function keyOf(value: unknown): string {
  return canonicalJson(value, 0);
}

/** Sorts a copy by each item's canonical one-line form. */
export function sortByContent<T>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: keyOf(item) }))
    .sort((a, b) => compareText(a.key, b.key))
    .map((x) => x.item);
}
