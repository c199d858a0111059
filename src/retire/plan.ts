import { resolve } from 'node:path';
import { cleanupCommand } from '../cleanup/command-line.js';
import {
  activeFlags,
  anyDependencies,
  archivedAmong,
  childrenOf,
  completedFlags,
  typeLifetimes,
} from '../api/archive.js';
import type { ApiClient } from '../api/http/client.js';
import type { FlagLifecycle } from '../api/flag-list.js';
import type { FlagInfo } from '../flags/list.js';
import type { RateLimitPacer } from '../api/http/rate-limit.js';
import { NotFoundError } from '../errors.js';
import { findReferences, type MatchOptions } from '../refs/references.js';
import { emptyStats, type TreeOptions } from '../refs/scan.js';
import { eachLimited } from '../api/http/limit.js';
import { VERSION } from '../version.js';
import { enabledEnvironments, historyMark, instanceId } from '../api/instance.js';
import { blindEnvironments, judge, projectEnvironments, type Candidate } from './judge.js';
import { PLAN_KIND, PLAN_VERSION, planDigest, type FlagState, type Plan, type PlanFlag } from './model.js';
import { flagState, searchSource } from './state.js';

// `retire plan`'s work: the candidates of one project (stale, potentially stale, lifecycle
// completed, and --include), their children, and their references in the tree through refs'
// own engine (walk, ignore rules, delimiters, aliases). Nothing is written.
//
// The reads do not grow with the project: its feature list in one request (the same source
// apply re-reads, so both compute the same state), the flag types, one search filtered to
// lifecycle completed (search is limited to 15 a minute on 8.x), the instance's one
// "any dependencies?" answer, its id and environments (what apply checks the plan against), and
// the history's newest event, just before the list. Only when that is true is each candidate's document read, for
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
  /** Files whose names are not references (--out: the plan file, which names every candidate, may lie in the paths). */
  skipFiles?: string[];
}

/** The transport's keep-alive connections: more in flight would only queue. */
const DOCUMENTS_IN_FLIGHT = 8;

const ORDER = { archive: 0, 'remove-code': 1, blocked: 2 } as const;

export async function makePlan(r: PlanRequest): Promise<Plan> {
  const { client, project } = r;
  // The filtered search is the one read that can be slow (rate-limited on 8.x; seconds on a
  // server whose tables were just filled): neither the scan nor the documents of candidates
  // the feature list already shows wait for it, only the candidates it alone adds.
  const completedRead = completedFlags(client, project, r.pacer);
  const dependencyRead = anyDependencies(client, project);
  completedRead.catch(() => undefined); // awaited below
  dependencyRead.catch(() => undefined);
  // Where the history stands, read before the list the plan judges: apply takes every event
  // after it as since the plan, by the server's ids rather than by this machine's clock.
  const markRead = historyMark(client, project);
  const [lifetimes, active, instance, instanceEnvs, mark] = await Promise.all([
    typeLifetimes(client),
    markRead.then(() => activeFlags(client, project)),
    instanceId(client),
    enabledEnvironments(client),
    markRead,
  ]);
  const environments = { instance: instanceEnvs, project: projectEnvironments(active) };
  const wanted = new Set(r.include);
  const states = new Map<string, FlagState>();
  const early: string[] = [];
  for (const f of active.values()) {
    const state = flagState(f, project, false, lifetimes, r.now);
    states.set(f.name, state);
    if (state.stale || state.potentiallyStale || wanted.has(f.name)) early.push(f.name);
  }
  const missing = [...wanted].filter((n) => !active.has(n));

  // Each candidate's document (children, lifecycle), only when the instance has dependencies:
  // those the list already shows are read at once, the search's own after it.
  const stop = new AbortController();
  const documents = new Map<string, { children: string[]; lifecycle: FlagLifecycle | null }>();
  const readDocuments = (names: string[]) => {
    const done = dependencyRead.then((any) =>
      any
        ? eachLimited(names, DOCUMENTS_IN_FLIGHT, async (name) => {
            documents.set(name, await childrenOf(client, project, name));
          })
        : undefined,
    );
    done.catch(() => stop.abort()); // thrown after the scan, which it ends at its next batch
    return done;
  };
  const reading = [readDocuments(early)];

  // When the list already shows a candidate (a flag marked stale or potentially stale, or a name
  // --include gives: one that is not active is archived, or the plan fails), the scan starts
  // now and looks for every active flag's name and the included ones, since a completed flag
  // may be any of them; each name is matched on its own, so a candidate's references are the
  // same whatever else is looked for. Otherwise it waits for the candidates, and a tree is not
  // walked when there is none.
  const stats = emptyStats();
  const skipped = new Set((r.skipFiles ?? []).map((f) => resolve(f)));
  const files = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  const scan = (flags: FlagInfo[]) =>
    (async () => {
      for await (const ref of findReferences(flags, r.match, { ...r.tree, signal: stop.signal }, stats)) {
        if (skipped.has(resolve(ref.file))) continue;
        counts.set(ref.name, (counts.get(ref.name) ?? 0) + 1);
        let s = files.get(ref.name);
        if (!s) files.set(ref.name, (s = new Set()));
        s.add(ref.file);
      }
    })();
  const info = (name: string, state: FlagState | undefined, type: string | null): FlagInfo => ({
    name,
    project,
    type,
    state: state?.stale ? 'stale' : state?.potentiallyStale ? 'potentially-stale' : 'active',
    archived: state?.archived ?? true,
    lifecycle: null,
    lastSeenAt: null,
    createdAt: null,
  });
  let scanning: Promise<void> | undefined;
  if (early.length > 0 || missing.length > 0) {
    scanning = scan([
      ...[...active.values()].map((f) => info(f.name, states.get(f.name), f.type ?? null)),
      ...missing.map((n) => info(n, undefined, null)),
    ]);
    scanning.catch(() => undefined); // awaited below
  }

  const candidates = new Map<string, Candidate>();
  try {
    const completed = await completedRead;
    for (const f of active.values()) {
      const state = states.get(f.name)!;
      const lifecycle = completed.get(f.name) ?? null;
      const reasons = [
        ...(state.stale ? ['stale'] : []),
        ...(state.potentiallyStale ? ['potentially stale'] : []),
        ...(lifecycle?.stage === 'completed'
          ? [`lifecycle completed${lifecycle.status ? ` (${lifecycle.status})` : ''}`]
          : []),
        ...(wanted.has(f.name) ? ['--include'] : []),
      ];
      if (reasons.length === 0) continue;
      candidates.set(f.name, { state, type: f.type ?? null, reasons, lifecycle, children: [] });
    }
    const known = new Set(early);
    const late = [...candidates.keys()].filter((n) => !known.has(n));
    if (late.length > 0) reading.push(readDocuments(late));
    if (missing.length > 0) {
      const archived = await archivedAmong(client, project, missing, r.pacer);
      const unknown = missing.filter((n) => !archived.has(n));
      if (unknown.length > 0)
        throw new NotFoundError(
          `--include: no flag named ${unknown.map((n) => `"${n}"`).join(', ')} in project "${project}"`,
        );
      for (const f of archived.values()) {
        const state = flagState(searchSource(f), project, true, lifetimes, r.now);
        candidates.set(f.name, {
          state,
          type: f.type ?? null,
          reasons: ['--include'],
          lifecycle: f.lifecycle ? { stage: f.lifecycle.stage, status: f.lifecycle.status ?? null } : null,
          children: [],
        });
      }
    }
    if (!scanning && candidates.size > 0)
      scanning = scan([...candidates.values()].map((c) => info(c.state.name, c.state, c.type)));
    await scanning;
    await Promise.all(reading);
  } catch (err) {
    stop.abort(); // a failed read ends the scan at its next batch
    await scanning?.catch(() => undefined);
    throw err;
  }
  for (const [name, doc] of documents) {
    const c = candidates.get(name);
    if (!c) continue;
    c.children = doc.children;
    c.lifecycle ??= doc.lifecycle;
  }
  // Every file not read that no rule left out: a name that is not UTF-8 cannot be opened by it.
  const unreadCount = stats.skipped.unreadable + stats.skipped['bad-name'] + stats.skipped.large;
  const unreadWhy = [
    stats.skipped.unreadable ? `${stats.skipped.unreadable} unreadable` : '',
    stats.skipped['bad-name'] ? `${stats.skipped['bad-name']} with a name that is not UTF-8` : '',
    stats.skipped.large ? `${stats.skipped.large} over ${r.maxFileKb} KiB (--max-file-kb)` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const paths = r.tree.paths.map((p) => p.path);
  const how = `delimiters ${r.match.delimiters.join(' ')}${r.match.aliases ? ', with aliases' : ''}${r.tree.noIgnore ? ', ignore files not honoured' : ', ignore files honoured'}; binary files and links left out`;
  const j = {
    now: r.now,
    unseenDays: r.unseenDays,
    blind: blindEnvironments(environments),
    scan: { paths, how, files: stats.files, unread: unreadCount > 0 ? { count: unreadCount, why: unreadWhy } : null },
  };
  const flags: PlanFlag[] = [...candidates.values()]
    .map((c) => judge(c, [...(files.get(c.state.name) ?? [])].sort(), counts.get(c.state.name) ?? 0, j))
    .map((f) => ({
      ...f,
      cleanup: f.verdict === 'remove-code' && f.keep ? cleanupCommand(f.name, f.keep, paths) : null,
    }))
    .sort((a, b) => ORDER[a.verdict] - ORDER[b.verdict] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const plan: Omit<Plan, 'digest'> = {
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    flagctl: VERSION,
    createdAt: new Date(r.now).toISOString(),
    server: r.server,
    instance,
    historyMark: mark,
    project,
    environments,
    paths,
    options: {
      unseenDays: r.unseenDays,
      include: [...wanted].sort(),
      delimiters: r.match.delimiters,
      aliases: r.match.aliases,
      noIgnore: r.tree.noIgnore ?? false,
      exclude: r.tree.exclude ?? [],
      maxFileKb: r.maxFileKb,
    },
    scan: { files: stats.files, skipped: { ...stats.skipped } },
    flags,
  };
  return { ...plan, digest: planDigest(plan) };
}
