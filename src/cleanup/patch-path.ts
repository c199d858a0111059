import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

// The name a file has in cleanup's patch. `git apply` reads a patch's paths from the top of the
// work tree, wherever in it it runs (as `git diff` writes them), so inside a work tree a path is
// relative to its top; outside one, to the current directory. A file outside both keeps its
// absolute path without the leading `/`, as `git diff --no-index` writes it. The path given on
// the command line (relative or absolute) makes no difference.

/** The top of the git work tree holding `dir` (the nearest folder with a `.git`), if any. */
function workTreeTop(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

export function patchPathOf(file: string, cwd: string): string {
  const abs = isAbsolute(file) ? file : resolve(cwd, file);
  const base = workTreeTop(cwd) ?? cwd;
  const rel = relative(base, abs);
  const name = rel === '' || rel.startsWith('..') || isAbsolute(rel) ? abs.replace(/^\/+/, '') : rel;
  return name.split(sep).join('/');
}
