// node:fs, not node:fs/promises: this module is on every command's start-up path (render), and
// fs/promises loads a dozen more of Node's modules.
import { appendFile } from 'node:fs';
import { OutputError } from '../errors.js';
import { markdownHead, markdownRow, type Column } from './rows.js';
import { termSafe } from './sanitize.js';

/** GitHub shows a step's first 10 error and 10 warning annotations, and drops the rest. */
export const ANNOTATIONS_PER_LEVEL = 10;

// GitHub Actions workflow commands (`::warning title=...::message`), read by the runner from
// stdout. A command ends at a line break, so data must carry %, CR and LF escaped; property
// values also escape `:` and `,`, which separate properties. After that, any other control
// character is made visible so the log cannot be recoloured or retitled.

export function escapeData(text: string): string {
  return termSafe(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export type AnnotationLevel = 'notice' | 'warning' | 'error';

/** One annotation line, e.g. `::warning title=Stale flag::legacy-search is marked stale`. */
export function annotation(
  level: AnnotationLevel,
  message: string,
  props: Record<string, string | undefined> = {},
): string {
  const list = Object.entries(props)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${level}${list ? ` ${list}` : ''}::${escapeData(message)}\n`;
}

/** A markdown section for the job summary: a heading, a line of text, and a table. */
export function summaryMarkdown<T>(heading: string, text: string, cols: Column<T>[], rows: T[]): string {
  const table = rows.length > 0 ? `\n${markdownHead(cols)}${rows.map((r) => markdownRow(cols, r)).join('')}` : '';
  return `### ${heading}\n\n${text}\n${table}\n`;
}

/** Appends to the file named by GITHUB_STEP_SUMMARY (the runner renders it on the run's page). */
export async function appendStepSummary(path: string, markdown: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) =>
      appendFile(path, markdown, 'utf8', (err) => (err ? reject(err) : resolve())),
    );
  } catch (err) {
    // Like stdout: a summary that could not be written fails the run, naming the file.
    throw new OutputError(`GITHUB_STEP_SUMMARY (${path})`, err as NodeJS.ErrnoException);
  }
}
