import { isOwnRecord } from '../own-records.js';
import * as bufferModule from 'node:buffer';
import * as fs from 'node:fs';
import { join } from 'node:path';
import ignore from 'ignore';
import type { FlagInfo } from '../../flags/list.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { aliasForms } from '../aliases.js';
import { fillLifecycles, scanSpec, type LifecycleLookup, type MatchOptions } from '../references.js';
import { createScanner } from '../scan-core.js';
import { localFinder } from '../scan-wasm.js';
import { callMatcher, callsFrom } from '../calls.js';
import { mappedProjects, parseProjectMap, projectFor, readConfig, type ProjectMap } from './config.js';
import {
  changes,
  commitOf,
  filesHolding,
  isShallow,
  outsideCheckoutHolding,
  readBlobs,
  repoAt,
  type Blob,
  type Change,
} from './git.js';
import type { RefsDiff, SkippedFile, UnknownName } from './model.js';
import { lineKey, pairUp, type Sided } from './pair.js';
import { knownNames, placesIn, summary, type Ref } from './tally.js';
import { readTreeFile, textBytes, type Bytes } from './read.js';

// `flagctl refs --diff <base>`: the refs engine run over the files a change touches, at the
// base commit and in the work tree, and once more over the files that still hold the names of
// flags that lost references (or gained their first ones), found with one `git grep -F`.
// The cost follows the change: the rest of the tree is never read for the added side.

export interface DiffOptions {
  /** --root: the directory compared (default '.'). */
  dir: string;
  base: string;
  match: MatchOptions;
  noIgnore: boolean;
  /** --exclude globs, relative to dir. */
  exclude: string[];
  /** --project: the projects of files flagctl.json does not map (every project when absent). */
  projects?: string[];
  /** --calls: flag calls beyond the SDKs' and flagctl.json's `refs.calls`. */
  calls?: string[];
}

export interface FlagSource {
  /** Every flag of these projects (all when undefined). */
  flags(projects: string[] | undefined): Promise<FlagInfo[]>;
  /** The server's project ids. */
  projectIds(): Promise<string[]>;
  lifecycle: LifecycleLookup;
}

/** Checks what can be checked locally (no request is sent before it passes). */
export interface Prepared {
  top: string;
  /** The directory compared, top-relative with a trailing `/` ('' for the whole tree). */
  prefix: string;
  commit: string;
  map: ProjectMap;
  /** The flag calls whose names are checked (src/refs/calls.ts). */
  calls: string[];
}

export async function prepare(o: DiffOptions): Promise<Prepared> {
  // Both questions at once: a revision names the same commit from any directory of the tree.
  const [repo, commit] = await Promise.all([repoAt(o.dir), commitOf(o.dir, o.base)]);
  if (!repo)
    throw new UsageError(
      `--diff: "${o.dir}" is not inside a git work tree (or git is not installed); refs --diff compares a work tree with a commit (or run refs without --diff)`,
    );
  if (!commit) {
    if (await isShallow(repo.top)) {
      throw new UsageError(
        `--diff "${o.base}": not in this clone, which is shallow (it holds only the latest commits); fetch the history first: actions/checkout with fetch-depth: 0, or git fetch --deepen=100 (a branch: git fetch origin main, then --diff origin/main)`,
      );
    }
    throw new UsageError(
      `--diff "${o.base}": not a revision in this repository; give a commit, branch or tag, e.g. --diff origin/main or --diff HEAD~1`,
    );
  }
  const doc = readConfig(repo.top);
  return {
    ...repo,
    commit,
    map: parseProjectMap(doc ?? {}),
    calls: [...new Set([...callsFrom(doc), ...(o.calls ?? [])])],
  };
}

export async function refsDiff(
  o: DiffOptions,
  { top, prefix, commit, map, calls: callNames }: Prepared,
  source: FlagSource,
): Promise<RefsDiff> {
  const mapped = mappedProjects(map);
  const projects =
    mapped.length > 0 && o.projects
      ? [...new Set([...o.projects, ...mapped])]
      : mapped.length > 0
        ? undefined
        : o.projects;
  const flagsP = source.flags(projects);
  const knownP = mapped.length > 0 ? source.projectIds() : Promise.resolve([]);
  flagsP.catch(() => undefined);
  knownP.catch(() => undefined);

  const excluded = o.exclude.length > 0 ? ignore().add(o.exclude) : undefined;
  const inScope = (file: string) => {
    if (!file.startsWith(prefix)) return false;
    if (!excluded) return true;
    try {
      return !excluded.ignores(file.slice(prefix.length));
    } catch {
      return true;
    }
  };
  // Every git started here, so that a failure (a refused request, a git error) ends them all
  // and the command returns with nothing left running behind it.
  const stop = new AbortController();
  // The early grep's own: ended once its names prove not to be the final ones.
  const earlyStop = new AbortController();
  const running: Promise<unknown>[] = [];
  const started = <T>(p: Promise<T>) => {
    p.catch(() => undefined); // awaited where used, or settled after a failure
    running.push(p);
    return p;
  };
  const listing = changes(top, commit, prefix, o.noIgnore, stop.signal);
  started(listing.tracked);
  started(listing.untracked);
  try {
    return await compare();
  } catch (err) {
    stop.abort();
    earlyStop.abort();
    await Promise.allSettled(running);
    throw err;
  }

  async function compare(): Promise<RefsDiff> {
    const trackedChanged = (await listing.tracked).filter((c) => inScope(c.path));
    const readable = trackedChanged.filter(
      (c) => c.baseBlob !== null && c.baseMode !== '120000' && c.baseMode !== '160000',
    );
    // A file a sparse checkout keeps off disk is, for git, as its index holds it: not gone.
    const offDisk = new Set(trackedChanged.filter((c) => c.inTree && c.treeBlob && !onDisk(join(top, c.path))));
    const blobs = await readBlobs(
      top,
      [...readable.map((c) => c.baseBlob!), ...[...offDisk].map((c) => c.treeBlob!)],
      o.match.maxFileBytes,
    );

    const known = new Set(await knownP);
    const missing = mapped.filter((p) => !known.has(p));
    if (missing.length > 0) {
      await flagsP.catch(() => undefined); // no request left running behind the error
      const where = map.entries.filter(([, p]) => missing.includes(p)).map(([d, p]) => `${d || '.'} → ${p}`);
      throw new NotFoundError(
        `flagctl.json maps ${where.join(', ')}, but this server has no project ${missing.map((p) => `"${p}"`).join(', ')}; it has: ${[...known].join(', ') || '(none)'}`,
      );
    }
    const flags = await flagsP;
    const scanner = createScanner(scanSpec(flags, o.match), fs, bufferModule, localFinder());
    const allowed = (file: string, flag: FlagInfo) => {
      const p = projectFor(map, file);
      return p !== undefined ? flag.project === p : !o.projects || o.projects.includes(flag.project);
    };
    const skipped: SkippedFile[] = [];
    const refsIn = (file: string, side: SkippedFile['side'], got: Bytes) => {
      if ('skipped' in got) {
        skipped.push({ file, side, reason: got.skipped });
        return [];
      }
      if (isOwnRecord(file, got.bytes)) return [];
      return placesIn(scanner, flags, file, got.bytes).filter((r) => allowed(file, r.flag));
    };

    // Both sides of each changed file: references, and names in flag calls.
    const calls = callMatcher(callNames, o.match.delimiters);
    const knownName = knownNames(flags, o.match.aliases);
    const base: Sided<Ref>[] = [];
    const tree: Sided<Ref>[] = [];
    const baseCalls: Sided<UnknownName>[] = [];
    const treeCalls: Sided<UnknownName>[] = [];
    const treeBytes = (c: Change) =>
      offDisk.has(c)
        ? blobBytes(c.treeBlob!, c.treeMode!, blobs)
        : c.inTree
          ? readTreeFile(join(top, c.path), o.match.maxFileBytes)
          : undefined;
    const readChanged = (list: Change[]) => {
      for (const c of list) {
        const sides: [Bytes | undefined, Sided<Ref>[], Sided<UnknownName>[], SkippedFile['side']][] = [
          [baseBytes(c, blobs), base, baseCalls, 'base'],
          [treeBytes(c), tree, treeCalls, 'tree'],
        ];
        for (const [got, refs, found, side] of sides) {
          if (!got) continue;
          for (const r of refsIn(c.path, side, got))
            refs.push({ file: c.path, name: r.flag.name, key: lineKey(r.flag.name, r.line), item: r });
          if (!('bytes' in got) || isOwnRecord(c.path, got.bytes)) continue;
          const project = projectFor(map, c.path) ?? null;
          for (const { whole, ...k } of calls(got.bytes)) {
            if (knownName(k.name, project, o.projects)) continue;
            found.push({
              file: c.path,
              name: k.name,
              key: lineKey(k.name, whole),
              item: { ...k, file: c.path, project },
            });
          }
        }
      }
    };
    const words = (wanted: Iterable<FlagInfo>) =>
      [...wanted].flatMap((f) => (o.match.aliases ? [f.name, ...aliasForms(f.name)] : [f.name]));

    // The tracked files' answer first: the names it looks for elsewhere go to git grep while
    // git is still listing untracked files (the slower listing: a walk of the work tree). Only
    // a new file in the scope can change them, and then the names it adds are searched after.
    readChanged(trackedChanged);
    const first = summary(base, tree);
    const early =
      first.wanted.size > 0
        ? started(filesHolding(top, words(first.wanted), false, o.noIgnore, earlyStop.signal))
        : undefined;
    const untrackedFiles = await listing.untracked;
    const newFiles: Change[] = untrackedFiles
      .filter((path) => inScope(path))
      .map((path) => ({ path, baseBlob: null, baseMode: null, inTree: true }));
    readChanged(newFiles);
    const changed = [...trackedChanged, ...newFiles];
    const { rows, wanted, lastGone, firstSeen } = newFiles.length > 0 ? summary(base, tree) : first;
    const unknown = pairUp(baseCalls, treeCalls).added;

    // Lifecycle (for added-completed and the rows) of the flags shown only, 16 requests at a
    // time, while the rest of the tree is searched.
    const lifecycles = fillLifecycles(
      [...rows.keys()].filter((f) => !f.archived),
      source.lifecycle,
    );
    lifecycles.catch(() => undefined); // awaited after the search

    // One pass over the rest of the tree, for those flags' names only.
    const elsewhere = new Set<FlagInfo>();
    const touched = new Set(changed.map((c) => c.path));
    // Untracked files are searched only where some lie outside the changed ones (in a CI
    // checkout there are none): git then walks the work tree for them a second time.
    const untracked = untrackedFiles.some((file) => !touched.has(file));
    // The early grep's answer serves when the new files only added names (a second grep for
    // those); where they took some away, it would list files holding names no longer looked
    // for, which would then be read (and reported when unreadable): one grep of the final names.
    const dropped = [...first.wanted].some((f) => !wanted.has(f));
    const outside = wanted.size > 0 ? started(outsideCheckoutHolding(top, words(wanted), stop.signal)) : undefined;
    let holding: string[] = [];
    if (wanted.size > 0 && (untracked || dropped)) {
      // The early grep is of no use here: ended, not waited for, while the final one runs.
      earlyStop.abort();
      [holding] = await Promise.all([
        started(filesHolding(top, words(wanted), untracked, o.noIgnore, stop.signal)),
        early?.catch(() => undefined),
      ]);
    } else if (wanted.size > 0) {
      const more = [...wanted].filter((f) => !first.wanted.has(f));
      const extra =
        more.length > 0 ? started(filesHolding(top, words(more), false, o.noIgnore, stop.signal)) : Promise.resolve([]);
      holding = [...new Set([...((await early) ?? []), ...(await extra)])];
    } else await early?.catch(() => undefined); // no git left running behind the answer
    for (const file of holding) {
      if (touched.has(file) || (file.startsWith(prefix) && !inScope(file))) continue;
      for (const r of refsIn(file, 'search', readTreeFile(join(top, file), o.match.maxFileBytes)))
        if (wanted.has(r.flag)) elsewhere.add(r.flag);
    }
    const offDiskHolding = ((await outside) ?? []).filter(
      (f) => !touched.has(f.path) && !(f.path.startsWith(prefix) && !inScope(f.path)),
    );
    const offDiskBlobs = await readBlobs(
      top,
      offDiskHolding.map((f) => f.blob),
      o.match.maxFileBytes,
    );
    for (const f of offDiskHolding)
      for (const r of refsIn(f.path, 'search', blobBytes(f.blob, f.mode, offDiskBlobs)))
        if (wanted.has(r.flag)) elsewhere.add(r.flag);
    for (const f of lastGone) rows.get(f)!.extinct = !elsewhere.has(f);
    for (const f of firstSeen) rows.get(f)!.newToCode = !elsewhere.has(f);

    await lifecycles;
    for (const [f, r] of rows) r.lifecycle = f.lifecycle;
    const byPlace = (a: { file: string; line: number; column: number }, b: typeof a) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
    const flagRows = [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const r of flagRows) {
      r.added.sort(byPlace);
      r.removed.sort(byPlace);
    }
    return {
      base: o.base,
      baseCommit: commit,
      root: prefix.replace(/\/$/, ''),
      changedFiles: changed.length,
      flags: flagRows,
      unknown: unknown.sort(byPlace),
      skipped: skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.side < b.side ? -1 : 1)),
    };
  }
}

function baseBytes(c: Change, blobs: Map<string, Blob>): Bytes | undefined {
  if (c.baseBlob === null || c.baseMode === '160000') return undefined;
  return blobBytes(c.baseBlob, c.baseMode!, blobs);
}

/** A blob's bytes as refs reads a file: a link or a submodule is not read. */
function blobBytes(id: string, mode: string, blobs: Map<string, Blob>): Bytes {
  if (mode === '120000' || mode === '160000') return { skipped: 'special' };
  const b = blobs.get(id);
  if (!b || 'missing' in b) return { skipped: 'unreadable' };
  return 'blob' in b ? textBytes(b.blob) : { skipped: 'large' };
}

function onDisk(path: string): boolean {
  try {
    fs.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
