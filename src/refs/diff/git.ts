// The default import: the bundle loads child_process lazily (scripts/build.mjs, LAZY_BUILTINS).
import childProcess from 'node:child_process';
import { CliError, ExitCode } from '../../errors.js';

// The git half of `refs --diff`: a few plumbing commands, each run once, their output read as
// NUL-separated bytes (paths are never parsed from quoted text). git's own locks are not taken
// (GIT_OPTIONAL_LOCKS=0), so a CI job or an editor running git meanwhile is not disturbed.

const ENV = () => ({ ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' });

/** git failed (exit 1): its own message, after the command that failed. */
export class GitError extends CliError {
  readonly exitCode = ExitCode.requestFailed;
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/**
 * Runs git in `cwd`; resolves with stdout, or rejects with GitError carrying its stderr. An
 * aborted `signal` ends git (the command failed meanwhile: nothing is left running behind it).
 */
export function git(cwd: string, args: string[], input?: Buffer | string, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      if (signal?.aborted) throw new Error('stopped');
      child = childProcess.spawn('git', args, { cwd, env: ENV(), stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      reject(new GitError(`cannot run git: ${(err as Error).message}`, null));
      return;
    }
    const running = child;
    const stop = () => running.kill();
    signal?.addEventListener('abort', stop, { once: true });
    child.on('close', () => signal?.removeEventListener('abort', stop));
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('error', (e) => reject(new GitError(`cannot run git: ${e.message}`, null)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitError(`git ${args[0]}: ${err.trim() || `exited with ${code}`}`, code));
    });
    child.stdin.on('error', () => undefined); // git may exit before reading all of it
    child.stdin.end(input ?? '');
  });
}

/** NUL-separated fields of `git … -z` output. */
export function splitNul(buf: Buffer): string[] {
  const out: string[] = [];
  let from = 0;
  for (let nul = buf.indexOf(0, from); nul >= 0; nul = buf.indexOf(0, from)) {
    out.push(buf.toString('utf8', from, nul));
    from = nul + 1;
  }
  return out;
}

export interface Repo {
  /** The work tree's top directory (absolute). */
  top: string;
  /** The directory asked for, relative to top, `/`-separated with a trailing `/` ('' at the top). */
  prefix: string;
}

/** The work tree holding `dir`, or null when `dir` is not in one (or git is missing). */
export async function repoAt(dir: string): Promise<Repo | null> {
  try {
    const out = (await git(dir, ['rev-parse', '--is-inside-work-tree', '--show-toplevel', '--show-prefix']))
      .toString('utf8')
      .split('\n');
    if (out[0] !== 'true' || !out[1]) return null;
    return { top: out[1], prefix: out[2] ?? '' };
  } catch {
    return null;
  }
}

/** The commit `rev` names, asked in `dir` (any directory of the tree), or null when it names none. `--end-of-options` keeps `-x` from being an option. */
export async function commitOf(dir: string, rev: string): Promise<string | null> {
  try {
    const out = (await git(dir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]))
      .toString('utf8')
      .trim();
    return /^[0-9a-f]{40,64}$/.test(out) ? out : null;
  } catch {
    return null;
  }
}

/** Whether the repository is a shallow clone (actions/checkout fetches one commit by default). */
export async function isShallow(top: string): Promise<boolean> {
  try {
    return (await git(top, ['rev-parse', '--is-shallow-repository'])).toString('utf8').trim() === 'true';
  } catch {
    return false;
  }
}

/** One path that differs between the base commit and the work tree. */
export interface Change {
  /** Top-relative, `/`-separated. */
  path: string;
  /** The blob at base, or null when the path is new (or untracked). */
  baseBlob: string | null;
  /** Mode at base ('100644', '120000' for a link, '160000' for a submodule), null when new. */
  baseMode: string | null;
  /** Whether the path exists in the work tree. */
  inTree: boolean;
  /**
   * The work-tree side's blob when git knows it without reading the file (its index entry),
   * else null; with its mode. A file a sparse checkout keeps off disk is read from it.
   */
  treeBlob?: string | null;
  treeMode?: string | null;
}

const ZERO = /^0+$/;

/**
 * What differs between `base` and the work tree, as two answers that come separately:
 * - `tracked`: tracked paths that differ (staged or not), under `scope` (top-relative).
 *   Renames are not paired: a moved file is a removal and an addition, and the references are
 *   matched by content afterwards;
 * - `untracked`: the untracked files of the whole repository that git does not ignore (every
 *   one with `noIgnore`). Those in the scope are changes too (new files); where all of them are,
 *   the extinction pass has no untracked file to search, and git need not walk the work tree
 *   for them again (`git grep --untracked` cost a tenth of the run in a large repository).
 *   Listing them is the slower answer (a walk of the work tree), so the tracked one is not
 *   held back for it.
 */
export function changes(
  top: string,
  base: string,
  scope: string,
  noIgnore: boolean,
  signal?: AbortSignal,
): { tracked: Promise<Change[]>; untracked: Promise<string[]> } {
  const dir = scope.replace(/\/+$/, '');
  const spec = dir ? [`:(top,literal)${dir}`] : [':(top)'];
  const tracked = git(
    top,
    [
      'diff',
      '--raw',
      '-z',
      '--no-abbrev',
      '--no-renames',
      '--no-ext-diff',
      '--no-textconv',
      '--ignore-submodules=all',
      base,
      '--',
      ...spec,
    ],
    undefined,
    signal,
  ).then((raw) => {
    const changed: Change[] = [];
    const fields = splitNul(raw);
    for (let i = 0; i + 1 < fields.length; i += 2) {
      // `:100644 100644 <base blob> <work-tree blob or 0…> M` then the path.
      const [srcMode, dstMode, srcBlob, dstBlob, status] = fields[i]!.slice(1).split(' ');
      const path = fields[i + 1]!;
      const isNew = status === 'A' || ZERO.test(srcBlob ?? '');
      const known = status !== 'D' && dstBlob !== undefined && !ZERO.test(dstBlob);
      changed.push({
        path,
        baseBlob: isNew ? null : srcBlob!,
        baseMode: isNew ? null : srcMode!,
        inTree: status !== 'D',
        treeBlob: known ? dstBlob : null,
        treeMode: known ? dstMode! : null,
      });
    }
    return changed;
  });
  // An untracked nested repository is listed as its directory (a trailing `/`): not a file.
  const untracked = git(
    top,
    ['ls-files', '-o', '-z', ...(noIgnore ? [] : ['--exclude-standard']), '--', ':(top)'],
    undefined,
    signal,
  ).then((out) => splitNul(out).filter((path) => !path.endsWith('/')));
  return { tracked, untracked };
}

export type Blob = { blob: Buffer } | { size: number; missing?: true };

/**
 * The base side of every changed file in one `git cat-file --batch`: blobs of at most
 * `maxBytes` whole, larger ones as their size only (their bytes are read and dropped).
 */
export async function readBlobs(top: string, ids: string[], maxBytes: number): Promise<Map<string, Blob>> {
  const result = new Map<string, Blob>();
  if (ids.length === 0) return result;
  const out = await git(top, ['cat-file', '--batch'], `${ids.join('\n')}\n`);
  let at = 0;
  for (const id of ids) {
    const nl = out.indexOf(10, at);
    if (nl < 0) break;
    const header = out.toString('utf8', at, nl).split(' ');
    at = nl + 1;
    if (header[1] === 'missing' || header.length < 3) {
      result.set(id, { size: 0, missing: true });
      continue;
    }
    const size = Number(header[2]);
    result.set(id, size > maxBytes ? { size } : { blob: out.subarray(at, at + size) });
    at += size + 1;
  }
  return result;
}

/**
 * Files of the work tree that hold any of `words` as a substring: tracked ones, and with
 * `untracked` also untracked ones git does not ignore (every one with `noIgnore`). A superset
 * of where the refs engine would find them, which then reads only these. Top-relative paths.
 */
export async function filesHolding(
  top: string,
  words: string[],
  untracked: boolean,
  noIgnore: boolean,
  signal?: AbortSignal,
): Promise<string[]> {
  if (words.length === 0) return [];
  const patterns = `${[...new Set(words)].join('\n')}\n`;
  const others = untracked ? ['--untracked', ...(noIgnore ? ['--no-exclude-standard'] : [])] : [];
  try {
    const out = await git(
      top,
      ['grep', '-F', '-l', '-z', '--full-name', ...others, '-f', '-', '--', ':(top)'],
      patterns,
      signal,
    );
    return splitNul(out);
  } catch (err) {
    if (err instanceof GitError && err.code === 1) return []; // no match
    throw err;
  }
}

/**
 * The tracked files a sparse checkout keeps off disk (skip-worktree) that hold one of `words`,
 * with their index blob: git grep of the work tree does not see them, and a flag named only
 * there is not extinct. Only the index is read when there are none.
 */
export async function outsideCheckoutHolding(
  top: string,
  words: string[],
  signal?: AbortSignal,
): Promise<{ path: string; blob: string; mode: string }[]> {
  if (words.length === 0) return [];
  // `S <mode> <blob> <stage>\t<path>` for each skip-worktree entry.
  const outside = new Map<string, { blob: string; mode: string }>();
  for (const entry of splitNul(await git(top, ['ls-files', '-t', '-s', '-z', '--', ':(top)'], undefined, signal))) {
    if (!entry.startsWith('S ')) continue;
    const tab = entry.indexOf('\t');
    const [mode, blob] = entry.slice(2, tab).split(' ');
    outside.set(entry.slice(tab + 1), { blob: blob!, mode: mode! });
  }
  if (outside.size === 0) return [];
  try {
    const out = await git(
      top,
      ['grep', '--cached', '-F', '-l', '-z', '--full-name', '-f', '-', '--', ':(top)'],
      `${[...new Set(words)].join('\n')}\n`,
      signal,
    );
    return splitNul(out).flatMap((path) => {
      const at = outside.get(path);
      return at ? [{ path, ...at }] : [];
    });
  } catch (err) {
    if (err instanceof GitError && err.code === 1) return []; // no match
    throw err;
  }
}
