import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Script } from 'node:vm';

// A bundle compiled as a CommonJS module would be, with a V8 code cache in the user's cache
// directory ($XDG_CACHE_HOME/flagctl, default ~/.cache/flagctl), made after a successful run so
// that it holds the functions the command compiled as it ran, not only the bundle's top level
// (which is all Node's own module.enableCompileCache keeps: docs/performance.md, "Start-up",
// has the measurement that keeps this file). One cache per command, named after the bundle's
// size, build hash, inode and change time, its path and the Node version, so a changed bundle,
// another installation or another Node never gets a stale cache.

/**
 * vm and zlib are taken when used: `--version` needs neither, and a run with its cache needs no
 * zlib. process.getBuiltinModule (Node 20.16+) gives the module itself, where an import would
 * build a table of getters for every one of its names on every start; before 20.16, require.
 */
export const builtin = <T>(id: 'node:vm' | 'node:zlib'): T =>
  (typeof process.getBuiltinModule === 'function'
    ? process.getBuiltinModule(id)
    : // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node 20 before 20.16 has no getBuiltinModule
      require(id)) as T;

/** What a bundle exports: run() starts the command line of process.argv. */
export interface BundleExports {
  run(): Promise<boolean | void>;
}

/**
 * Runs a bundle's compiled text, which is CommonJS's function wrapper around the bundle
 * (scripts/build.mjs writes it so: WRAPPER_HEAD), as a CommonJS module; its require is the
 * launcher's (the bundles need only built-ins).
 */
export function runCommonJs(script: Script, filename: string, dir: string): BundleExports {
  const module = { exports: {} as BundleExports };
  script.runInThisContext().call(module.exports, module.exports, require, module, filename, dir);
  return module.exports;
}

/** The cache directory, created private if missing; undefined if it cannot be trusted or used. */
export function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  // A relative XDG_CACHE_HOME is invalid (XDG Base Directory spec): the default applies.
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : env.HOME && join(env.HOME, '.cache');
  if (!base || !isAbsolute(base)) return undefined;
  const dir = join(base, 'flagctl');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    // Compiled code is trusted like the bundle itself: never from a directory others can write.
    const ours = process.platform === 'win32' || (st.uid === process.getuid!() && (st.mode & 0o022) === 0);
    return st.isDirectory() && ours ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Compiles and runs `file` (an absolute, normalised path, as the launcher builds it from its own
 * directory) with its cache for the command `words`; the cache is written after a successful
 * run if `used()` then says this bundle did the run.
 */
export function runWithCodeCache(
  file: string,
  dir: string | undefined,
  words: string,
  used = () => true,
): BundleExports {
  // One open file for both its identity and its text: a bundle replaced between the two would
  // otherwise cache the new text under the old name.
  const fd = openSync(file, 'r');
  const st = fstatSync(fd, { bigint: true });
  const source = readFileSync(fd);
  closeSync(fd);
  // The bundle's identity, without hashing all of its text here: its size; the build's hash of
  // its text, on its first line (scripts/build.mjs), so a rebuild changes the name even where
  // the file keeps its inode and coarse timestamps leave its ctime as it was; its inode and
  // change time (any write changes the ctime, which no user can set back; a copy is another
  // inode), for a hand edit; and its path: V8 keeps the file name of the script it cached, so a
  // second installation of the same bundle would otherwise report the first one's paths.
  const built = /^\/\/ flagctl bundle ([0-9a-f]{16})\n/.exec(source.toString('latin1', 0, 40));
  const identity = `${built ? built[1] : 'unbuilt'}.${st.ino}.${st.ctimeNs}`;
  // Named by concatenation, not path.join or resolve, which scan every character of a path: with
  // Node's own resolution of the launcher, this long name made Node's path normaliser hot enough
  // for V8 to optimise it in every run on Node 24 (docs/performance.md, "Start-up").
  const place = fnv1a(file).toString(16);
  const name = basename(file);
  const cache =
    dir && `${dir}${sep}${name}-${source.length}-${identity}-${place}-${words}-${process.version}-${process.arch}.v8`;
  let cachedData: Buffer | undefined;
  try {
    if (cache) cachedData = readFileSync(cache);
  } catch {
    // No cache yet: this run makes it.
  }
  // latin1: the build keeps the bundle ASCII, so this is its text without a UTF-8 decode, and
  // from about 1 MB (the whole CLI's) a string V8 does not copy into its heap.
  const { Script: Compiled } = builtin<typeof import('node:vm')>('node:vm');
  const script = new Compiled(source.toString('latin1'), { filename: file, cachedData });
  if (cache && (!cachedData || script.cachedDataRejected)) {
    // After the run, so the functions it compiled are in the cache too.
    process.once('exit', (code) => {
      // Only after a run that worked: a mistyped command would otherwise leave a file per typo.
      if (code !== 0 || !used()) return;
      try {
        // Written under a private temp name and renamed: concurrent runs never read half a file.
        const tmp = `${cache}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        renameSync(tmp, cache);
        removeOlder(dir!, name, `${name}-${source.length}-${identity}-`, [place, crc32Of(resolve(file))]);
      } catch {
        // A cache that cannot be written only costs the next start its speed.
      }
    });
  }
  return runCommonJs(script, file, dirname(file));
}

/**
 * This installation's caches of an older bundle (an upgrade) are of no use any more. Older
 * releases named the path by a crc32 (node:zlib, loaded only here), so both names are matched.
 */
function removeOlder(dir: string, name: string, mine: string, places: (string | undefined)[]): void {
  const marks = places.filter((p): p is string => p !== undefined).map((p) => `-${p}-`);
  for (const file of readdirSync(dir)) {
    if (
      file.startsWith(`${name}-`) &&
      marks.some((p) => file.includes(p)) &&
      file.endsWith('.v8') &&
      !file.startsWith(mine)
    )
      rmSync(join(dir, file), { force: true });
  }
}

function crc32Of(text: string): string | undefined {
  const { crc32 } = builtin<typeof import('node:zlib')>('node:zlib');
  return typeof crc32 === 'function' ? crc32(Buffer.from(text)).toString(16) : undefined;
}

/** 32-bit FNV-1a of a string's UTF-16 code units: a short name part, not a security check (the directory is private). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
