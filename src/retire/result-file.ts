import { randomBytes } from 'node:crypto';
import { chmod, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { OutputError } from '../errors.js';

// The --result record of a write, rewritten after each batch. A regular file is written to a
// temporary file in the same folder and renamed over the old one: a reader (or a run killed
// mid-write) sees the previous record or the new one whole, never half of one. Anything else
// (a device such as /dev/stdout or /dev/full, a FIFO) is written in place: renaming over it
// would replace the device with a file.

export async function writeRecord(path: string, doc: unknown): Promise<void> {
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const found = await stat(path).catch(() => null);
  if (found && !found.isFile()) return writeFile(path, text, 'utf8');
  // Through a symlink, the file it points at is replaced, not the link.
  const target = found ? await realpath(path) : path;
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
    // The file it replaces keeps its mode: one made private (0600) is not left readable by all.
    if (found) await chmod(tmp, found.mode & 0o7777);
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

export interface ResultRecord<O> {
  /** Rewrites the record; a failure is kept in `failure`, and the writes go on. */
  save(o: O, complete: boolean): Promise<void>;
  /** Before the first write: a record that cannot be written stops the run, nothing sent. */
  saveFirst(o: O): Promise<void>;
  /** Why the last save failed: the run fails with it after printing the result, stdout then being the only record. */
  readonly failure: OutputError | undefined;
}

/**
 * A write's --result record (`path`, none without one), made by `doc` from the outcome so far.
 * `done` and `command` word the hint when it cannot be written before the first write:
 * "nothing was archived; … run the same apply again". `before` runs before each rewrite (apply
 * reads the record it is about to replace again).
 */
export function resultRecord<O>(
  path: string | undefined,
  doc: (o: O, complete: boolean) => unknown,
  done: string,
  command: string,
  before?: () => Promise<void>,
): ResultRecord<O> {
  let failure: OutputError | undefined;
  const save = async (o: O, complete: boolean) => {
    if (!path) return;
    await before?.();
    try {
      await writeRecord(path, doc(o, complete));
      failure = undefined;
    } catch (err) {
      failure = new OutputError(`${path} (--result)`, err as NodeJS.ErrnoException);
    }
  };
  return {
    save,
    async saveFirst(o) {
      await save(o, false);
      if (!failure) return;
      failure.hint = `nothing was ${done}; give --result a file that can be written, then run the same ${command} again`;
      throw failure;
    },
    get failure() {
      return failure;
    },
  };
}

/**
 * The record's failure, saying so when a signal stopped the run as well: the exit code is then
 * 1, not the signal's (130, 143, 129), which promises a written result; the output is the record.
 */
export function stoppedToo(failure: OutputError, o: { interrupted: boolean; signal?: string }): OutputError {
  if (o.interrupted)
    failure.hint = `the run was also stopped by ${o.signal ?? 'SIGINT'}; exit 1 rather than the signal's code, which promises a written result: the output above is the only record`;
  return failure;
}

/** True when both paths name one file (the same path, or links to one file): a record must not replace the file it was made from. */
export async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  const [x, y] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  return x !== null && y !== null && x.dev === y.dev && x.ino === y.ino;
}

/**
 * The flags an earlier record of the same plan (its kind, digest, server and project) names as
 * archived or as sent and not verified: a second run of that plan with the same --result file
 * replaces the record, and must not lose them. None for any other file, or none at all.
 */
export async function earlierArchived(
  path: string,
  same: { kind: string; plan: string; server: string; project: string },
): Promise<Set<string>> {
  // Only a regular file can hold an earlier record: reading a pipe or a device (--result
  // /dev/stdout into `| cat`) would wait on the very stream the record is written to.
  if (!(await stat(path).catch(() => null))?.isFile()) return new Set();
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return new Set();
  }
  if (!doc || Object.entries(same).some(([k, v]) => doc[k] !== v)) return new Set();
  return new Set(recordNames(doc));
}

/**
 * The names an apply record holds as archived, then those it sent and could not verify (maybe
 * archived): what `revive --from` undoes and what a second run of the plan carries over.
 */
export function recordNames(doc: { archived?: unknown; unverified?: unknown }): string[] {
  const names = [
    ...(Array.isArray(doc.archived) ? (doc.archived as unknown[]) : []),
    ...(Array.isArray(doc.unverified) ? (doc.unverified as { name?: unknown }[]).map((u) => u?.name) : []),
  ];
  return names.filter((n): n is string => typeof n === 'string');
}
