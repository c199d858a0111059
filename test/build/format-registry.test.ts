import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADAPTERS_FILE,
  assertRegistry,
  formatsIn,
  NAMES_FILE,
  registryFiles,
  writeRegistry,
} from '../../scripts/format-registry.mjs';
import { ALL_FORMATS, withCompanions } from '../../src/output/formats.js';

// A format is its adapter file: the list of formats (src/output/format-names.ts) and their
// loaders (src/output/format-adapters.ts) are generated from src/output/formats/*.ts by
// `npm run docs`, and the build fails while they are out of date.

const ADAPTER = (place: string) =>
  `import type { Adapter } from './adapter.js';\n${place}\nexport const adapter = {} as Adapter;\n`;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A copy of src/output/formats/ and the generated files, to plant adapters in. */
function copyOfOutput(): string {
  dir = mkdtempSync(join(tmpdir(), 'flagctl-formats-'));
  cpSync('src/output/formats', join(dir, 'output/formats'), { recursive: true });
  for (const file of [NAMES_FILE, ADAPTERS_FILE]) cpSync(join('src', file), join(dir, file));
  return dir;
}

describe('the generated list of formats', () => {
  it('is current, and names every adapter file in help order (regenerate: npm run docs)', () => {
    expect(writeRegistry('src', { check: true })).toEqual([]);
    expect(ALL_FORMATS).toEqual(formatsIn('src').map((f) => f.name));
    // The order help has always listed, whatever formats join it.
    const order = ['table', 'json', 'ndjson', 'csv', 'markdown', 'github', 'sarif', 'yaml'];
    expect(ALL_FORMATS.filter((f) => order.includes(f))).toEqual(order);
    expect(withCompanions(['json'])).toContain('yaml');
  });

  it('takes a new adapter file in, at its place and with the format it goes with, and the build check fails until it is regenerated', () => {
    const src = copyOfOutput();
    const before = formatsIn(src).map((f) => f.name);
    writeFileSync(join(src, 'output/formats/xml.ts'), ADAPTER("export const place = { order: 25, with: 'json' };"));
    const after = formatsIn(src).map((f) => f.name);
    expect(after.filter((f) => f !== 'xml')).toEqual(before);
    expect(after.indexOf('xml')).toBe(after.indexOf('json') + 1);
    expect(() => assertRegistry(src)).toThrow(
      'src/output/format-names.ts, src/output/format-adapters.ts out of date with src/output/formats/: regenerate with npm run docs',
    );
    expect(writeRegistry(src)).toEqual(['src/output/format-names.ts', 'src/output/format-adapters.ts']);
    expect(readFileSync(join(src, NAMES_FILE), 'utf8')).toContain("  json: {},\n  xml: { with: 'json' },\n");
    expect(readFileSync(join(src, ADAPTERS_FILE), 'utf8')).toContain("  xml: () => import('./formats/xml.js'),\n");
    expect(() => assertRegistry(src)).not.toThrow();
  });

  it('puts a file without a place last, by name; a removed file leaves the list', () => {
    const src = copyOfOutput();
    const before = formatsIn(src).map((f) => f.name);
    writeFileSync(join(src, 'output/formats/zzz.ts'), ADAPTER(''));
    writeFileSync(join(src, 'output/formats/zz.ts'), ADAPTER(''));
    rmSync(join(src, 'output/formats/sarif.ts'));
    expect(formatsIn(src).map((f) => f.name)).toEqual([...before.filter((f) => f !== 'sarif'), 'zz', 'zzz']);
  });

  it('refuses a format that goes with one that has no adapter, a place without an order, and a file named unlike -o', () => {
    const src = copyOfOutput();
    writeFileSync(join(src, 'output/formats/xml.ts'), ADAPTER("export const place = { order: 25, with: 'jsno' };"));
    expect(() => formatsIn(src)).toThrow('src/output/formats/xml.ts goes with "jsno", which has no adapter');
    writeFileSync(join(src, 'output/formats/xml.ts'), ADAPTER("export const place = { with: 'json' };"));
    expect(() => formatsIn(src)).toThrow('src/output/formats/xml.ts: its place names no order');
    rmSync(join(src, 'output/formats/xml.ts'));
    writeFileSync(join(src, 'output/formats/Xml_2.ts'), ADAPTER(''));
    expect(() => formatsIn(src)).toThrow('src/output/formats/Xml_2.ts: a format');
  });

  it('makes a file that type-checks each adapter against the Adapter type', () => {
    const { [ADAPTERS_FILE]: text } = registryFiles([{ name: 'json', order: 1 }]);
    expect(text).toContain('} satisfies Record<Format, () => Promise<{ adapter: Adapter }>>;');
  });
});
