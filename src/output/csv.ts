import { spreadsheetSafe } from './sanitize.js';

/** One RFC 4180 record, CRLF-terminated. */
export function csvRecord(cells: string[], raw: boolean): string {
  return `${cells.map((c) => csvField(raw ? c : spreadsheetSafe(c))).join(',')}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
