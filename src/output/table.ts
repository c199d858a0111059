import type { Ui } from './context.js';
import { notice, print } from './context.js';
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
export async function writeTable(ui: Ui, head: string[] | undefined, rows: AsyncIterable<string[]> | Iterable<string[]>, ncols: number, hint: string): Promise<number> {
  const sample: string[][] = [];
  const source = (Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<string[]>)[Symbol.iterator]()) as
    | AsyncIterator<string[]>
    | Iterator<string[]>;
  let done = false;
  while (sample.length < SAMPLE) {
    const r = await source.next();
    if (r.done) {
      done = true;
      break;
    }
    sample.push(r.value.map(ui.mask));
  }
  const natural = Array.from({ length: ncols }, (_, i) => Math.max(head ? displayWidth(head[i] ?? '') : 0, ...sample.map((r) => displayWidth(r[i] ?? ''))));
  const room = Math.max(ncols * MIN_WIDTH, (ui.io.columns || 80) - (ncols * 3 + 1));
  // A table longer than its sample may hold longer cells further down (flag-999 then
  // flag-129999): its columns share the terminal's spare cells, each growing at most twofold.
  const widths = fitWidths(done ? natural : headroom(natural, room), room);
  const f = frame(widths, ui);
  let cut = false;
  const line = (cells: string[]) => {
    const drawn = widths.map((w, i) => {
      const cell = cells[i] ?? '';
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
  if (cut) notice(ui.io, `flagctl: note: cells cut to fit the terminal's ${ui.io.columns || 80} columns (…); piped or -o csv output keeps them whole`);
  if (count > SAMPLE) notice(ui.io, `flagctl: note: ${count} rows; ${hint}`);
  return count;
}
