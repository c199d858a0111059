import type { Ui } from '../context.js';
import { inertJson, noLineCommand } from '../sanitize.js';
import type { View } from '../view.js';

// One output format. Adapters are gathered in formats.ts, keyed by format.

export interface Adapter {
  /**
   * What every text it prints goes through: the server's values exactly (made inert, as JSON
   * escapes), tokens masked, or made safe for people. `redact` masks the run's tokens.
   */
  mask(text: string, tty: boolean, redact: (text: string) => string): string;
  /**
   * What it prints of a document that has rows: the document itself, its rows, or a rendering
   * of its own. Asked before anything is fetched (a row format needs one list of rows).
   */
  readonly shows: 'document' | 'rows' | 'own';
  /** It reads each row whole (every field, and what follows the rows), not only the chosen columns. */
  wholeRows(ui: Ui): boolean;
  /** It prints every field of each row (not the chosen columns): what a command adds to a row is seen. */
  printsAllFields(ui: Ui): boolean;
  /** Rows appear as they come, not in a table drawn to their widths: a progress line makes way for them. */
  readonly streams: boolean;
  /** Its rendering of a document holds the document's note. */
  readonly drawsNotes?: boolean;
  /** Prints the view; the number of rows printed (0 for a document). */
  render(ui: Ui, view: View): Promise<number>;
}

/** The server's values, value for value: only characters written as JSON escapes (sanitize.ts inertJson). */
export const exact = (text: string, tty: boolean): string => inertJson(text, tty);
/** Text whose every line is what it means to be (csv's own guard, GitHub's workflow commands): tokens masked. */
export const tokensMasked = (text: string, _tty: boolean, redact: (text: string) => string): string => redact(text);
/** Text for people: tokens masked, and no line that opens with a workflow command. */
export const forPeople = (text: string, _tty: boolean, redact: (text: string) => string): string =>
  noLineCommand(redact(text));

/** A row whole, or the fields --columns picked. */
export const picked = (ui: Ui): boolean => Boolean(ui.out.columns?.length);
