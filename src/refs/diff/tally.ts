import type { FlagInfo } from '../../flags/list.js';
import { aliasForms } from '../aliases.js';
import type { Scanner } from '../scan-core.js';
import type { FlagDiff, Place } from './model.js';
import { pairUp, type Sided } from './pair.js';

// What the references in a change's files add up to, per flag (engine.ts reads the files).

export interface Ref {
  flag: FlagInfo;
  place: Place;
  /** The whole line (place.text is cut around the name when long): what pairing compares. */
  line: string;
}

/**
 * Per flag: what it gained and lost in the changed files, and the flags whose references went
 * from there (lastGone) or came there first (firstSeen): whether the rest of the tree holds
 * them decides extinct and new to the code.
 */
export function summary(base: Sided<Ref>[], tree: Sided<Ref>[]) {
  const { added, removed } = pairUp(base, tree);
  const rows = new Map<FlagInfo, FlagDiff>();
  const row = (f: FlagInfo) => {
    let r = rows.get(f);
    if (!r)
      rows.set(
        f,
        (r = {
          name: f.name,
          project: f.project,
          state: f.state,
          archived: f.archived,
          lifecycle: f.lifecycle,
          added: [],
          removed: [],
          extinct: false,
          newToCode: false,
        }),
      );
    return r;
  };
  for (const r of added) row(r.flag).added.push(r.place);
  for (const r of removed) row(r.flag).removed.push(r.place);
  const count = (list: Sided<Ref>[]) => {
    const m = new Map<FlagInfo, number>();
    for (const s of list) m.set(s.item.flag, (m.get(s.item.flag) ?? 0) + 1);
    return m;
  };
  const atBase = count(base);
  const inTree = count(tree);
  const lastGone = [...rows.keys()].filter((f) => rows.get(f)!.removed.length > 0 && !inTree.has(f));
  const firstSeen = [...rows.keys()].filter((f) => rows.get(f)!.added.length > 0 && !atBase.has(f));
  return { rows, lastGone, firstSeen, wanted: new Set([...lastGone, ...firstSeen]) };
}

export function placesIn(scanner: Scanner, flags: FlagInfo[], file: string, bytes: Buffer): Ref[] {
  const lines = wholeLines(bytes);
  return scanner.scanBytes(bytes, file).flatMap((r) =>
    r.ids.map((id) => ({
      flag: flags[id]!,
      place: { file, line: r.line, column: r.column, text: r.text, match: r.kind },
      line: lines(r.line),
    })),
  );
}

/**
 * The whole text of a file's 1-based line, for comparing lines (never shown): bytes as Latin-1,
 * one character a byte, so two lines are equal exactly when their bytes are. The line ends are
 * found once, on the first question.
 */
export function wholeLines(bytes: Buffer): (line: number) => string {
  let starts: number[] | undefined;
  return (line) => {
    if (!starts) {
      starts = [0];
      for (let nl = bytes.indexOf(10); nl >= 0; nl = bytes.indexOf(10, nl + 1)) starts.push(nl + 1);
    }
    const from = starts[line - 1] ?? bytes.length;
    const to = line < starts.length ? starts[line]! - 1 : bytes.length;
    return bytes.toString('latin1', from, to);
  };
}

/** Whether a name in a flag call is a flag the file can see: its exact name or, with --aliases, a case form. */
export function knownNames(
  flags: FlagInfo[],
  aliases: boolean,
): (name: string, project: string | null, projects?: string[]) => boolean {
  const byName = new Map<string, FlagInfo[]>();
  const add = (k: string, f: FlagInfo) => {
    const l = byName.get(k);
    if (l) l.push(f);
    else byName.set(k, [f]);
  };
  for (const f of flags) {
    add(f.name, f);
    if (aliases) for (const form of aliasForms(f.name)) add(form, f);
  }
  return (name, project, projects) =>
    (byName.get(name) ?? []).some((f) =>
      project !== null ? f.project === project : !projects || projects.includes(f.project),
    );
}
