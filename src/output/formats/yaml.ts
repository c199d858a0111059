import { rawNumber } from '../../api/http/json-text.js';
import { print, type Ui } from '../context.js';
import { primed, projected } from '../rows.js';
import { documentOf, type RowsView } from '../view.js';
import { picked, type Adapter } from './adapter.js';

// -o yaml: the document json prints, as YAML 1.2 in block style (kubectl's habit), and rows as
// one list streamed item by item (docs/output-formats.md). Strings are exact: a string is
// plain only when no YAML 1.2 or 1.1 reader could take it for anything else (a number, a date,
// yes/no/on/off, null, a key or comment, an indicator); every other string is double-quoted,
// with every control, invisible format and line-breaking character written as an escape, and
// `##[` (a legacy workflow command, sanitize.ts) as `##\x5b`. The emitter makes the text inert
// itself, so the mask leaves it as it is.

/** Its place in help's list of formats, and offered wherever json is (scripts/format-registry.mjs). */
export const place = { order: 80, with: 'json' };

export const adapter: Adapter = {
  mask: (text) => text,
  shows: 'document',
  wholeRows: () => true,
  printsAllFields: (ui) => !picked(ui),
  streams: true,
  async render(ui, view) {
    if (view.kind === 'rows') return yamlRows(ui, view);
    await print(ui, yamlText(await documentOf(view), view.sortedKeys));
    return 0;
  },
};

async function yamlRows<T>(ui: Ui, view: RowsView<T>): Promise<number> {
  const rows = await primed(view.rows);
  const whole = !picked(ui);
  const wrap = view.jsonObject;
  let count = 0;
  if (wrap) await print(ui, `${key(wrap.key)}:`);
  for await (const row of rows) {
    await print(
      ui,
      `${wrap && count === 0 ? '\n' : ''}${item(block(whole ? row : projected(view.columns, row))).join('\n')}\n`,
    );
    count++;
  }
  if (!wrap) {
    if (count === 0) await print(ui, '[]\n');
    return count;
  }
  const rest = block(await wrap.after()).join('\n');
  await print(ui, `${count ? '' : ' []\n'}${rest && rest !== '{}' ? `${rest}\n` : ''}`);
  return count;
}

/** A whole document: its lines, ending in a newline. */
export function yamlText(value: unknown, sortedKeys = false): string {
  return `${block(value, sortedKeys).join('\n')}\n`;
}

/** The value as JSON.stringify would see it (toJSON applied; undefined, functions and symbols are nothing). */
function jsonValue(holder: object, key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'number') {
    const raw = rawNumber(holder, key);
    return raw !== undefined ? new Digits(raw) : Number.isFinite(value) ? value : null;
  }
  return value;
}

/** The server's text of a number that a double would change (json-text.ts): written as it came. */
class Digits {
  constructor(readonly text: string) {}
}

/** A value's lines at indent 0: a scalar is one line; a container its block lines, or `[]`/`{}` when empty. */
function block(value: unknown, sorted = false, holder: object = { '': value }, at = ''): string[] {
  const v = jsonValue(holder, at, value);
  if (v === null || v === undefined || typeof v !== 'object' || v instanceof Digits) return [scalar(v)];
  if (Array.isArray(v)) {
    if (v.length === 0) return ['[]'];
    return v.flatMap((x, i) => item(block(x, sorted, v, String(i))));
  }
  const lines: string[] = [];
  const entries = Object.entries(v);
  if (sorted) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [k, x] of entries) {
    const inner = jsonValue(v, k, x);
    if (inner === undefined) continue;
    const body = block(x, sorted, v, k);
    const nested =
      inner !== null && typeof inner === 'object' && !(inner instanceof Digits) && body[0] !== '[]' && body[0] !== '{}';
    if (!nested) lines.push(`${key(k)}: ${body[0]}`);
    // A list under a key sits at the key's indent (`key:` then `- item`), as kubectl writes it.
    else lines.push(`${key(k)}:`, ...(Array.isArray(inner) ? body : body.map((l) => `  ${l}`)));
  }
  return lines.length ? lines : ['{}'];
}

/** A list item: `- ` before the first line, two spaces before the rest. */
function item(lines: string[]): string[] {
  return lines.map((l, i) => (i === 0 ? `- ${l}` : `  ${l}`));
}

/** null (also for what JSON writes as null in a list), true/false, a number as JSON spells it, or a string. */
function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Digits) return v.text;
  // Every JSON number is a YAML 1.2 number.
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  return str(String(v));
}

const key = (k: string): string => str(k);

/**
 * Words that some YAML reader takes for a boolean or null (YAML 1.1 also y/n, yes/no, on/off).
 * Compared case-insensitively, which covers every spelling the schemas list.
 */
const WORDS = new Set(['y', 'n', 'yes', 'no', 'true', 'false', 'on', 'off', 'null']);

/** Plain: starts with a letter, `_` or `/`, and holds only word characters, `. / @ + -` and single inner spaces. */
const PLAIN = /^[A-Za-z_/][\w./@+-]*(?: [\w./@+-]+)*$/;

function str(s: string): string {
  if (PLAIN.test(s) && !WORDS.has(s.toLowerCase())) return s;
  return `"${s.replace(ESCAPE, escape)}"`;
}

// C0, DEL, C1 (NEL among them), Unicode Cf (bidi controls, zero-width characters, BOM, tags),
// the line and paragraph separators (line breaks to YAML 1.1), lone surrogates, the two
// non-characters YAML forbids, the quote and the backslash, and `##[`.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ESCAPE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff"\\]|\p{Cf}|[\ud800-\udfff]|##\[/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

function escape(m: string): string {
  if (m === '##[') return '##\\x5b';
  const named = NAMED[m];
  if (named) return named;
  const code = m.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}
