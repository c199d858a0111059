import { spreadsheetSafe, termSafe } from './sanitize.js';

/**
 * One RFC 4180 record, CRLF-terminated. On a terminal every cell first goes through the same
 * terminal-safety as the table (a server's text must not drive the terminal); to a file or a
 * pipe the cells are written exactly as they came.
 */
export function csvRecord(cells: string[], raw: boolean, tty = false): string {
  return `${cells.map((c) => csvField(raw ? c : spreadsheetSafe(c), tty)).join(',')}\r\n`;
}

function csvField(cell: string, tty: boolean): string {
  const value = tty ? termSafe(cell) : cell;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
