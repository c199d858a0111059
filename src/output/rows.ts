import type { Ui } from './context.js';
import { termSafe } from './sanitize.js';
import { relativeTime } from './time.js';

// Columns and their cells, shared by the adapters (formats/): each format takes the cells it prints.

export type CellKind = 'text' | 'time' | 'bool' | 'number';

export interface Column<T> {
  name: string;
  header?: string;
  kind?: CellKind;
  value(row: T): unknown;
  /**
   * What a null value in this row reads as, where `-` or an empty cell could be taken for
   * off: `unknown` for an environment's enabled. Every format but json shows it.
   */
  unknown?(row: T): string | undefined;
  /** An identifier (a flag's name, a verdict): a terminal table shrinks it last and never leaves it out. */
  key?: boolean;
  /** A terminal-only rendering (symbols, colours); the text is made safe before this is called. */
  pretty?(row: T, ui: Ui): string;
}

export interface ColumnSet<T> {
  all: Column<T>[];
  defaults: string[];
  /** Columns whose names are patterns, such as `env:production.enabled`. */
  resolve?(name: string): Column<T> | undefined;
  /** Shown in the error for an unknown column. */
  syntax?: string;
}

/** A cell as plain text: ISO times, true/false, lists joined with ", ". */
export function plainCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainCell).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Nothing to show: null, absent, the empty string or an empty list. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * A cell of the tables (piped and on a terminal) and markdown: `-` for nothing, or the
 * column's word for unknown. csv keeps an empty cell instead, as spreadsheets expect, but
 * spells the unknown word too (a spreadsheet takes an empty cell for FALSE).
 */
export function humanCell<T>(col: Column<T>, row: T): string {
  const value = col.value(row);
  return isEmpty(value) ? (unknownWord(col, row, value) ?? '-') : plainCell(value);
}

function unknownWord<T>(col: Column<T>, row: T, value: unknown): string | undefined {
  return value === null || value === undefined ? col.unknown?.(row) : undefined;
}

export function csvCell<T>(col: Column<T>, row: T): string {
  const value = col.value(row);
  return unknownWord(col, row, value) ?? plainCell(value);
}

export function terminalCell<T>(col: Column<T>, row: T, ui: Ui): string {
  if (col.pretty) return col.pretty(row, ui);
  const value = col.value(row);
  if (isEmpty(value)) {
    const word = unknownWord(col, row, value);
    return word ? ui.style.yellow(word) : ui.style.dim('-');
  }
  // A text that is no calendar time comes back as sent: server text, made safe like any other.
  if (col.kind === 'time' && typeof value === 'string') return termSafe(relativeTime(value, ui.now));
  if (typeof value === 'boolean') return value ? ui.style.green('yes') : 'no';
  return termSafe(plainCell(value));
}

/**
 * A table cell for GitHub-flavoured markdown (PR comments, step summaries): server text stays
 * literal. Backslash escapes stop emphasis, strike-through (~ alone strikes on GitHub), code
 * spans, links, raw HTML and entities; a pipe would end the cell; newlines arrive escaped;
 * mentions and issue references are defused.
 */
export function markdownCell(text: string): string {
  return (
    termSafe(text)
      .replace(/[\\`*_~[\]<>|&]/g, (c) => `\\${c}`)
      // A word joiner keeps `@name` and `#123` from pinging people or linking issues in a PR comment.
      .replace(/@(?=\w)/g, '@\u2060')
      .replace(/#(?=\d)/g, '#\u2060')
  );
}

/**
 * Untrusted text as a code span in a GitHub-flavoured markdown table cell, to be copied exactly:
 * CommonMark takes no backslash escape inside a code span (`a\_b` shows the backslash), so the
 * text goes as it is, fenced by one backtick more than its longest run of backticks, padded by a
 * space where it starts or ends with one (the parser strips one space each side). Only a pipe
 * is escaped (`\|`: GFM splits cells before it reads spans, and shows it as `|`). Control
 * characters (a newline would end the row) show as escapes; raw HTML is inert in a span.
 */
export function markdownCode(text: string, inTable = true): string {
  const safe = termSafe(text);
  const t = inTable ? safe.replace(/\|/g, '\\|') : safe;
  const longest = Math.max(0, ...(t.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad =
    t.startsWith('`') || t.endsWith('`') || (t.startsWith(' ') && t.endsWith(' ') && t.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

export function markdownHead<T>(cols: Column<T>[]): string {
  return `| ${cols.map((c) => markdownCell(c.header ?? c.name)).join(' | ')} |\n|${cols.map(() => ' --- |').join('')}\n`;
}

export function markdownRow<T>(cols: Column<T>[], row: T): string {
  return `| ${cols.map((c) => markdownCell(humanCell(c, row))).join(' | ')} |\n`;
}

export interface RowsOptions {
  /**
   * On a terminal, after a long table: the command's own way to a shorter one, named in the
   * note after -o csv (`--limit <n> shows the first n`); a command without one leaves it out.
   */
  longTable?: string;
  /** json piped: each row on one line inside the array, as ndjson writes it (`api --paginate`: a server's items, kept short). */
  compact?: boolean;
  /** json and yaml: one object `{"<key>": [rows], ...after()}` instead of a bare array; `after` runs when the rows have ended. */
  jsonObject?: { key: string; after(): Record<string, unknown> | Promise<Record<string, unknown>> };
}

/**
 * Waits for the first row before anything is printed, so a request that fails at once
 * leaves stdout empty rather than holding a header or a lone `[`.
 */
export async function primed<T>(rows: AsyncIterable<T> | Iterable<T>): Promise<AsyncIterable<T> | Iterable<T>> {
  if (!(Symbol.asyncIterator in rows)) return rows;
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
      } finally {
        await it.return?.();
      }
    },
  };
}

/** Rows mapped as they come; a list in memory stays synchronous (no await per row). */
export function mapRows<T, U>(rows: AsyncIterable<T> | Iterable<T>, f: (row: T) => U): AsyncIterable<U> | Iterable<U> {
  if (Symbol.asyncIterator in rows) {
    return (async function* () {
      for await (const row of rows) yield f(row);
    })();
  }
  return (function* () {
    for (const row of rows) yield f(row);
  })();
}

export function projected<T>(cols: Column<T>[], row: T): Record<string, unknown> {
  return Object.fromEntries(cols.map((c) => [c.name, c.value(row) ?? null]));
}
