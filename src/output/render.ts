import { jsonText } from '../api/http/json-text.js';
import { print, type Ui } from './context.js';
import { annotation, type AnnotationLevel } from './github.js';
import { writeRows, type Column, type RowsOptions } from './rows.js';

// The one way commands print data: a view, rendered in the format the user picked. A command
// builds its view and never branches on the format; each format is an adapter here.

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
  /** -o github: one workflow annotation per row. */
  annotate?: (row: T) => Annotation;
}

/**
 * A document with a face for people: json prints the document, the table format draws it, and
 * the row formats (csv, ndjson, markdown) print its rows.
 */
export interface DocumentView<T> {
  kind: 'document';
  /** The document, or a function that makes it (json only pays for it then). */
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
  rows?: Omit<RowsView<T>, 'kind'>;
}

export type View<T = any> = RowsView<T> | DocumentView<T>;

/** Prints a view in ui.out.format; returns the number of rows printed (0 for a document). */
export async function render<T>(ui: Ui, view: View<T>): Promise<number> {
  const format = ui.out.format;
  if (view.kind === 'document') {
    if (format === 'json') {
      const doc = typeof view.document === 'function' ? await (view.document as () => unknown)() : view.document;
      await print(ui, `${jsonText(doc, 2)}\n`);
      return 0;
    }
    if (format === 'markdown' && view.markdown) {
      await view.markdown(ui);
      return 0;
    }
    if (format === 'table' || !view.rows) {
      await view.prepare?.();
      await view.table(ui);
      return 0;
    }
    return writeRows(ui, view.rows.columns, view.rows.rows, view.rows);
  }
  if (format === 'github' && view.annotate) {
    let count = 0;
    for await (const row of view.rows) {
      count++;
      const a = view.annotate(row);
      await print(ui, annotation(a.level, a.message, a.props));
    }
    return count;
  }
  return writeRows(ui, view.columns, view.rows, view);
}
