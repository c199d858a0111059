// The options of every command in docs/commands/, generated from the command records
// (src/commands/registry.ts), the same records that build --help and the completions. A
// command's options go into its own page, docs/commands/<noun>-<verb>.md, else its noun's page
// (docs/commands/<noun>.md); the global options go into docs/commands/README.md.
//
//   node scripts/option-tables.mjs          rewrites what stands between the markers of each page,
//                                           and starts a page for a command that has none
//   node scripts/option-tables.mjs --check  exits 1 when a page is out of date or a command has none
//
// It first writes the generated list of output formats (scripts/format-registry.mjs), which
// the records and so the pages read; --check fails while that list is out of date too.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { writeRegistry } from './format-registry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PAGES = 'docs/commands';
export const BEGIN = '<!-- options: generated from the command records by `npm run docs`; do not edit -->';
export const END = '<!-- end of the options -->';

/** The records, loaded from the sources (bundled in memory: they are TypeScript). */
async function records() {
  const entry = `
    export { PROGRAM } from './src/commands/registry.ts';
    export { GLOBAL_OPTIONS } from './src/cli/globals.ts';
    export { optionTable } from './src/cli/records.ts';
    export { vocabularyMarkdown } from './src/commands/vocabulary.ts';`;
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
  });
  // Written inside the checkout, so that the bundle's imports find node_modules.
  mkdirSync(`${root}.tmp`, { recursive: true });
  const file = `${root}.tmp/flag-records-${process.pid}.mjs`;
  writeFileSync(file, out.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(options) {
  const rows = Object.values(options)
    .filter((f) => !f.hidden && !f.removed)
    .map((f) => {
      const values = Array.isArray(f.values)
        ? f.values.map((v) => `\`${v}\``).join(' ')
        : typeof f.values === 'object'
          ? [...(f.values.words ?? []).map((v) => `\`${v}\``), f.values.names].join(' ')
          : (f.values ?? '');
      const dflt = f.default === undefined ? '' : `\`${f.default}\``;
      return `| \`${cell(f.spelling)}\`${f.repeat ? ' (repeat)' : ''} | ${cell(f.help)} | ${values} | ${dflt} |`;
    });
  return ['| option | what it does | values | default |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The page a command's options go into (repository-relative), or undefined when it has none. */
export function pageOf(path, exists = (p) => existsSync(`${root}${p}`)) {
  return [`${PAGES}/${path.join('-')}.md`, `${PAGES}/${path[0]}.md`].find(exists);
}

/**
 * A first page for each command that has none: its summary, help text and examples from the
 * record, and the markers the options go between. Returns the pages written.
 */
export async function startMissingPages() {
  const { PROGRAM } = await records();
  const written = [];
  for (const spec of PROGRAM.entries.filter((e) => 'load' in e && !pageOf(e.path))) {
    const page = `${PAGES}/${spec.path.join('-')}.md`;
    const examples = spec.examples.length ? ['## Examples', '', '```sh', ...spec.examples, '```', ''] : [];
    const text = [
      `# \`flagctl ${spec.path.join(' ')}\``,
      '',
      `${spec.summary}.`,
      '',
      ...(spec.help ? [spec.help, ''] : []),
      ...examples,
      BEGIN,
      END,
      '',
    ];
    writeFileSync(`${root}${page}`, text.join('\n'));
    written.push(page);
  }
  return written;
}

/** Each page's generated part: path → the text between (and with) the markers. */
export async function optionPages() {
  const { PROGRAM, GLOBAL_OPTIONS, optionTable, vocabularyMarkdown } = await records();
  const parts = new Map([
    [`${PAGES}/README.md`, ['## Global options (every command)', '', table(GLOBAL_OPTIONS)]],
    // One vocabulary: every option name more than one command takes (src/commands/vocabulary.ts).
    ['docs/options.md', [vocabularyMarkdown()]],
  ]);
  const missing = [];
  for (const spec of PROGRAM.entries.filter((e) => 'load' in e)) {
    const page = pageOf(spec.path);
    if (!page) {
      missing.push(`flagctl ${spec.path.join(' ')}`);
      continue;
    }
    const args = (spec.args ?? []).map((a) => ` ${a.name}`).join('');
    const options = optionTable(spec);
    const list = parts.get(page) ?? [];
    if (list.length) list.push('');
    list.push(`## Options of \`flagctl ${spec.path.join(' ')}${args}\``, '', spec.summary + '.', '');
    list.push(Object.keys(options).length ? table(options) : 'No options of its own; the global options apply.');
    parts.set(page, list);
  }
  if (missing.length)
    throw new Error(`no page in ${PAGES}/ for: ${missing.join(', ')} (add ${PAGES}/<noun>-<verb>.md with the markers)`);
  return new Map([...parts].map(([page, list]) => [page, `${BEGIN}\n${list.join('\n')}\n${END}`]));
}

export function withReference(readme, reference, name = 'the page') {
  const a = readme.indexOf(BEGIN);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${name} has no generated options (markers ${BEGIN} ... ${END})`);
  return readme.slice(0, a) + reference + readme.slice(b + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The format list first: the records read it, and the pages list each command's formats.
  const registry = writeRegistry(`${root}src`, { check: process.argv.includes('--check') });
  if (!process.argv.includes('--check')) {
    const started = await startMissingPages();
    if (started.length)
      console.error(`started ${started.join(', ')}: add what the command is for beside the generated options`);
  }
  const stale = [...registry];
  for (const [page, block] of await optionPages()) {
    const doc = readFileSync(`${root}${page}`, 'utf8');
    const next = withReference(doc, block, page);
    if (next === doc) continue;
    stale.push(page);
    if (!process.argv.includes('--check')) writeFileSync(`${root}${page}`, next);
  }
  if (process.argv.includes('--check') && stale.length) {
    console.error(`${stale.join(', ')} out of date; run npm run docs`);
    process.exit(1);
  }
  if (stale.length && !process.argv.includes('--check')) console.error(`updated ${stale.join(', ')}`);
}
