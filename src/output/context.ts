import type { ChalkInstance } from 'chalk';
import { redactAll } from '../config/token.js';
import type { IO } from '../io.js';
import { clockOf, write } from '../io.js';
import type { Format } from './formats.js';
import { termSafe } from './sanitize.js';

export type { Format } from './formats.js';

export interface OutputOptions {
  format: Format;
  /** Column names chosen with --columns. */
  columns?: string[];
  headers: boolean;
  /** --csv-raw: no spreadsheet formula guard. */
  csvRaw: boolean;
}

/** What renderers know of where they write: no HTTP, no commander. */
export interface Ui {
  io: IO;
  /** stdout is a terminal: decorate for a person. */
  tty: boolean;
  color: boolean;
  style: ChalkInstance;
  now: number;
  out: OutputOptions;
  /** The adapter of out.format: what render() hands a view to. */
  adapter: UiAdapter;
  /**
   * The adapter's masking: print() applies it, and the terminal table to each cell before it
   * measures or cuts it. Formats for people mask the tokens of the run (config/token.ts
   * `redact`); json, ndjson, sarif and yaml print the server's document as it came, unmasked,
   * only writing some characters as escapes, the same values (formats/adapter.ts).
   */
  mask(text: string): string;
}

/**
 * A format's adapter as the run context holds it (formats/adapter.ts's Adapter types the view it
 * renders; typed here as unknown so this file does not import the views, which import the Ui).
 */
export interface UiAdapter {
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
  /** Prints the view (a View of view.ts); the number of rows printed (0 for a document). */
  render(ui: Ui, view: unknown): Promise<number>;
}

/**
 * Color only on a terminal, never with NO_COLOR or --no-color; FORCE_COLOR or CLICOLOR_FORCE
 * (set, and not 0) force it on, in a pipe too (docs/output-formats.md, "Colour and width").
 */
export function wantColor(io: IO, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  const on = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v !== 'false';
  if (on(io.env.FORCE_COLOR) || on(io.env.CLICOLOR_FORCE)) return true;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.TERM === 'dumb') return false;
  return io.stdoutIsTTY;
}

/** Styles without colour: every style is the identity, however chained (`s.bold.cyan(text)`). */
const plain: ChalkInstance = new Proxy((text: unknown) => String(text), {
  get: () => plain,
}) as unknown as ChalkInstance;

/**
 * chalk loads only when there is colour to draw: piped output, the common case in scripts, skips
 * it. `secrets` is the run's live set of tokens: one noted after this call is masked too.
 */
export async function makeUi(
  io: IO,
  out: OutputOptions,
  adapter: UiAdapter,
  colorFlag: boolean | undefined,
  secrets: Iterable<string>,
): Promise<Ui> {
  const color = wantColor(io, colorFlag);
  const style = color ? new (await import('chalk')).Chalk({ level: 1 }) : plain;
  const tty = io.stdoutIsTTY;
  const redact = (text: string) => redactAll(text, secrets);
  const mask = (text: string) => adapter.mask(text, tty, redact);
  return { io, tty: io.stdoutIsTTY, color, style, now: clockOf(io).now(), out, adapter, mask };
}

export function print(ui: Ui, text: string): Promise<void> | void {
  return write(ui.io.stdout, ui.mask(text));
}

/** A message for stderr, made safe for the terminal. */
export function notice(io: IO, text: string): void {
  io.stderr.write(`${termSafe(text)}\n`);
}
