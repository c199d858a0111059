import type { FlagState } from '../../flags/list.js';

// What `flagctl refs --diff <base>` reports: per flag, the references a change adds and removes,
// whether the flag lost its last reference (extinct) or is new to the code; names in SDK calls
// that are no flag; and the changed files that could not be matched.

/** A reference on one side: the file and line where it exists (top-relative path). */
export interface Place {
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  /** The line, trimmed (cut around the name when long). */
  text: string;
  match: 'exact' | 'alias';
}

export interface FlagDiff {
  name: string;
  project: string;
  state: FlagState;
  archived: boolean;
  lifecycle: string | null;
  /** References in the work tree that the base did not have (by flag and line content). */
  added: Place[];
  /** References at base that the work tree no longer has. */
  removed: Place[];
  /** Referenced at base; no reference left anywhere in the work tree. */
  extinct: boolean;
  /** No reference anywhere at base. */
  newToCode: boolean;
}

/** A name in a flag call (isEnabled("…"), …) on an added line that names no flag of the file's project. */
export interface UnknownName {
  name: string;
  file: string;
  line: number;
  column: number;
  text: string;
  /** The project the file is judged against (flagctl.json), or null for every project. */
  project: string | null;
}

export type SkipReason = 'binary' | 'large' | 'special' | 'unreadable';

export interface SkippedFile {
  file: string;
  /** `base`: the file at the base commit; `tree`: in the work tree; `search`: read for extinction. */
  side: 'base' | 'tree' | 'search';
  reason: SkipReason;
}

export interface RefsDiff {
  /** The revision as given, and the commit it named. */
  base: string;
  baseCommit: string;
  /** The directory compared (--root), top-relative; '' for the whole work tree. */
  root: string;
  /** Changed files (tracked changes and untracked files) under the root. */
  changedFiles: number;
  flags: FlagDiff[];
  unknown: UnknownName[];
  skipped: SkippedFile[];
}

/** Whether a gate cannot be trusted: some file could not be read at all. */
export const unreadable = (d: Pick<RefsDiff, 'skipped'>): SkippedFile[] =>
  d.skipped.filter((s) => s.reason === 'unreadable');
