// One serialisation for snapshots: keys sorted at every level, two-space indent, a final
// newline. Two exports of an unchanged server must be identical byte for byte, so nothing here
// depends on the order in which a server or a Map happened to list things.

/** JSON with every object's keys sorted (code-unit order, as Array.prototype.sort does). */
export function canonicalJson(value: unknown, indent = 2): string {
  if (indent <= 0) return line(value);
  const out: string[] = [];
  pretty(value, ' '.repeat(indent), '', out);
  return out.join('');
}

function pretty(value: unknown, step: string, pad: string, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(value === undefined ? 'null' : JSON.stringify(value));
    return;
  }
  const inner = pad + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return void out.push('[]');
    out.push('[\n');
    value.forEach((v, i) => {
      out.push(i === 0 ? inner : `,\n${inner}`);
      pretty(v, step, inner, out);
    });
    out.push(`\n${pad}]`);
    return;
  }
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  if (keys.length === 0) return void out.push('{}');
  out.push('{\n');
  keys.forEach((k, i) => {
    out.push(`${i === 0 ? '' : ',\n'}${inner}${JSON.stringify(k)}: `);
    pretty(o[k], step, inner, out);
  });
  out.push(`\n${pad}}`);
}

/** A total order on strings that does not depend on the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Snapshot values are built once and never changed, and the same strategy or constraint is
// compared many times (sorting, pairing, field by field): its key is remembered on the object,
// under a symbol that Object.keys and JSON.stringify do not see. (A WeakMap of 100,000
// entries made the garbage collector the largest cost of a 5,000-feature diff.)
const KEY = Symbol('canonical key');
type Keyed = { [KEY]?: string };

/**
 * One line, keys sorted: the identity of a value when comparing sets of them. Objects are
 * remembered by identity, so a value must not change once its key has been taken.
 */
export function keyOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'null' : JSON.stringify(value);
  let s = (value as Keyed)[KEY];
  if (s !== undefined) return s;
  if (Array.isArray(value)) {
    s = '[';
    for (let i = 0; i < value.length; i++) s += (i === 0 ? '' : ',') + keyOf(value[i]);
    s += ']';
  } else {
    const o = value as Record<string, unknown>;
    s = '{';
    let first = true;
    for (const k of Object.keys(o).sort()) {
      if (o[k] === undefined) continue;
      s += `${first ? '' : ','}${JSON.stringify(k)}:${keyOf(o[k])}`;
      first = false;
    }
    s += '}';
  }
  if (Object.isExtensible(value)) Object.defineProperty(value, KEY, { value: s });
  return s;
}

/**
 * keyOf's text, without remembering it on each object: for a value serialised once (a digest
 * of a retire plan), where defining a property on every object costs more than the walk. Plain
 * data (what JSON.parse gives) is copied with its keys in order and handed to JSON.stringify,
 * whose native walk builds the text at a fraction of the cost of concatenating it here; anything
 * else, and any key that JSON.stringify would not keep in insertion order, takes the walk below.
 */
function line(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'null' : JSON.stringify(value);
  try {
    return JSON.stringify(sortedCopy(value));
  } catch (err) {
    if (err !== NOT_PLAIN) throw err;
    return slowLine(value);
  }
}

const NOT_PLAIN = Symbol('not plain data');

/** A copy with every object's keys in code-unit order, as line() writes them; throws NOT_PLAIN on anything else. */
function sortedCopy(value: unknown): unknown {
  if (value === null) return value;
  const type = typeof value;
  if (type === 'string' || type === 'boolean' || type === 'number') return value;
  if (type !== 'object') throw NOT_PLAIN; // undefined (in an object or array: handled by the caller), function, symbol, bigint
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw NOT_PLAIN;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out[i] = v === undefined ? null : sortedCopy(v);
    }
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN; // a Date, a Map, a class: its own JSON
  const o = value as Record<string, unknown>;
  if (typeof o.toJSON === 'function') throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) {
    // An integer-like key is listed first by every object, whatever its place in the order.
    const c = k.charCodeAt(0);
    if (c >= 0x30 && c <= 0x39) throw NOT_PLAIN;
    const v = o[k];
    if (v === undefined) continue;
    if (k === '__proto__') Object.defineProperty(out, k, { value: sortedCopy(v), enumerable: true, writable: true });
    else out[k] = sortedCopy(v);
  }
  return out;
}

function slowLine(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'null' : JSON.stringify(value);
  if (Array.isArray(value)) {
    let s = '[';
    for (let i = 0; i < value.length; i++) s += (i === 0 ? '' : ',') + slowLine(value[i]);
    return `${s}]`;
  }
  const o = value as Record<string, unknown>;
  let s = '{';
  let first = true;
  for (const k of Object.keys(o).sort()) {
    if (o[k] === undefined) continue;
    s += `${first ? '' : ','}${JSON.stringify(k)}:${slowLine(o[k])}`;
    first = false;
  }
  return `${s}}`;
}

/** Sorts a copy by each item's canonical one-line form. */
export function sortByContent<T>(items: readonly T[]): T[] {
  if (items.length < 2) return [...items];
  return items
    .map((item) => ({ item, key: keyOf(item) }))
    .sort((a, b) => compareText(a.key, b.key))
    .map((x) => x.item);
}
