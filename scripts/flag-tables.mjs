// The README's flag reference, generated from the command records (src/commands/registry.ts),
// the same records that build --help and the completions.
//
//   node scripts/flag-tables.mjs          rewrites the section between the markers in README.md
//   node scripts/flag-tables.mjs --check  exits 1 when README.md is out of date
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const README = `${root}README.md`;
export const BEGIN = '<!-- flag reference: generated from the command records by `npm run docs`; do not edit -->';
export const END = '<!-- end of the flag reference -->';

/** The records, loaded from the sources (bundled in memory: they are TypeScript). */
async function records() {
  const entry = `
    export { PROGRAM } from './src/commands/registry.ts';
    export { GLOBAL_FLAGS } from './src/commands/kit/globals.ts';
    export { flagTable } from './src/commands/kit/records.ts';`;
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

function table(flags) {
  const rows = Object.values(flags)
    .filter((f) => !f.hidden)
    .map((f) => {
      const values = Array.isArray(f.values) ? f.values.map((v) => `\`${v}\``).join(' ') : (f.values ?? '');
      const dflt = f.default === undefined ? '' : `\`${f.default}\``;
      return `| \`${cell(f.flags)}\`${f.repeat ? ' (repeat)' : ''} | ${cell(f.help)} | ${values} | ${dflt} |`;
    });
  return ['| flag | what it does | values | default |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

export async function flagReference() {
  const { PROGRAM, GLOBAL_FLAGS, flagTable } = await records();
  const parts = ['#### Global flags (every command)', '', table(GLOBAL_FLAGS)];
  for (const spec of PROGRAM.entries.filter((e) => 'load' in e)) {
    const args = (spec.args ?? []).map((a) => ` ${a.name}`).join('');
    const flags = flagTable(spec);
    parts.push('', `#### \`flagctl ${spec.path.join(' ')}${args}\``, '', spec.summary + '.', '');
    parts.push(Object.keys(flags).length ? table(flags) : 'No flags of its own.');
  }
  return `${BEGIN}\n${parts.join('\n')}\n${END}`;
}

export function withReference(readme, reference) {
  const a = readme.indexOf(BEGIN);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no generated flag reference (markers ${BEGIN} ... ${END})`);
  return readme.slice(0, a) + reference + readme.slice(b + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(README, 'utf8');
  const next = withReference(readme, await flagReference());
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the flag reference is out of date; run npm run docs');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(README, next);
    console.error('README.md: flag reference updated');
  }
}
