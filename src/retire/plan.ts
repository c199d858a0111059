import { activeFeatures, anyDependencies, archivedAmong, childrenOf, completedFeatures, typeLifetimes } from '../api/archive.js';
import type { ApiClient } from '../api/client.js';
import type { FlagInfo } from '../api/flags.js';
import type { RateLimitPacer } from '../api/rate-limit.js';
import { NotFoundError } from '../errors.js';
import { findReferences, type MatchOptions } from '../refs/references.js';
import { emptyStats, type TreeOptions } from '../refs/scan.js';
import { eachLimited } from '../snapshot/limit.js';
import { VERSION } from '../version.js';
import { judge, type Candidate } from './judge.js';
import { PLAN_KIND, PLAN_VERSION, planDigest, type Plan, type PlanFlag } from './model.js';
import { flagState, searchSource } from './state.js';

// `retire plan`'s work: the candidates of one project (stale, potentially stale, lifecycle
// completed, and --include), their children, and their references in the tree through refs'
// own engine (walk, ignore rules, delimiters, aliases). Nothing is written.
//
// The reads do not grow with the project: its feature list in one request (the same source
// apply re-reads, so both compute the same state), the flag types, one search filtered to
// lifecycle completed (search is limited to 15 a minute on 8.x), and the instance's one
// "any dependencies?" answer. Only when that is true is each candidate's document read, for
// its children (and its lifecycle), at most 8 at a time over the client's connections.

export interface PlanRequest {
  client: ApiClient;
  server: string;
  project: string;
  include: string[];
  unseenDays: number;
  now: number;
  pacer: RateLimitPacer;
  tree: TreeOptions;
  match: MatchOptions;
  maxFileKb: number;
}

/** The transport's keep-alive connections: more in flight would only queue. */
const DOCUMENTS_IN_FLIGHT = 8;

const ORDER = { archive: 0, 'remove-code': 1, blocked: 2 } as const;

export async function makePlan(r: PlanRequest): Promise<Plan> {
  const { client, project } = r;
  const [lifetimes, active, completed, dependencies] = await Promise.all([
    typeLifetimes(client),
    activeFeatures(client, project),
    completedFeatures(client, project, r.pacer),
    anyDependencies(client, project),
  ]);
  const candidates = new Map<string, Candidate>();
  const wanted = new Set(r.include);
  for (const f of active.values()) {
    const state = flagState(f, project, false, lifetimes, r.now);
    const lifecycle = completed.get(f.name) ?? null;
    const reasons = [
      ...(state.stale ? ['stale'] : []),
      ...(state.potentiallyStale ? ['potentially stale'] : []),
      ...(lifecycle?.stage === 'completed' ? [`lifecycle completed${lifecycle.status ? ` (${lifecycle.status})` : ''}`] : []),
      ...(wanted.has(f.name) ? ['--include'] : []),
    ];
    if (reasons.length === 0) continue;
    candidates.set(f.name, { state, type: f.type ?? null, reasons, lifecycle, children: [] });
  }
  // The candidates' documents are read while the tree is scanned (the scan needs only names).
  const live = [...candidates.values()];
  const documents = dependencies
    ? eachLimited(live, DOCUMENTS_IN_FLIGHT, async (c) => {
        const doc = await childrenOf(client, project, c.state.name);
        c.children = doc.children;
        c.lifecycle ??= doc.lifecycle;
      })
    : Promise.resolve();
  documents.catch(() => undefined); // awaited after the scan
  const missing = r.include.filter((n) => !candidates.has(n));
  if (missing.length > 0) {
    const archived = await archivedAmong(client, project, missing, r.pacer);
    const unknown = missing.filter((n) => !archived.has(n));
    if (unknown.length > 0) throw new NotFoundError(`--include: no flag named ${unknown.map((n) => `"${n}"`).join(', ')} in project "${project}"`);
    for (const f of archived.values()) {
      const state = flagState(searchSource(f), project, true, lifetimes, r.now);
      candidates.set(f.name, { state, type: f.type ?? null, reasons: ['--include'], lifecycle: f.lifecycle ? { stage: f.lifecycle.stage, status: f.lifecycle.status ?? null } : null, children: [] });
    }
  }

  const infos: FlagInfo[] = [...candidates.values()].map((c) => ({
    name: c.state.name,
    project,
    type: c.type,
    state: c.state.stale ? 'stale' : c.state.potentiallyStale ? 'potentially-stale' : 'active',
    archived: c.state.archived,
    lifecycle: c.lifecycle?.stage ?? null,
    lastSeenAt: null,
    createdAt: null,
  }));
  const stats = emptyStats();
  const files = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  if (infos.length > 0) {
    for await (const ref of findReferences(infos, r.match, r.tree, stats)) {
      counts.set(ref.flag, (counts.get(ref.flag) ?? 0) + 1);
      let s = files.get(ref.flag);
      if (!s) files.set(ref.flag, (s = new Set()));
      s.add(ref.file);
    }
  }
  await documents;
  const unreadCount = stats.skipped.unreadable + stats.skipped.large;
  const unreadWhy = [
    stats.skipped.unreadable ? `${stats.skipped.unreadable} unreadable` : '',
    stats.skipped.large ? `${stats.skipped.large} over ${r.maxFileKb} KiB (--max-file-kb)` : '',
  ].filter(Boolean).join(', ');
  const paths = r.tree.paths.map((p) => p.path);
  const how = `delimiters ${r.match.delimiters.join(' ')}${r.match.aliases ? ', with aliases' : ''}${r.tree.noIgnore ? ', ignore files not honoured' : ', ignore files honoured'}; binary files and links left out`;
  const j = { now: r.now, unseenDays: r.unseenDays, scan: { paths, how, files: stats.files, unread: unreadCount > 0 ? { count: unreadCount, why: unreadWhy } : null } };
  const flags: PlanFlag[] = [...candidates.values()]
    .map((c) => judge(c, [...(files.get(c.state.name) ?? [])].sort(), counts.get(c.state.name) ?? 0, j))
    .sort((a, b) => ORDER[a.verdict] - ORDER[b.verdict] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const plan: Omit<Plan, 'digest'> = {
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    flagctl: VERSION,
    createdAt: new Date(r.now).toISOString(),
    server: r.server,
    project,
    paths,
    options: { unseenDays: r.unseenDays, delimiters: r.match.delimiters, aliases: r.match.aliases, noIgnore: r.tree.noIgnore ?? false, exclude: r.tree.exclude ?? [], maxFileKb: r.maxFileKb },
    scan: { files: stats.files, skipped: { ...stats.skipped } },
    flags,
  };
  return { ...plan, digest: planDigest(plan) };
}
