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
  scanBytes(bytes: Uint8Array): FoundRef[];
}
