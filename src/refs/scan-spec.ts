// What a scan of files is asked and answers (scan-core.ts does the scanning). Apart, as types
// only: scan-core.ts's createScanner runs from its own source text in worker threads.

/** What the main thread sends to build a scanner; plain data, so it crosses to a worker. */
export interface ScanSpec {
  /** Flag names, by flag id (their position here). */
  names: string[];
  /** `--aliases`: identifier forms and the flag ids each one stands for. */
  aliases: [form: string, ids: number[]][];
  /** Characters that open and close a reference (`"`, `'`, backtick by default). */
  delimiters: string[];
  maxFileBytes: number;
}

export interface FoundRef {
  /** Flag ids (more than one only when two flags share an alias form). */
  ids: number[];
  kind: 'exact' | 'alias';
  line: number;
  column: number;
  text: string;
}

/** `gone`: not there when it was to be read (deleted since the listing): nothing was missed. */
/** `link`: a symbolic link, not followed (a rule, as rg's default: told on stderr, never a failure). */
export type SkipReason = 'binary' | 'large' | 'unreadable' | 'special' | 'gone' | 'link';
export type FileScan = { skipped: SkipReason } | { refs: FoundRef[] };

export interface Scanner {
  /** `follow`: a symbolic link is read (a file named on the command line, as rg does). */
  scanFile(path: string, follow?: boolean): FileScan;
  /** The matching alone, over bytes already in memory (tests, and text that is not a file). */
  scanBytes(bytes: Uint8Array, path?: string): FoundRef[];
}

/**
 * The delimiter search done elsewhere than in the scanner's JavaScript loop (scan-wasm.ts).
 * The file must be read into `buffer()`, which it searches in place.
 */
export interface Finder {
  /** Room for a file of `bytes` bytes; a larger one keeps the bytes the last one held. */
  buffer(bytes: number): Buffer;
  /**
   * Calls `each` with every stretch between delimiters of the file's first n bytes that a
   * name's length, first and last byte allow, in the JavaScript loop's order; returns the
   * last delimiter's position (`lastAny` where there is none).
   */
  stretches(n: number, lastAny: number, each: (from: number, length: number) => void): number;
}

/** A Finder for these one-byte delimiters and by-length tables, where one can serve them. */
export type MakeFinder = (
  delimiters: number[],
  eMax: number,
  starts: Uint8Array,
  ends: Uint8Array,
  B: typeof Buffer,
) => Finder | undefined;
