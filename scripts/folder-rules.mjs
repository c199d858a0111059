// Which folder of src/ may import which: imports run one way, commands → domain → api →
// config/errors/io (docs/contributing.md draws the map). The build fails on a violation.
//
// The check reads the sources, not the bundle: a type-only import counts too, because it ties
// the two folders together for a reader just as much as a value import does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

const DOMAIN = ['flags', 'refs', 'diff', 'snapshot', 'evaluate', 'history', 'search', 'retire', 'cleanup'];
const BASE = ['config', 'errors.ts', 'io.ts', 'zod-mini.ts', 'version.ts'];

/**
 * Each rule: files under `from` must not import anything under one of `not`, and must not name
 * one of `symbols` in an import. Folders are src/-relative; a name ending in .ts is one file.
 */
export const RULES = [
  {
    from: BASE,
    not: ['api', 'output', 'commands', 'cli', ...DOMAIN],
    why: 'config, errors and io sit below everything',
  },
  {
    from: ['api'],
    not: ['output', 'commands', 'cli', ...DOMAIN],
    why: 'api/ knows nothing of commands, domain or output',
  },
  {
    from: ['api'],
    symbols: ['UsageError'],
    why: 'api/ throws only request and API errors; options are checked before run()',
  },
  // The value checks (a project id, an environment name, a calendar day) are the domain's words too.
  {
    from: DOMAIN,
    not: ['output', 'commands', 'cli'],
    allow: ['cli/values.ts'],
    why: 'domain code never imports output/ or the commands',
  },
  { from: ['output'], not: ['commands', 'cli'], why: 'output/ renders views; it never reaches up to the commands' },
  {
    from: ['cli/completion'],
    not: ['cli/program.ts'],
    why: 'completion reads the command records, not a commander tree',
  },
  {
    from: ['cli'],
    except: ['cli/completion'],
    not: ['cli/completion', 'commands'],
    why: 'the framework is read by completion and the commands, never the other way round',
  },
];

const under = (path, place) =>
  place.endsWith('.ts') ? path === place : path === place || path.startsWith(`${place}/`);

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of one source: its target (src/-relative, .ts) and the names it takes. */
export function importsOf(path, source) {
  const out = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    if (!spec.startsWith('.')) continue;
    const target = posix.normalize(posix.join(posix.dirname(path), spec)).replace(/\.js$/, '.ts');
    const names = (m[1] ?? '')
      .replace(/[{}]/g, ' ')
      .split(/[\s,]+/)
      .filter((n) => /^[A-Za-z_$]/.test(n) && n !== 'type' && n !== 'as');
    out.push({ target, names });
  }
  return out;
}

/** The violations in `files` (src/-relative path → source), one line each. */
export function folderViolations(files) {
  const found = [];
  for (const [path, source] of files) {
    for (const { target, names } of importsOf(path, source)) {
      for (const rule of RULES) {
        if (!rule.from.some((f) => under(path, f)) || rule.except?.some((f) => under(path, f))) continue;
        const place = rule.not?.find((n) => under(target, n));
        if (place && !under(target, path) && !rule.allow?.some((a) => under(target, a)))
          found.push(`src/${path} imports src/${target}: ${rule.why}`);
        const symbol = rule.symbols?.find((s) => names.includes(s));
        if (symbol) found.push(`src/${path} imports ${symbol}: ${rule.why}`);
      }
    }
  }
  return found;
}

/** Every .ts file under `dir`: its `dir`-relative path → its text. */
export function sources(dir, root = dir, files = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) sources(full, root, files);
    else if (entry.name.endsWith('.ts'))
      files.set(relative(root, full).split('\\').join('/'), readFileSync(full, 'utf8'));
  }
  return files;
}

/** Throws, listing every violation, when src/ breaks a folder rule. */
export function assertFolderRules(srcDir) {
  const found = folderViolations(sources(srcDir));
  if (found.length) throw new Error(`folder rules (scripts/folder-rules.mjs):\n  ${found.join('\n  ')}`);
}
