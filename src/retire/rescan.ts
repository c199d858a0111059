import { findReferences } from '../refs/references.js';
import { emptyStats } from '../refs/scan.js';
import { resolve } from 'node:path';
import { pathKind } from '../refs/walk.js';
import type { Plan } from './model.js';

// Apply's second look at the code: the plan's paths, searched again with the plan's own options
// (delimiters, aliases, ignore rules, excludes, size limit) by refs' engine, for the flags about
// to be archived. A reference added since the plan stops its flag. Paths that do not exist where
// apply runs (a CI job without a checkout) are said, not taken for "no references".

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

/**
 * `skipFiles`: the plan file and the result file, which name every flag and may lie in the
 * paths; refs' engine leaves out flagctl's other plans and results there (refs/own-records.ts).
 */
export async function rescan(plan: Plan, names: string[], threads: number, skipFiles: string[] = []): Promise<Rescan> {
  const skip = new Set(skipFiles.map((f) => resolve(f)));
  const referenced = new Map<string, { count: number; files: string[] }>();
  const kinds = plan.paths.map((path) => ({ path, kind: pathKind(path) }));
  const missing = kinds.filter((k) => k.kind !== 'dir' && k.kind !== 'file').map((k) => k.path);
  const present = kinds.filter(
    (k): k is { path: string; kind: 'dir' | 'file' } => k.kind === 'dir' || k.kind === 'file',
  );
  const stats = emptyStats();
  if (names.length === 0 || present.length === 0) return { referenced, unread: 0, missing, files: 0 };
  const o = plan.options;
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
  const match = { delimiters: o.delimiters, aliases: o.aliases, maxFileBytes: o.maxFileKb * 1024 };
  for await (const ref of findReferences(
    flags,
    match,
    { paths: present, noIgnore: o.noIgnore, exclude: o.exclude, threads },
    stats,
  )) {
    if (skip.has(resolve(ref.file))) continue;
    let r = referenced.get(ref.name);
    if (!r) referenced.set(ref.name, (r = { count: 0, files: [] }));
    r.count++;
    if (!r.files.includes(ref.file)) r.files.push(ref.file);
  }
  const unread = stats.skipped.unreadable + stats.skipped['bad-name'] + stats.skipped.large;
  return { referenced, unread, missing, files: stats.files };
}
