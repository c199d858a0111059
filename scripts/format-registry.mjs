// The output formats are the adapter files in src/output/formats/: a file that exports an
// `adapter` is a format of that name. Its place in help's list and the format it is offered
// with (yaml wherever json is) are its own `export const place = { order: 80, with: 'json' }`;
// a file without one comes last, by name. From them this writes two generated files, so that
// adding a format is its adapter and its test:
// - src/output/format-names.ts: the names, in help order, and what each goes with. The records,
//   help, completion and docs read it without loading any adapter.
// - src/output/format-adapters.ts: adapterOf(format), each adapter loaded on first use. Its
//   table type-checks only when every file exports a whole Adapter.
//
// `npm run docs` writes them (before the option tables, which list the formats); the build and
// test/build/format-registry.test.ts fail while they differ from what the adapters say.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HEADER =
  '// Generated from src/output/formats/*.ts by `npm run docs` (scripts/format-registry.mjs); do not edit.';
export const NAMES_FILE = 'output/format-names.ts';
export const ADAPTERS_FILE = 'output/format-adapters.ts';

/** One format's declared place: its order and the format it goes with, from the file's text. */
export function placeOf(file, text) {
  const m = text.match(/^export const place = \{([^}]*)\}/m);
  if (!m) return { order: Number.POSITIVE_INFINITY };
  const order = m[1].match(/\border:\s*(\d+)/);
  const withFormat = m[1].match(/\bwith:\s*'([a-z][a-z0-9-]*)'/);
  if (!order)
    throw new Error(`src/output/formats/${file}: its place names no order (export const place = { order: 80 })`);
  return { order: Number(order[1]), ...(withFormat ? { with: withFormat[1] } : {}) };
}

/** Every format, in help order: its name (the file's), and the format it goes with. */
export function formatsIn(srcDir) {
  const dir = join(srcDir, 'output/formats');
  const found = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!/^export const adapter\b/m.test(text)) continue;
    const name = file.slice(0, -'.ts'.length);
    if (!/^[a-z][a-z0-9]*$/.test(name))
      throw new Error(
        `src/output/formats/${file}: a format's file is named as -o spells it (lower case letters and digits)`,
      );
    found.push({ name, ...placeOf(file, text) });
  }
  found.sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : 1));
  const names = new Set(found.map((f) => f.name));
  for (const f of found)
    if (f.with && !names.has(f.with))
      throw new Error(
        `src/output/formats/${f.name}.ts goes with "${f.with}", which has no adapter in src/output/formats/`,
      );
  return found;
}

/** The generated files' texts, src/-relative path → text, for the formats given. */
export function registryFiles(formats) {
  const names = [
    HEADER,
    '// Every format, in help order, and the format it is offered with; loads no adapter.',
    '',
    'export const FORMAT_ENTRIES = {',
    ...formats.map((f) => `  ${f.name}: {${f.with ? ` with: '${f.with}' ` : ''}},`),
    '} as const satisfies Record<string, { with?: string }>;',
    '',
  ].join('\n');
  const adapters = [
    HEADER,
    "// Each format's adapter, loaded when a command renders: a file without a whole Adapter does not compile.",
    "import type { Format } from './formats.js';",
    "import type { Adapter } from './formats/adapter.js';",
    '',
    'const LOAD = {',
    ...formats.map((f) => `  ${f.name}: () => import('./formats/${f.name}.js'),`),
    '} satisfies Record<Format, () => Promise<{ adapter: Adapter }>>;',
    '',
    '/** The adapter of a format. */',
    'export async function adapterOf(format: Format): Promise<Adapter> {',
    '  return (await LOAD[format]()).adapter;',
    '}',
    '',
  ].join('\n');
  return { [NAMES_FILE]: names, [ADAPTERS_FILE]: adapters };
}

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The generated files that differ from what the adapters say (src/-relative); written unless `check`. */
export function writeRegistry(srcDir, { check = false } = {}) {
  const stale = [];
  for (const [path, text] of Object.entries(registryFiles(formatsIn(srcDir)))) {
    if (read(join(srcDir, path)) === text) continue;
    stale.push(`src/${path}`);
    if (!check) writeFileSync(join(srcDir, path), text);
  }
  return stale;
}

/** Throws while the generated format files differ from the adapters in src/output/formats/. */
export function assertRegistry(srcDir) {
  const stale = writeRegistry(srcDir, { check: true });
  if (stale.length)
    throw new Error(`${stale.join(', ')} out of date with src/output/formats/: regenerate with npm run docs`);
}
