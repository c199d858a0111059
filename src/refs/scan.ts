import * as fs from 'node:fs';
import { realpathSync } from 'node:fs';
import * as bufferModule from 'node:buffer';
import { join, posix, resolve, sep } from 'node:path';
import { ScanPool } from './pool.js';
import {
  createScanner,
  type FileScan,
  type FoundRef,
  type Scanner,
  type ScanSpec,
  type SkipReason,
} from './scan-core.js';
import { localFinder } from './scan-wasm.js';
import { walk, type WalkOptions, type WalkSkip } from './walk.js';

// The tree half of `flagctl refs`: walk each path given, read and match its files (on worker
// threads when there are many), and hand out each file's references in walk order. Memory
// holds a few batches of paths and results, and one buffer per thread as large as the
// largest file read (at most --max-file-kb).

export interface TreeOptions extends WalkOptions {
  /** The paths given on the command line, checked to exist. */
  paths: { path: string; kind: 'dir' | 'file' }[];
  /** Worker threads that read and match files while the main thread walks; 0: all on the main thread. */
  threads: number;
  /** Once aborted, the scan ends at its next batch, as if the tree held no more files (the caller has failed meanwhile). */
  signal?: AbortSignal;
}

export interface FileRefs {
  /** The path as the user would type it: the path given joined with the file's, `/`-separated. */
  file: string;
  refs: FoundRef[];
}

/** Skips that refs tells of on stderr: the user did not ask for them by a rule. */
export type ToldSkip = 'unreadable' | 'bad-name' | 'link' | 'large' | 'special';

export interface TreeStats {
  files: number;
  skipped: Record<SkipReason | WalkSkip, number>;
  /** The first few printed paths of each skip that is told. */
  examples: Record<ToldSkip, string[]>;
}

/** Paths kept per kind of skip, for the stderr line. */
const EXAMPLES = 3;

/** Batches scanned but not yet handed out; beyond it the walk waits for the oldest. */
const AHEAD_PER_THREAD = 16;
/**
 * Batches a thread holds at once: one it scans and one waiting, so it never idles for a message.
 * Every other batch the main thread scans itself, so both finish together: a fixed share (one in
 * threads + 2) left the worker a long tail of batches after the main thread had run out (profiled).
 */
const HELD_PER_THREAD = 2;
/** Below this many files the threads' start-up costs more than they save. */
const THREADS_FROM_BATCH = 2;

/** Batches walked ahead while the flags are still being fetched. */
const WALK_AHEAD = 64;

/**
 * The references in the files under the paths, file by file in walk order. `specSource` may
 * still be on its way (the flags are fetched while the walk starts); a failure to get it is
 * thrown from here.
 */
export async function* scanTree(
  specSource: ScanSpec | Promise<ScanSpec>,
  opts: TreeOptions,
  stats: TreeStats,
): AsyncGenerator<FileRefs, void, undefined> {
  const specReady = Promise.resolve(specSource);
  specReady.catch(() => undefined); // awaited before the first file is read
  let local: Scanner | undefined;
  const scanner = async () => (local ??= createScanner(await specReady, fs, bufferModule, localFinder()));
  let pool: ScanPool | undefined;
  const queue: { shown: (i: number) => string; results: Promise<FileScan[]>; done?: FileScan[] }[] = [];
  // Display paths are made only for files that hold a reference.
  const skip = (why: SkipReason | WalkSkip, shown: () => string) => {
    stats.skipped[why]++;
    if (why in stats.examples) {
      const list = stats.examples[why as ToldSkip];
      if (list.length < EXAMPLES) list.push(shown());
    }
  };
  const drain = function* (results: FileScan[], shown: (i: number) => string): Generator<FileRefs> {
    results.forEach((r, i) => {
      if ('skipped' in r) skip(r.skipped, () => shown(i));
      else stats.files++;
    });
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      if ('refs' in r && r.refs.length > 0) yield { file: shown(i), refs: r.refs };
    }
  };
  // Paths given twice, or one inside another (`refs . ./app.ts`): each file is read once, at
  // the first place met. Walked files are no links, so their real path is the root's joined to theirs.
  const seen = overlapping(opts.paths) ? new Set<string>() : undefined;
  const firstTime = (real: string) => {
    if (!seen) return true;
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  };
  try {
    for (const given of opts.paths) {
      if (opts.signal?.aborted) return;
      const shown = toPosix(given.path);
      if (given.kind === 'file') {
        if (!firstTime(realpathSync(given.path))) continue;
        // A link named on the command line is read, as rg does.
        yield* drain([(await scanner()).scanFile(given.path, true)], () => posix.normalize(shown));
        continue;
      }
      const root = resolve(given.path);
      const realRoot = seen ? realpathSync(root) : root;
      let batches = 0;
      const onSkip = (rel: string, why: WalkSkip) => skip(why, () => displayPath(shown, rel));
      // Threads start as soon as the walk shows a tree worth them, even while the flags are
      // still on their way (their start-up then overlaps that wait).
      const enough = () => {
        if (!pool && opts.threads > 0 && ++batches >= THREADS_FROM_BATCH) pool = new ScanPool(specReady, opts.threads);
      };
      for await (const walked of walkedAhead(walk(root, opts, { shown, onSkip }), specReady, WALK_AHEAD, enough)) {
        if (opts.signal?.aborted) return;
        const batch = seen ? walked.filter((rel) => firstTime(join(realRoot, rel))) : walked;
        if (batch.length === 0) continue;
        const scan = await scanner();
        const abs =
          sep === '/'
            ? batch.map((rel) => `${root}/${rel}`)
            : batch.map((rel) => root + sep + rel.split('/').join(sep));
        const shownFiles = (i: number) => displayPath(shown, batch[i]!);
        if (!pool) {
          yield* drain(
            abs.map((p) => scan.scanFile(p)),
            shownFiles,
          );
          continue;
        }
        if (pool.pending < pool.size * HELD_PER_THREAD) {
          const entry: (typeof queue)[number] = { shown: shownFiles, results: pool.scan(abs) };
          entry.results.then(
            (r) => void (entry.done = r),
            () => undefined,
          ); // awaited in turn below
          queue.push(entry);
        } else {
          const done = abs.map((p) => scan.scanFile(p));
          queue.push({ shown: shownFiles, results: Promise.resolve(done), done });
          // A macrotask turn: the threads' answers (messages) are taken in, so `pending` drops.
          await new Promise((resolve) => setImmediate(resolve));
        }
        // What is scanned at the head goes out at once: results held longer only cost the
        // young generation's collections on this thread, which copy whatever is still alive.
        while (queue.length > 0 && (queue[0]!.done || queue.length >= pool.size * AHEAD_PER_THREAD)) {
          const head = queue.shift()!;
          yield* drain(head.done ?? (await head.results), head.shown);
        }
      }
      while (queue.length > 0) {
        const head = queue.shift()!;
        yield* drain(await head.results, head.shown);
      }
    }
  } finally {
    await pool?.close();
  }
}

/**
 * Pulls up to `max` items from `source` until `ready` settles, giving the event loop a turn
 * after each (so the requests in flight progress), then hands them out and goes on.
 */
async function* walkedAhead<T>(
  source: AsyncGenerator<T>,
  ready: Promise<unknown>,
  max: number,
  walked: () => void,
): AsyncGenerator<T> {
  let settled = false;
  ready.then(
    () => (settled = true),
    () => (settled = true),
  );
  const early: T[] = [];
  let ended = false;
  try {
    while (!settled && early.length < max) {
      const r = await source.next();
      if (r.done) {
        ended = true;
        break;
      }
      early.push(r.value);
      walked();
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const item of early) yield item;
    if (!ended) {
      for await (const item of source) {
        walked();
        yield item;
      }
    }
  } finally {
    await source.return(undefined);
  }
}

export function emptyStats(): TreeStats {
  return {
    files: 0,
    skipped: { binary: 0, large: 0, unreadable: 0, special: 0, gone: 0, 'bad-name': 0, link: 0 },
    examples: { unreadable: [], 'bad-name': [], link: [], large: [], special: [] },
  };
}

/** Whether a path given is another one, or lies inside a directory given. */
function overlapping(paths: TreeOptions['paths']): boolean {
  if (paths.length < 2) return false;
  const real = paths.map((p) => ({ kind: p.kind, at: realpathSync(p.path) }));
  const inside = (a: string, dir: string) => a.startsWith(dir.endsWith(sep) ? dir : dir + sep);
  return real.some((a, i) =>
    real.some((b, j) => i !== j && (a.at === b.at || (b.kind === 'dir' && inside(a.at, b.at)))),
  );
}

const toPosix = (p: string) => (sep === '/' ? p : p.split(sep).join('/'));

/** `.` and `./` vanish; `src` gives `src/app.ts`; an absolute path stays absolute. */
export function displayPath(given: string, rel: string): string {
  return posix.normalize(posix.join(given, rel));
}
