import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { adapterOf } from '../../src/output/format-adapters.js';
import { ALL_FORMATS } from '../../src/output/formats.js';

// A format without an adapter is a compile error: src/output/format-adapters.ts (generated from
// the files in src/output/formats/) names each format beside the adapter module that renders
// it, and its table only type-checks when every format has a module that exports an `adapter`
// that is a whole Adapter. Checked here with the compiler itself
// (CI does not run tsc), on the real file and on copies with one entry broken.

const FILE = fileURLToPath(new URL('../../src/output/format-adapters.ts', import.meta.url));
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/** format-adapters.ts, and copies of it beside it with the table entry broken: all checked in one program. */
const BROKEN = {
  noAdapter: "  table: () => import('./rows.js'),",
  partial:
    '  table: async () => ({ adapter: { mask: (text: string) => text, wholeRows: () => true, printsAllFields: () => false, streams: true } }),',
  noModule: "  table: () => import('./formats/xml.js'),",
  missing: '',
};
const copy = (key: string) => FILE.replace(/format-adapters\.ts$/, `format-adapters-${key}.ts`);

function withEntry(entry: string): string {
  const text = ts.sys.readFile(FILE)!;
  const anchor = "  table: () => import('./formats/table.js'),\n";
  expect(text).toContain(anchor);
  return text.replace(anchor, entry ? `${entry}\n` : '');
}

/** The compiler's errors in each file: formats.ts as it is, and each broken copy. */
function check(): Map<string, string> {
  const copies = new Map(Object.entries(BROKEN).map(([key, entry]) => [copy(key), withEntry(entry)]));
  const host = ts.createCompilerHost(OPTIONS);
  const original = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => copies.has(name) || exists(name);
  host.getSourceFile = (name, version, ...rest) =>
    copies.has(name) ? ts.createSourceFile(name, copies.get(name)!, version) : original(name, version, ...rest);
  const program = ts.createProgram([FILE, ...copies.keys()], OPTIONS, host);
  const found = new Map<string, string>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file?.fileName ?? '';
    found.set(name, `${found.get(name) ?? ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n`);
  }
  return found;
}

let checked: Map<string, string> | undefined;
const errorsIn = (file: string) => (checked ??= check()).get(file) ?? '';

describe('every format has an adapter', () => {
  it('the table as it is compiles, and each of its formats loads a whole adapter', async () => {
    expect([...(checked ??= check()).keys()].filter((f) => !Object.keys(BROKEN).some((k) => f === copy(k)))).toEqual(
      [],
    );
    for (const format of ALL_FORMATS) {
      const adapter = await adapterOf(format);
      expect([typeof adapter.render, typeof adapter.mask, typeof adapter.wholeRows], format).toEqual([
        'function',
        'function',
        'function',
      ]);
    }
  });

  it('a format whose module has no adapter does not compile', () => {
    expect(errorsIn(copy('noAdapter'))).toMatch(/Property 'adapter' is missing/);
  });

  it('a format whose adapter lacks a part (here render and what it shows) does not compile', () => {
    // Either order: render is Adapter's own member, shows comes from the UiAdapter it extends.
    expect(errorsIn(copy('partial'))).toMatch(
      /is missing the following properties from type 'Adapter': (shows, render|render, shows)$/m,
    );
  });

  it('a format left out of the table does not compile', () => {
    expect(errorsIn(copy('missing'))).toMatch(/Property 'table' is missing/);
  });

  it('a format named without a module does not compile', () => {
    expect(errorsIn(copy('noModule'))).toMatch(/Cannot find module '\.\/formats\/xml\.js'/);
  });
});
