import { spawn } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { join, posix, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

// Which files `flagctl refs` reads under one path:
// - inside a git work tree, what git tracks plus untracked files it does not ignore
//   (`git ls-files -co --exclude-standard`), so .gitignore, .git/info/exclude and the global
//   excludes file all count exactly as git counts them;
// - elsewhere, a walk that honours every .gitignore on the way down (the `ignore` package);
// - with --no-ignore, a walk of everything.
// `.git` is never entered and symbolic links are never followed, so a link out of the tree or
// a link loop cannot be walked; the link's target is read at its own path when it is in the tree.
// A link met is told (onSkip 'link'), unless a rule (.gitignore, --exclude) left it out first;
// so is a fifo, socket or device (onSkip 'special'): rg and git leave them out too, silently,
// and reading a fifo would wait for a writer, but what is not read is said.

export interface WalkOptions {
  /** --no-ignore */
  noIgnore: boolean;
  /**
   * --exclude globs (gitignore syntax). Each matches a path relative to the searched root, and
   * also the path as flagctl prints it (the path given joined with it: see excludeRule).
   */
  exclude: string[];
  /** Files per batch handed out. */
  batch?: number;
}

/** Why a path under a root was left out without being asked to: said on stderr by refs. */
export type WalkSkip = 'unreadable' | 'bad-name' | 'link' | 'special';

/** Per root: how its paths are printed (for --exclude), and where skips are told. */
export interface WalkRoot {
  /** The path given, `/`-separated, as the output prints it. */
  shown?: string;
  /** A directory that could not be read, a name that is not UTF-8, a link not followed, or a fifo, socket or device (relative to the root; '' is the root). */
  onSkip?: (rel: string, why: WalkSkip) => void;
}

/** A batch of files under one root: paths relative to it, `/`-separated. */
export type Batch = string[];

const BATCH = 256;

/** Every file to read under `root` (a directory), in batches. */
export async function* walk(
  root: string,
  opts: WalkOptions,
  at: WalkRoot = {},
): AsyncGenerator<Batch, void, undefined> {
  const exclude = opts.exclude.length > 0 ? excludeRule(opts.exclude, at.shown ?? '.') : undefined;
  const onSkip = at.onSkip ?? (() => undefined);
  const size = opts.batch ?? BATCH;
  if (!opts.noIgnore && (await inGitWorkTree(root))) {
    let batch: string[] = [];
    for await (const rel of gitFiles(root)) {
      if (rel.endsWith('/') || isUnderGit(rel) || (exclude !== undefined && exclude(rel, false))) continue;
      if (badName(root, rel)) {
        onSkip(rel, 'bad-name');
        continue;
      }
      batch.push(rel);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    return;
  }
  yield* walkTree(root, { gitignore: !opts.noIgnore, exclude, size, onSkip });
}

/**
 * A name that is not UTF-8 reaches us with U+FFFD in place of its bytes, and that string
 * names no file. (A name that really holds U+FFFD still exists, and is read.)
 */
function badName(root: string, rel: string): boolean {
  if (!rel.includes('\uFFFD')) return false;
  try {
    lstatSync(join(root, rel));
    return false;
  } catch {
    return true;
  }
}

const GLOB = /[*?[\]\\!]/;

/**
 * --exclude: a pattern excludes a path when it matches the path relative to the root (as
 * gitignore does), or the path as printed (`repo/vendor/lib.js` when `repo` was given; an
 * absolute path without its leading `/`, which gitignore reads as an anchor). A pattern
 * without glob characters also excludes the printed path it names and everything under it,
 * whatever its spelling (`../repo/vendor`, `./repo/vendor` or an absolute path).
 */
export function excludeRule(patterns: string[], shown: string): (rel: string, dir: boolean) => boolean {
  const rules = ignore().add(patterns);
  // Literal paths, resolved from the working directory like the paths given: any spelling of a place names it.
  const literal = patterns.filter((p) => !GLOB.test(p) && p.replace(/\/+$/, '') !== '').map((p) => resolve(p));
  const under = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
  return (rel, dir) => {
    const suffix = dir ? '/' : '';
    if (ignores(rules, rel + suffix)) return true;
    const printed = posix.normalize(posix.join(shown, rel));
    if (literal.length > 0) {
      const place = resolve(printed);
      if (literal.some((p) => under(place, p))) return true;
    }
    if (printed === rel) return false;
    const anchored = printed.startsWith('/') ? printed.slice(1) : printed;
    return !anchored.startsWith('../') && ignores(rules, anchored + suffix);
  };
}

const isUnderGit = (rel: string) => rel === '.git' || rel.startsWith('.git/') || rel.includes('/.git/');

const GIT_ENV = () => ({ ...process.env, GIT_OPTIONAL_LOCKS: '0' });

/** Whether git is installed and `root` is inside a work tree. */
function inGitWorkTree(root: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const child = spawn('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], {
        stdio: ['ignore', 'pipe', 'ignore'],
        env: GIT_ENV(),
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0 && out.trim() === 'true'));
    } catch {
      resolve(false);
    }
  });
}

/**
 * `git ls-files -co --exclude-standard -z` in `root`, path by path as git writes them: the
 * list of a large repository is never held whole.
 */
async function* gitFiles(root: string): AsyncGenerator<string> {
  const child = spawn('git', ['-C', root, 'ls-files', '-co', '--exclude-standard', '-z'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: GIT_ENV(),
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-500)));
  const exit = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  exit.catch(() => undefined);
  let rest: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      let from = 0;
      for (let nul = data.indexOf(0, from); nul >= 0; nul = data.indexOf(0, from)) {
        if (nul > from) yield data.toString('utf8', from, nul);
        from = nul + 1;
      }
      rest = data.subarray(from);
    }
    const code = await exit;
    if (code !== 0) throw new Error(`git ls-files failed in ${root} (exit ${code}): ${stderr.trim()}`);
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

interface Level {
  /** The directory's path relative to the root, with a trailing `/` (empty for the root). */
  base: string;
  rules?: Ignore;
}

/** A depth-first walk; each directory's .gitignore applies to what is under it. */
function* walkTree(
  root: string,
  o: {
    gitignore: boolean;
    exclude?: (rel: string, dir: boolean) => boolean;
    size: number;
    onSkip: (rel: string, why: WalkSkip) => void;
  },
): Generator<Batch> {
  let batch: string[] = [];
  const levels: Level[] = [];
  const visit = function* (rel: string): Generator<Batch> {
    let entries: Dirent[];
    try {
      entries = readdirSync(rel ? join(root, rel) : root, { withFileTypes: true });
    } catch (err) {
      // Gone since it was listed: nothing to read. Anything else is a hole in the answer.
      const code = (err as { code?: string }).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') o.onSkip(rel ? `${rel}/` : '', 'unreadable');
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const base = rel ? `${rel}/` : '';
    const level: Level = { base };
    if (o.gitignore && entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      try {
        level.rules = ignore().add(readFileSync(join(root, base, '.gitignore'), 'utf8'));
      } catch {
        // An unreadable .gitignore ignores nothing.
      }
    }
    levels.push(level);
    try {
      for (const e of entries) {
        if (e.name === '.git') continue;
        const path = base + e.name;
        const dir = e.isDirectory();
        const link = e.isSymbolicLink();
        if (o.exclude !== undefined && o.exclude(path, dir)) continue;
        if (o.gitignore && ignoredByLevels(levels, path, dir)) continue;
        if (badName(root, path)) {
          o.onSkip(dir ? `${path}/` : path, 'bad-name');
          continue;
        }
        if (!dir && !link && !e.isFile()) {
          o.onSkip(path, 'special');
          continue;
        }
        if (link) {
          o.onSkip(path, 'link');
          continue;
        }
        if (dir) {
          yield* visit(path);
          continue;
        }
        batch.push(path);
        if (batch.length >= o.size) {
          yield batch;
          batch = [];
        }
      }
    } finally {
      levels.pop();
    }
  };
  yield* visit('');
  if (batch.length > 0) yield batch;
}

/** git's order: the deepest .gitignore that says anything about the path decides. */
function ignoredByLevels(levels: Level[], path: string, dir: boolean): boolean {
  for (let i = levels.length - 1; i >= 0; i--) {
    const { base, rules } = levels[i]!;
    if (!rules) continue;
    const rel = path.slice(base.length) + (dir ? '/' : '');
    const r = test(rules, rel);
    if (r.ignored) return true;
    if (r.unignored) return false;
  }
  return false;
}

// The ignore package refuses paths it does not expect (`./x`); such a path is not ignored.
function test(rules: Ignore, path: string): { ignored: boolean; unignored: boolean } {
  try {
    return rules.test(path);
  } catch {
    return { ignored: false, unignored: false };
  }
}

const ignores = (rules: Ignore, path: string) => test(rules, path).ignored;

/** What a path given on the command line is. */
export function pathKind(path: string): 'dir' | 'file' | 'missing' | 'other' {
  try {
    const st = statSync(path);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}
