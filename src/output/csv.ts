import { noLegacyCommand, noLineCommand, spreadsheetSafe, termSafe } from './sanitize.js';

/**
 * One RFC 4180 record, CRLF-terminated. On a terminal every cell first goes through the same
 * terminal-safety as the table (a server's text must not drive the terminal); to a file or a
 * pipe the cells are written exactly as they came.
 */
export function csvRecord(cells: string[], raw: boolean, tty = false): string {
  return `${cells.map((c) => csvField(raw ? c : guarded(c), tty)).join(',')}\r\n`;
}

/**
 * The default guard (off with --csv-raw): against a spreadsheet's formulas, and against a CI
 * log's workflow commands. A record's first cell and the inner lines of a quoted cell start
 * lines of the log: a line's opening `::` and any `##[` are spelled as escapes (sanitize.ts).
 */
function guarded(cell: string): string {
  return noLegacyCommand(noLineCommand(spreadsheetSafe(cell)));
}

function csvField(cell: string, tty: boolean): string {
  const value = tty ? termSafe(cell) : cell;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
