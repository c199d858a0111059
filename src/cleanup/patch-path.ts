import { isAbsolute, relative, resolve, sep } from 'node:path';
import { configTop } from '../refs/diff/config.js';

// The name a file has in cleanup's patch. `git apply` reads a patch's paths from the top of the
// work tree, wherever in it it runs (as `git diff` writes them), so inside a work tree a path is
// relative to its top; outside one, to the current directory. A file outside both keeps its
// absolute path without the leading `/`, as `git diff --no-index` writes it. The path given on
// the command line (relative or absolute) makes no difference.

/** `base`: the top of the work tree holding cwd (where flagctl.json is found too), else cwd; once per tree. */
export function patchPathOf(file: string, cwd: string, base = configTop(cwd)): string {
  const abs = isAbsolute(file) ? file : resolve(cwd, file);
  const rel = relative(base, abs);
  const name = rel === '' || rel.startsWith('..') || isAbsolute(rel) ? abs.replace(/^\/+/, '') : rel;
  return name.split(sep).join('/');
}
