import type { Ui } from './context.js';
import { notice, print } from './context.js';
import { terminalColumns } from '../io.js';
import { displayWidth, truncate } from './width.js';

// A bordered table for a terminal, drawn as rows come: the column widths are set by the first
// SAMPLE rows (and the headings), then every row is written at once, so a table of any length
// costs bounded memory and shows its first rows without waiting for the last. Widths fit the
// terminal: the widest columns give way first, and a cell that does not fit is cut with an
// ellipsis, as gh and kubectl do. Piped output never comes here: it stays whole.

/** Rows that set the widths: enough to see a column's usual width, few enough to hold and draw before the first line shows. */
export const SAMPLE = 1000;

/** Cells of a column never get narrower than this while others are wider (a cut cell needs room for `x…`). */
const MIN_WIDTH = 3;

/**
 * Widths that fit `room` cells: each column keeps its natural width when they all fit,
 * else the widest are capped at one limit, the largest that fits (water-filling).
 */
export function fitWidths(natural: readonly number[], room: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= room) return [...natural];
  const floor = natural.map((w) => Math.min(w, MIN_WIDTH));
  let lo = MIN_WIDTH;
  let hi = Math.max(MIN_WIDTH, ...natural);
  const used = (cap: number) => natural.reduce((a, w, i) => a + Math.max(floor[i]!, Math.min(w, cap)), 0);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (used(mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  const widths = natural.map((w, i) => Math.max(floor[i]!, Math.min(w, lo)));
  // Hand the cells left over to the capped columns, left to right.
  let spare = room - widths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < widths.length && spare > 0; i++) {
    if (widths[i]! < natural[i]!) {
      const more = Math.min(spare, natural[i]! - widths[i]!);
      widths[i]! += more;
      spare -= more;
    }
  }
  return widths;
}

/** What a column other than the identifier keeps before the table drops columns instead: `17m ago`, `release`, `default` whole. */
const FLOOR = 8;
/**
 * An identifier (a flag's name, a verdict) keeps up to half the terminal (at least this many
 * cells) before other columns are left out; beyond that it takes what they leave.
 */
const KEY_FLOOR = 24;

export interface Layout {
  /** The indexes of the columns drawn, in order. */
  shown: number[];
  /** Their widths. */
  widths: number[];
  /** The indexes of the columns left out. */
  dropped: number[];
}

/**
 * The columns that fit `columns` terminal cells, and their widths. The identifier columns
 * (`keys`: a flag's name, a verdict) are the last to shrink: the others give way first, down to
 * a few cells each; when even that does not fit, whole columns go, the rightmost first (as
 * kubectl and gh leave columns out), and never an identifier.
 */
export function layout(natural: readonly number[], keys: readonly boolean[], columns: number): Layout {
  let shown = natural.map((_, i) => i);
  const dropped: number[] = [];
  const room = (n: number) => Math.max(n * MIN_WIDTH, columns - (n * 3 + 1));
  const half = Math.max(KEY_FLOOR, Math.floor(columns / 2));
  const claim = (i: number) => Math.min(natural[i]!, half);
  for (;;) {
    const others = shown.filter((i) => !keys[i]);
    const need = shown.reduce((a, i) => a + (keys[i] ? claim(i) : Math.min(natural[i]!, FLOOR)), 0);
    if (need <= room(shown.length) || others.length === 0) break;
    const last = others[others.length - 1]!;
    dropped.unshift(last);
    shown = shown.filter((i) => i !== last);
  }
  const space = room(shown.length);
  const keyIdx = shown.filter((i) => keys[i]);
  const otherIdx = shown.filter((i) => !keys[i]);
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  const otherFloor = sum(otherIdx.map((i) => Math.min(natural[i]!, FLOOR)));
  // The identifiers first (each up to its claim), then the others, then what is left to the identifiers again.
  const claimed = fitWidths(keyIdx.map(claim), Math.max(space - otherFloor, keyIdx.length * MIN_WIDTH));
  const otherWidths = fitWidths(
    otherIdx.map((i) => natural[i]!),
    Math.max(space - sum(claimed), otherIdx.length * MIN_WIDTH),
  );
  const keyWidths = fitWidths(
    keyIdx.map((i) => natural[i]!),
    Math.max(space - sum(otherWidths), sum(claimed)),
  );
  const width = new Map<number, number>([
    ...keyIdx.map((i, k) => [i, keyWidths[k]!] as const),
    ...otherIdx.map((i, k) => [i, otherWidths[k]!] as const),
  ]);
  return { shown, widths: shown.map((i) => width.get(i)!), dropped };
}

function headroom(natural: readonly number[], room: number): number[] {
  const spare = room - natural.reduce((a, b) => a + b, 0);
  if (spare <= 0) return [...natural];
  const each = Math.floor(spare / natural.length);
  return natural.map((w) => w + Math.min(w, each));
}

interface Frame {
  top: string;
  middle: string;
  bottom: string;
  bar: string;
}

function frame(widths: number[], ui: Ui): Frame {
  const grey = ui.color ? (s: string) => ui.style.grey(s) : (s: string) => s;
  const line = (l: string, m: string, r: string) => grey(`${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`);
  return { top: line('┌', '┬', '┐'), middle: line('├', '┼', '┤'), bottom: line('└', '┴', '┘'), bar: grey('│') };
}

/**
 * Draws `rows` (cells already made terminal-safe and styled) under `head`, streaming; returns
 * the number of rows. Long tables end with a note on stderr saying how to get them whole.
 */
export interface TableColumns {
  /** The columns' names, as --columns takes them (for the note when some are left out). */
  names: string[];
  /** Which are identifiers: the last to shrink, never left out. */
  keys: boolean[];
}

export async function writeTable(
  ui: Ui,
  head: string[] | undefined,
  rows: AsyncIterable<string[]> | Iterable<string[]>,
  cols: TableColumns,
  hint: string,
): Promise<number> {
  const ncols = cols.names.length;
  const sample: string[][] = [];
  const source = (
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<string[]>)[Symbol.iterator]()
  ) as AsyncIterator<string[]> | Iterator<string[]>;
  let done = false;
  while (sample.length < SAMPLE) {
    const r = await source.next();
    if (r.done) {
      done = true;
      break;
    }
    sample.push(r.value.map(ui.mask));
  }
  const natural = Array.from({ length: ncols }, (_, i) =>
    Math.max(head ? displayWidth(head[i] ?? '') : 0, ...sample.map((r) => displayWidth(r[i] ?? ''))),
  );
  const terminal = terminalColumns(ui.io);
  const room = Math.max(ncols * MIN_WIDTH, terminal - (ncols * 3 + 1));
  // A table longer than its sample may hold longer cells further down (flag-999 then
  // flag-129999): its columns share the terminal's spare cells, each growing at most twofold.
  const { shown, widths, dropped } = layout(done ? natural : headroom(natural, room), cols.keys, terminal);
  const f = frame(widths, ui);
  let cut = false;
  const line = (cells: string[]) => {
    const drawn = widths.map((w, k) => {
      const cell = cells[shown[k]!] ?? '';
      const width = displayWidth(cell);
      if (width <= w) return `${cell}${' '.repeat(w - width)}`;
      cut = true;
      return truncate(cell, w);
    });
    return `${f.bar} ${drawn.join(` ${f.bar} `)} ${f.bar}\n`;
  };

  let text = `${f.top}\n`;
  if (head) text += `${line(head)}${f.middle}\n`;
  for (const r of sample) text += line(r);
  await print(ui, text);
  let count = sample.length;
  // Past the sample, rows are written in batches: one write per row costs more than drawing it.
  let batch = '';
  while (!done) {
    const r = await source.next();
    if (r.done) break;
    count++;
    batch += line(r.value.map(ui.mask));
    if (batch.length > 65536) {
      await print(ui, batch);
      batch = '';
    }
  }
  await print(ui, `${batch}${f.bottom}\n`);
  if (dropped.length > 0) {
    const left = dropped.map((i) => cols.names[i]).join(', ');
    const kept = shown.map((i) => cols.names[i]).join(',');
    notice(
      ui.io,
      `flagctl: note: ${dropped.length === 1 ? 'column' : 'columns'} ${left} left out to fit the terminal's ${terminal} columns; choose the columns with --columns (these were --columns ${kept}), or pipe or -o csv for all of them`,
    );
  }
  if (cut)
    notice(
      ui.io,
      `flagctl: note: cells cut to fit the terminal's ${terminal} columns (…); piped or -o csv output keeps them whole`,
    );
  if (count > SAMPLE) notice(ui.io, `flagctl: note: ${count} rows; ${hint}`);
  return count;
}
