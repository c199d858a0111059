import { cleanupCommand } from '../cleanup/command-line.js';
import type { FlagInfo, FlagState } from '../flags/list.js';

// What `flagctl refs` reports: references (a flag's name at a place in a file) and, for the
// cleanup view, one row per flag with a verdict.

export interface Reference {
  /** The flag's name (`name` in every record flagctl defines). */
  name: string;
  /** null for an unknown name: no project has a flag of that name. */
  project: string | null;
  /** `unknown`: a name in a flag call (`--fail-on unknown`) that no flag has. */
  state: FlagState | typeof UNKNOWN_NAME;
  archived: boolean;
  lifecycle: string | null;
  /** The path given joined with the file's path under it, `/`-separated. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units of the line as decoded (UTF-8, or Latin-1 when it is not UTF-8). */
  column: number;
  /** The line, trimmed; a long line is cut around the name. */
  text: string;
  /** `exact`: the name between delimiters; `alias`: a case form as a whole identifier (--aliases). */
  match: 'exact' | 'alias';
}

/** The state of a reference whose name, in a flag call, is no flag on the server (`--fail-on unknown`). */
export const UNKNOWN_NAME = 'unknown';

/** `fix-name`: an unknown name in a flag call (`--fail-on unknown`): a typo, or a flag still to be created. */
export type Verdict = 'remove-code' | 'fix-name' | 'archive' | 'restore-or-remove' | 'keep';

/** For a completed flag, the code path to keep when removing the flag: `kept` keeps the enabled one. */
export type KeepBranch = 'enabled' | 'disabled';

export interface FlagRow {
  name: string;
  /** null for an unknown name. */
  project: string | null;
  type: string | null;
  state: Reference['state'];
  lifecycle: string | null;
  archived: boolean;
  references: number;
  files: number;
  lastSeenAt: string | null;
  verdict: Verdict;
  /** Completed flags: which branch of the code to keep (from the lifecycle status); null otherwise. */
  keepBranch: KeepBranch | null;
  /** remove-code with a known branch: the exact `flagctl cleanup …` command; null otherwise. */
  cleanup: string | null;
}

type Judged = Pick<FlagInfo, 'archived'> & { state: Reference['state'] } & Partial<
    Pick<FlagInfo, 'lifecycle' | 'lifecycleStatus'>
  >;

/** Whether the server's lifecycle says the flag is done (stage `completed`, kept or discarded). */
export const isCompleted = (flag: Judged) => !flag.archived && flag.lifecycle === 'completed';

/** What can be done with a flag, given how many references it has. */
export function verdictOf(flag: Judged, references: number): Verdict {
  if (flag.archived) return references > 0 ? 'restore-or-remove' : 'keep';
  if (flag.state === 'active' && !isCompleted(flag)) return 'keep';
  return references > 0 ? 'remove-code' : 'archive';
}

/** `kept` → the enabled path stays; `discarded` → the disabled one. Any other status says nothing. */
export function keepBranchOf(flag: Judged): KeepBranch | null {
  if (!isCompleted(flag)) return null;
  return flag.lifecycleStatus === 'kept' ? 'enabled' : flag.lifecycleStatus === 'discarded' ? 'disabled' : null;
}

/** The states annotations and SARIF warn of (archived is a flag's fact rather than a state, but gates the same way). */
export const GATE_STATES = ['stale', 'potentially-stale', 'archived'] as const;
export type GateState = (typeof GATE_STATES)[number] | 'completed';

/** Whether a reference to this flag is one the user asked to be warned of (annotations, SARIF) or gated on. */
export function isFlagged(flag: Judged, states: readonly GateState[] = GATE_STATES): boolean {
  return (
    (flag.archived && states.includes('archived')) ||
    ((flag.state === 'stale' || flag.state === 'potentially-stale') && states.includes(flag.state)) ||
    (isCompleted(flag) && states.includes('completed'))
  );
}

const ORDER: Record<Verdict, number> = { 'remove-code': 0, 'fix-name': 1, 'restore-or-remove': 2, archive: 3, keep: 4 };

/** Per-flag counts gathered while references stream past. */
export class Tally {
  private readonly counts = new Map<string, { refs: number; files: Set<string> }>();

  add(ref: Pick<Reference, 'name' | 'file'>): void {
    let c = this.counts.get(ref.name);
    if (!c) this.counts.set(ref.name, (c = { refs: 0, files: new Set() }));
    c.refs++;
    c.files.add(ref.file);
  }

  references(flag: string): number {
    return this.counts.get(flag)?.refs ?? 0;
  }

  /**
   * The cleanup view: every flag that is not active, or is archived, or is referenced;
   * `allFlags` adds the rest. Most urgent verdicts first, then by name.
   */
  rows(flags: FlagInfo[], allFlags: boolean, paths: string[] = []): FlagRow[] {
    const rows: FlagRow[] = [];
    for (const f of flags) {
      const c = this.counts.get(f.name);
      const references = c?.refs ?? 0;
      if (!allFlags && f.state === 'active' && !f.archived && references === 0) continue;
      rows.push({
        name: f.name,
        project: f.project,
        type: f.type,
        state: f.state,
        lifecycle: f.lifecycle,
        archived: f.archived,
        references,
        files: c?.files.size ?? 0,
        lastSeenAt: f.lastSeenAt,
        verdict: verdictOf(f, references),
        keepBranch: keepBranchOf(f),
        cleanup: null,
      });
      const row = rows[rows.length - 1]!;
      if (row.verdict === 'remove-code' && row.keepBranch) row.cleanup = cleanupCommand(f.name, row.keepBranch, paths);
    }
    return sortRows(rows);
  }
}

function sortRows(rows: FlagRow[]): FlagRow[] {
  return rows.sort((a, b) => ORDER[a.verdict] - ORDER[b.verdict] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The summary's rows with one more per unknown name (verdict fix-name), in the same order. */
export function withUnknownRows(rows: FlagRow[], unknown: Reference[]): FlagRow[] {
  if (unknown.length === 0) return rows;
  const tally = new Tally();
  for (const r of unknown) tally.add(r);
  const names = [...new Set(unknown.map((r) => r.name))];
  const extra = names.map((flag): FlagRow => ({
    name: flag,
    project: null,
    type: null,
    state: UNKNOWN_NAME,
    lifecycle: null,
    archived: false,
    references: tally.references(flag),
    files: new Set(unknown.filter((r) => r.name === flag).map((r) => r.file)).size,
    lastSeenAt: null,
    verdict: 'fix-name',
    keepBranch: null,
    cleanup: null,
  }));
  return sortRows([...rows, ...extra]);
}
