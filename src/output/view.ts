import type { Ui } from './context.js';
import type { AnnotationLevel } from './github.js';
import type { Column, RowsOptions } from './rows.js';

// What a command hands to render(): a view that carries what every format needs. The command
// never asks which format was picked; each adapter (formats/<name>.ts) takes the parts it prints.

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  /** GitHub's properties: title, file, line, col, … */
  props?: Record<string, string | undefined>;
}

/** Rows: every format streams them (a terminal table waits for its widths). */
export interface RowsView<T> extends RowsOptions {
  kind: 'rows';
  columns: Column<T>[];
  rows: AsyncIterable<T> | Iterable<T>;
  /** -o github: the workflow annotation of a row, if it has one. */
  annotate?: (row: T) => Annotation | undefined;
  /** -o github, after the annotations: the job summary's markdown (written where GITHUB_STEP_SUMMARY names). */
  stepSummary?: () => Promise<string>;
  /**
   * -o github: what the rows past GitHub's 10 error and 10 warning annotations a step are called
   * on stderr, and their markdown for the job summary (default: a table of the annotations).
   */
  unannotated?: { noun: string; markdown: (rows: T[]) => string };
  /** -o sarif: the log made of the rows `keep` holds (all of them without it). */
  sarif?: { keep?: (row: T) => boolean; log: (rows: T[]) => unknown };
  /** On a terminal, a drawing of every row in place of the table (refs groups them by flag). */
  grouped?: (rows: T[], ui: Ui) => string;
  /** On a terminal, lines after the table, never cut to its width (refs --summary: the cleanup commands). */
  footer?: (rows: T[]) => string[];
}

/**
 * A document with a face for people: json and yaml print the document, the table format draws
 * it, and the row formats (csv, ndjson, markdown) print its rows.
 */
export interface DocumentView<T> {
  kind: 'document';
  /** The document, or a function that makes it (only the formats that print it pay for it then). */
  document: unknown;
  /**
   * What the table needs beyond the document (names, tags), fetched before anything is
   * printed, and only when the table is drawn: json never pays for it.
   */
  prepare?(): Promise<void>;
  /** The terminal (and piped table) rendering; it prints, it never fetches. */
  table(ui: Ui): Promise<void>;
  /** -o markdown, when the document reads better as prose than as its rows (a diff). */
  markdown?(ui: Ui): Promise<void>;
  /** -o github: the annotations, and what else the workflow reads (a job summary, step outputs). */
  github?(ui: Ui): Promise<void>;
  /** Every object's keys in code-unit order, so that two prints of the same data are the same bytes (a snapshot). */
  sortedKeys?: boolean;
  /** A note for stderr, from every format but the table, whose drawing holds it. */
  note?: string;
  rows?: Omit<RowsView<T>, 'kind'>;
}

export type View<T = any> = RowsView<T> | DocumentView<T>;

/** The document of a view, made now if it is made on demand. */
export async function documentOf(view: DocumentView<unknown>): Promise<unknown> {
  return typeof view.document === 'function' ? await (view.document as () => unknown)() : view.document;
}
