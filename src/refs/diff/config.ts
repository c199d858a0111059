import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkJsonDepth } from '../../config/json-file.js';
import { UsageError } from '../../errors.js';

// A monorepo's map of paths to Unleash projects, read from `flagctl.json` at the top of the
// work tree:
//
//   { "projects": { "packages/web": "web", "packages/api": "api" } }
//
// A file under a mapped path is judged against that project's flags only (the SDK there holds
// a token for that project); the longest mapped path wins; other files use every project (or
// --project). JSON only: flagctl ships no YAML parser, so a `.flagctl.yml` alone is refused
// with a pointer to flagctl.json rather than silently ignored. The file is repository content:
// untrusted, so its keys live in a Map and are checked.

export const CONFIG_FILE = 'flagctl.json';
const YAML_FILES = ['.flagctl.yml', '.flagctl.yaml', 'flagctl.yml', 'flagctl.yaml'];
/** An id usable as a URL path segment, as the server makes them. */
const PROJECT_ID = /^[A-Za-z0-9_.~-]{1,100}$/;
const EXPECTED = 'expected {"projects": {"<path>": "<project id>"}}';

export interface ProjectMap {
  /** Top-relative directory (no trailing `/`; '' for the whole tree) → project id, longest first. */
  entries: [dir: string, project: string][];
}

export function loadProjectMap(top: string): ProjectMap {
  return parseProjectMap(readConfig(top) ?? {});
}

/**
 * flagctl.json at `top`, parsed (undefined when there is none): its `projects` (below) and
 * its `refs` (src/refs/calls.ts). A YAML file alone is refused rather than silently ignored.
 */
export function readConfig(top: string): unknown {
  const path = join(top, CONFIG_FILE);
  if (!existsSync(path)) {
    const yaml = YAML_FILES.find((f) => existsSync(join(top, f)));
    if (yaml)
      throw new UsageError(
        `${yaml}: flagctl reads its configuration from ${CONFIG_FILE} only (JSON); write it there, e.g. {"projects": {"packages/web": "web"}, "refs": {"calls": ["useUiFlag"]}}`,
      );
    return undefined;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `${CONFIG_FILE}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  checkJsonDepth(text, CONFIG_FILE, EXPECTED);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${CONFIG_FILE}: not valid JSON (${(err as Error).message}); ${EXPECTED}`);
  }
}

/**
 * Where a scan outside --diff finds flagctl.json: the top of the git work tree holding `dir`
 * (the nearest directory upward with a `.git`), as --diff does; `dir` itself outside a work tree.
 */
export function configTop(dir: string): string {
  for (let at = resolve(dir); ;) {
    if (existsSync(join(at, '.git'))) return at;
    const up = dirname(at);
    if (up === at) return resolve(dir);
    at = up;
  }
}

export function parseProjectMap(doc: unknown): ProjectMap {
  const bad = (what: string) => new UsageError(`${CONFIG_FILE}: ${what}; ${EXPECTED}`);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw bad('the file must hold a JSON object');
  if (!Object.prototype.hasOwnProperty.call(doc, 'projects')) return { entries: [] };
  const projects = (doc as Record<string, unknown>).projects;
  if (typeof projects !== 'object' || projects === null || Array.isArray(projects))
    throw bad('"projects" must be an object');
  const map = new Map<string, string>();
  for (const [key, value] of Object.entries(projects)) {
    if (typeof value !== 'string' || !PROJECT_ID.test(value))
      throw bad(`"projects"."${key}" must be a project id (letters, digits, _ . ~ -)`);
    const dir = normalizeDir(key);
    if (dir === null) throw bad(`"projects": "${key}" is not a relative path inside the repository`);
    map.set(dir, value);
  }
  return { entries: [...map].sort((a, b) => b[0].length - a[0].length) };
}

/** `./packages/web/` → `packages/web`; `.` → ''; absolute paths and `..` → null. */
function normalizeDir(raw: string): string | null {
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (raw.startsWith('/') || parts.includes('..')) return null;
  return parts.join('/');
}

/** The project a top-relative file is judged against, or undefined when no mapped path holds it. */
export function projectFor(map: ProjectMap, file: string): string | undefined {
  for (const [dir, project] of map.entries) {
    if (dir === '' || file === dir || file.startsWith(`${dir}/`)) return project;
  }
  return undefined;
}

export function mappedProjects(map: ProjectMap): string[] {
  return [...new Set(map.entries.map(([, p]) => p))];
}
