import { eachLimited } from '../api/http/limit.js';
import { ownRecords } from './own-records.js';
import type { FlagLifecycle } from '../api/flag-list.js';
import type { FlagInfo } from '../flags/list.js';
import { aliasTable } from './aliases.js';
import type { Reference } from './model.js';
import type { ScanSpec } from './scan-core.js';
import { scanTree, type FileRefs, type TreeOptions, type TreeStats } from './scan.js';

// Joins what the tree holds to what the server says: each name found becomes a reference
// carrying its flag's project, state, archived mark and lifecycle.

export interface MatchOptions {
  delimiters: string[];
  aliases: boolean;
  maxFileBytes: number;
}

/**
 * Looks up a flag's lifecycle when the listing did not have it (active flags): the stage alone,
 * or the stage with its status (a completed flag's `kept` or `discarded`).
 */
export type LifecycleLookup = (flag: FlagInfo) => Promise<string | FlagLifecycle | null>;

/** Writes a looked-up lifecycle into the flag. */
export function setLifecycle(flag: FlagInfo, found: string | FlagLifecycle | null): void {
  if (typeof found === 'string' || found === null) {
    flag.lifecycle = found;
    return;
  }
  flag.lifecycle = found.stage;
  flag.lifecycleStatus = found.status;
}

/** One request per flag, however often it is asked for. */
export function memoLookup(lookup: LifecycleLookup): LifecycleLookup {
  const memo = new Map<FlagInfo, Promise<string | FlagLifecycle | null>>();
  return (flag) => {
    let p = memo.get(flag);
    if (!p) memo.set(flag, (p = lookup(flag)));
    return p;
  };
}

export function scanSpec(flags: FlagInfo[], m: MatchOptions): ScanSpec {
  const names = flags.map((f) => f.name);
  return { names, aliases: m.aliases ? aliasTable(names) : [], delimiters: m.delimiters, maxFileBytes: m.maxFileBytes };
}

/**
 * Files whose references may wait for lifecycle lookups while the scan goes on. The scan
 * stops for a lookup only when this many wait (a few hundred KB at most): a lookup that
 * takes one round trip no longer stalls the main thread's scan (issue 26).
 */
const LOOKAHEAD_FILES = 1024;

/**
 * Every reference under the paths, file by file in walk order. A flag's lifecycle is looked
 * up (give a memoLookup) the first time it is referenced, while later files are scanned; the
 * answer is written into the flag, so the summary has it too. The flags may still be on their
 * way: the walk starts meanwhile.
 */
export async function* findReferences(
  flagsSource: FlagInfo[] | Promise<FlagInfo[]>,
  m: MatchOptions,
  tree: TreeOptions,
  stats: TreeStats,
  lookup?: LifecycleLookup,
): AsyncGenerator<Reference, void, undefined> {
  const need = (f: FlagInfo): Promise<void> | undefined => {
    if (!lookup || f.lifecycle !== null) return undefined;
    const p = lookup(f).then((found) => setLifecycle(f, found));
    p.catch(() => undefined); // awaited when its file's turn comes
    return p;
  };
  const flagsReady = Promise.resolve(flagsSource);
  const spec = flagsReady.then((f) => scanSpec(f, m));
  let flags: FlagInfo[] = [];
  const queue: { file: FileRefs; ready: Promise<unknown>; done: boolean }[] = [];
  const out = function* (file: FileRefs): Generator<Reference> {
    for (const r of file.refs) {
      for (const id of r.ids) {
        const f = flags[id]!;
        yield {
          name: f.name,
          project: f.project,
          state: f.state,
          archived: f.archived,
          lifecycle: f.lifecycle,
          file: file.file,
          line: r.line,
          column: r.column,
          text: r.text,
          match: r.kind,
        };
      }
    }
  };
  const own = ownRecords();
  for await (const file of scanTree(spec, tree, stats)) {
    if (own(file.file)) continue;
    flags = await flagsReady; // settled: the scan needed it
    const waits = file.refs.flatMap((r) => r.ids.map((id) => need(flags[id]!))).filter((p) => p !== undefined);
    const entry = { file, ready: Promise.all(waits), done: waits.length === 0 };
    entry.ready.then(
      () => (entry.done = true),
      () => (entry.done = true),
    );
    queue.push(entry);
    // Files whose lookups are in are written at once, in order; a full queue waits for its head.
    while (queue.length > 0 && (queue[0]!.done || queue.length > LOOKAHEAD_FILES)) {
      const head = queue.shift()!;
      await head.ready;
      yield* out(head.file);
    }
  }
  for (const head of queue) {
    await head.ready;
    yield* out(head.file);
  }
}

/** Lifecycle lookups for flags the scan did not reach, a few at a time. */
export async function fillLifecycles(flags: FlagInfo[], lookup: LifecycleLookup, concurrency = 16): Promise<void> {
  await eachLimited(
    flags.filter((f) => f.lifecycle === null),
    concurrency,
    async (f) => {
      // The scan may have filled it meanwhile.
      if (f.lifecycle === null) setLifecycle(f, await lookup(f));
    },
  );
}
