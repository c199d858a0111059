import { findReferences } from '../refs/references.js';
import { emptyStats } from '../refs/scan.js';
import { resolve } from 'node:path';
import { pathKind } from '../refs/walk.js';
import type { Plan, PlanFlag } from './model.js';
import type { Skip } from './outcome.js';

// Apply's second look at the code: the plan's paths, searched again with the plan's own options
// (delimiters, aliases, ignore rules, excludes, size limit) by refs' engine, for the flags about
// to be archived. A reference added since the plan stops its flag. Paths that do not exist where
// apply runs (a CI job without a checkout) are said, not taken for "no references". Apply
// starts it beside its reads (earlyRescan), before the judgement has said which flags it keeps.

export interface Rescan {
  /** Each flag now referenced: how many references, in which files. */
  referenced: Map<string, { count: number; files: string[] }>;
  /** Files that could not be read: "no references" cannot be claimed again. */
  unread: number;
  /** The plan's paths that are not here. */
  missing: string[];
  /** Files searched. */
  files: number;
}

export interface RescanOptions {
  /** Worker threads for the search. */
  threads: number;
  /**
   * The plan file and the result file, which name every flag and may lie in the paths; refs'
   * engine leaves out flagctl's other plans and results there (refs/own-records.ts).
   */
  skipFiles?: string[];
  /** Once aborted, the search stops at its next batch (its answer is then not used). */
  signal?: AbortSignal;
  /** Says when the search is done (--debug). */
  debug?: (line: string) => void;
}

export async function rescan(plan: Plan, names: string[], o: RescanOptions): Promise<Rescan> {
  const skip = new Set((o.skipFiles ?? []).map((f) => resolve(f)));
  const referenced = new Map<string, { count: number; files: string[] }>();
  const kinds = plan.paths.map((path) => ({ path, kind: pathKind(path) }));
  const missing = kinds.filter((k) => k.kind !== 'dir' && k.kind !== 'file').map((k) => k.path);
  const present = kinds.filter(
    (k): k is { path: string; kind: 'dir' | 'file' } => k.kind === 'dir' || k.kind === 'file',
  );
  const stats = emptyStats();
  if (names.length === 0 || present.length === 0) return { referenced, unread: 0, missing, files: 0 };
  const p = plan.options;
  const flags = names.map((name) => ({
    name,
    project: plan.project,
    type: null,
    state: 'stale' as const,
    archived: false,
    lifecycle: null,
    lastSeenAt: null,
    createdAt: null,
  }));
  const match = { delimiters: p.delimiters, aliases: p.aliases, maxFileBytes: p.maxFileKb * 1024 };
  for await (const ref of findReferences(
    flags,
    match,
    { paths: present, noIgnore: p.noIgnore, exclude: p.exclude, threads: o.threads, signal: o.signal },
    stats,
  )) {
    if (skip.has(resolve(ref.file))) continue;
    let r = referenced.get(ref.name);
    if (!r) referenced.set(ref.name, (r = { count: 0, files: [] }));
    r.count++;
    if (!r.files.includes(ref.file)) r.files.push(ref.file);
  }
  const unread = stats.skipped.unreadable + stats.skipped['bad-name'] + stats.skipped.large;
  if (!o.signal?.aborted)
    o.debug?.(
      `references: the plan's paths searched again for ${names.length} flag${names.length === 1 ? '' : 's'} (${stats.files} file${stats.files === 1 ? '' : 's'})`,
    );
  return { referenced, unread, missing, files: stats.files };
}

/** A search started before it is known for which flags its answer will be wanted. */
export interface EarlyRescan {
  /**
   * Starts the search on the event loop's next turn: requests made in this one are on their way
   * by then (a request is opened a few promise steps after it is asked for), and the walk's
   * first steps, which run on this thread, do not hold them back.
   */
  start: () => void;
  /**
   * The answer for these names: its own when it searched for exactly them (starting it if it was
   * not), else it is stopped and they are searched for now, since aliases depend on the names.
   */
  answerFor: (names: string[]) => Promise<Rescan>;
  /** Ends the search when its answer will not be used. */
  stop: () => void;
}

export function earlyRescan(plan: Plan, names: string[], o: Omit<RescanOptions, 'signal'>): EarlyRescan {
  const abort = new AbortController();
  let found: Promise<Rescan> | undefined;
  const start = () => {
    if (found || abort.signal.aborted) return;
    found = rescan(plan, names, { ...o, signal: abort.signal });
    found.catch(() => undefined); // awaited when it is used; an unused one's failure decides nothing
  };
  const stop = () => abort.abort();
  return {
    start: () => void setImmediate(start),
    answerFor: (wanted) => {
      if (wanted.length !== names.length || wanted.some((n, i) => n !== names[i])) {
        stop();
        return rescan(plan, wanted, o);
      }
      start();
      return found!;
    },
    stop,
  };
}

/** The flags judged ready that no reference found by the search stops. */
export async function referencesAgain(
  flags: PlanFlag[],
  skipped: Skip[],
  notes: string[],
  early: EarlyRescan,
): Promise<PlanFlag[]> {
  if (flags.length === 0) {
    early.stop();
    return flags;
  }
  const found = await early.answerFor(flags.map((f) => f.name));
  if (found.missing.length > 0) {
    notes.push(
      `references not checked again in ${found.missing.join(', ')}: not found here (the plan's paths, from where retire plan ran)`,
    );
  }
  if (found.unread > 0) {
    for (const f of flags)
      skipped.push({
        name: f.name,
        reason: `references could not be checked again: ${found.unread} file${found.unread === 1 ? '' : 's'} of the plan's paths could not be read`,
      });
    return [];
  }
  const ready: PlanFlag[] = [];
  for (const f of flags) {
    const r = found.referenced.get(f.name);
    if (!r) ready.push(f);
    else
      skipped.push({
        name: f.name,
        reason: `referenced since the plan: ${r.count} reference${r.count === 1 ? '' : 's'} in ${r.files.join(', ')}`,
      });
  }
  return ready;
}
