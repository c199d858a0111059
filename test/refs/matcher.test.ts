import * as fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as bufferModule from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { aliasForms, aliasTable, nameWords } from '../../src/refs/aliases.js';
import { createScanner, type ScanSpec } from '../../src/refs/scan-core.js';
import { localFinder } from '../../src/refs/scan-wasm.js';

// The matcher alone, over bytes: names between delimiters, alias forms as whole identifiers,
// positions in lines, and text that is not UTF-8.

const NAMES = ['new-checkout', 'new-checkout-flow', 'legacy-search_v1', 'a', "it's"];

// Every case runs through both delimiter searches, the JavaScript loop and the WebAssembly
// one (scan-wasm.ts), which must agree; the JavaScript answer is the one asserted.
const wasm = localFinder();

function scan(text: string | Buffer, over: Partial<ScanSpec> = {}) {
  const spec: ScanSpec = { names: NAMES, aliases: [], delimiters: ['"', "'", '`'], maxFileBytes: 1 << 20, ...over };
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const found = createScanner(spec, fs, bufferModule).scanBytes(bytes);
  expect(createScanner(spec, fs, bufferModule, wasm).scanBytes(bytes)).toEqual(found);
  return found.map((r) => ({
    flags: r.ids.map((i) => spec.names[i]),
    kind: r.kind,
    line: r.line,
    column: r.column,
    text: r.text,
  }));
}

describe('refs matcher', () => {
  it('finds a name only whole between delimiters', () => {
    expect(scan('x("new-checkout-flow")').map((r) => r.flags)).toEqual([['new-checkout-flow']]);
    expect(scan('x("new-checkout-flow-v2", "new-checkout-", " new-checkout")')).toEqual([]);
    expect(scan('x(new-checkout)')).toEqual([]);
    // Any two delimiters: the set is a set of characters, not of pairs.
    expect(scan('x(\'new-checkout")').map((r) => r.flags)).toEqual([['new-checkout']]);
  });

  it('every delimiter in the set, and two references on one line', () => {
    const got = scan('f("new-checkout", \'new-checkout-flow\', `legacy-search_v1`)');
    expect(got.map((r) => [r.flags[0], r.column])).toEqual([
      ['new-checkout', 4],
      ['new-checkout-flow', 20],
      ['legacy-search_v1', 41],
    ]);
    expect(new Set(got.map((r) => r.line))).toEqual(new Set([1]));
  });

  it('a stray apostrophe before a quoted name does not hide it', () => {
    expect(scan("// don't forget 'new-checkout'").map((r) => [r.flags[0], r.column])).toEqual([['new-checkout', 18]]);
  });

  it('a name holding a delimiter is found between the other delimiters', () => {
    expect(scan(`check("it's")`).map((r) => r.flags[0])).toEqual(["it's"]);
  });

  it('--delimiters: other characters, any two of them around a name; a wide character pairs with itself', () => {
    expect(scan('flag: new-checkout\n', { delimiters: [' ', '\n'] }).map((r) => r.flags[0])).toEqual(['new-checkout']);
    expect(scan('(new-checkout)', { delimiters: ['(', ')'] }).map((r) => r.flags[0])).toEqual(['new-checkout']);
    expect(scan('«new-checkout»', { delimiters: ['«', '»'] })).toEqual([]);
    expect(scan('«new-checkout«', { delimiters: ['«'] }).map((r) => [r.flags[0], r.column])).toEqual([
      ['new-checkout', 2],
    ]);
    expect(scan('"new-checkout"', { delimiters: ["'"] })).toEqual([]);
  });

  it('lines and columns are 1-based; CRLF ends a line; the text is the trimmed line', () => {
    const got = scan('first\r\n  second("a")\r\n\r\n\tthird(\'new-checkout\')\r\n');
    expect(got).toEqual([
      { flags: ['a'], kind: 'exact', line: 2, column: 11, text: 'second("a")' },
      { flags: ['new-checkout'], kind: 'exact', line: 4, column: 9, text: "third('new-checkout')" },
    ]);
  });

  it('a line that is not UTF-8 is read as Latin-1: columns count its characters', () => {
    const bytes = Buffer.concat([
      Buffer.from('s = "'),
      Buffer.from([0xe9, 0xff]),
      Buffer.from('"; t = "legacy-search_v1"'),
    ]);
    expect(scan(bytes)).toEqual([
      { flags: ['legacy-search_v1'], kind: 'exact', line: 1, column: 16, text: 's = "éÿ"; t = "legacy-search_v1"' },
    ]);
  });

  it('UTF-8 before a name counts as characters, and a byte-order mark is not a column', () => {
    const got = scan('\ufeffconst ü = "new-checkout"');
    expect(got.map((r) => r.column)).toEqual([12]);
    expect(scan('const 😀 = "a"').map((r) => r.column)).toEqual([13]);
  });

  it('a very long line is cut around the reference', () => {
    const line = `${'x'.repeat(5000)}"new-checkout"${'y'.repeat(5000)}`;
    const [r] = scan(line);
    expect(r!.column).toBe(5002);
    expect(r!.text.length).toBeLessThanOrEqual(242);
    expect(r!.text).toMatch(/^…x+"new-checkout"y+…$/);
  });

  it('20,000 names in one table: each candidate is one lookup, exact names only', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `bulk.flag-${i}`);
    const s = createScanner({ names, aliases: [], delimiters: ['"'], maxFileBytes: 1 << 20 }, fs, bufferModule);
    const got = s.scanBytes(Buffer.from('use("bulk.flag-19999") and "bulk.flag-1" not "bulk.flag-20000"'));
    expect(got.map((r) => names[r.ids[0]!])).toEqual(['bulk.flag-19999', 'bulk.flag-1']);
  });
});

describe('refs aliases', () => {
  it('splits names into words at separators and humps', () => {
    expect(nameWords('new-checkout')).toEqual(['new', 'checkout']);
    expect(nameWords('legacy-search_v1')).toEqual(['legacy', 'search', 'v1']);
    expect(nameWords('Mixed.Case_Flag-42')).toEqual(['mixed', 'case', 'flag', '42']);
    expect(nameWords('newCheckoutFlow')).toEqual(['new', 'checkout', 'flow']);
    expect(nameWords('HTTPServer~x')).toEqual(['http', 'server', 'x']);
  });

  it('gives camelCase, PascalCase, snake_case and SCREAMING_SNAKE_CASE; only valid identifiers', () => {
    expect(aliasForms('new-checkout')).toEqual(['newCheckout', 'NewCheckout', 'new_checkout', 'NEW_CHECKOUT']);
    expect(aliasForms('checkout')).toEqual(['checkout', 'Checkout', 'CHECKOUT']);
    expect(aliasForms('42-answers')).toEqual([]);
  });

  it('matches the forms as whole identifiers only, beside exact references', () => {
    const aliases = aliasTable(NAMES);
    const got = scan(
      'NEW_CHECKOUT = newCheckoutFlow("new-checkout") + xnewCheckout + newCheckout_2 + $newCheckout + legacySearchV1',
      { aliases },
    );
    expect(got.map((r) => [r.flags.join(','), r.kind, r.column])).toEqual([
      ['new-checkout', 'alias', 1],
      ['new-checkout-flow', 'alias', 16],
      ['new-checkout', 'exact', 33],
      ['legacy-search_v1', 'alias', 96],
    ]);
  });

  it('an alias is a whole identifier of code: not part of a hyphenated word, nor in a stylesheet or prose (failed before: .demo-character-arm matched demo)', () => {
    const aliases = aliasTable(['demo', 'new-checkout']);
    const s = createScanner(
      { names: ['demo', 'new-checkout'], aliases, delimiters: ['"'], maxFileBytes: 1 << 20 },
      fs,
      bufferModule,
    );
    const code =
      'const flags = { demo: true, newCheckout: false };\nif (flags.demo) x = `demo-character-arm`;\ntype F = { demo?: boolean };\n<div class="x demo-mode">\n';
    expect(s.scanBytes(Buffer.from(code), 'src/app.tsx').map((r) => `${r.line}:${r.column}`)).toEqual([
      '1:17',
      '1:29',
      '2:11',
      '3:12',
    ]);
    const css = '.demo-character-arm { color: red; }\n.demo { }\n.newCheckout {}\n';
    expect(s.scanBytes(Buffer.from(css), 'src/app.css')).toEqual([]);
    expect(s.scanBytes(Buffer.from('The demo shows newCheckout.\n'), 'README.md')).toEqual([]);
    expect(s.scanBytes(Buffer.from('{"x": "a demo of newCheckout"}\n'), 'fixtures/data.json')).toEqual([]);
    // A keyword is no identifier: a flag named export has no alias `export`.
    expect(aliasForms('export')).toEqual(['Export', 'EXPORT']);
    // Exact names between delimiters are found everywhere, stylesheets and prose included.
    expect(s.scanBytes(Buffer.from('See "demo".\n'), 'README.md').map((r) => r.kind)).toEqual(['exact']);
  });

  it('a name that is its own snake form is reported once where it is quoted', () => {
    const aliases = aliasTable(['new_checkout']);
    const s = createScanner(
      { names: ['new_checkout'], aliases, delimiters: ['"'], maxFileBytes: 1 << 20 },
      fs,
      bufferModule,
    );
    expect(s.scanBytes(Buffer.from('x("new_checkout")')).map((r) => r.kind)).toEqual(['exact']);
    expect(s.scanBytes(Buffer.from('x(new_checkout)')).map((r) => r.kind)).toEqual(['alias']);
  });
});

describe('refs reading a file', () => {
  const dir = fs.mkdtempSync(`${(process.env.TMPDIR ?? '/tmp').replace(/\/$/, '')}/flagctl-read-`);
  const file = (name: string, body: Buffer | string) => {
    const path = `${dir}/${name}`;
    fs.writeFileSync(path, body);
    return path;
  };
  const scanner = (maxFileBytes: number) => {
    const spec: ScanSpec = { names: NAMES, aliases: [], delimiters: ['"'], maxFileBytes };
    const js = createScanner(spec, fs, bufferModule);
    const other = createScanner(spec, fs, bufferModule, wasm);
    return {
      scanFile: (path: string, follow?: boolean) => {
        const got = js.scanFile(path, follow);
        expect(other.scanFile(path, follow)).toEqual(got);
        return got;
      },
    };
  };
  const quoted = (size: number) => {
    const body = Buffer.alloc(size, 0x20);
    body.write('"new-checkout"', size - 15);
    body[size - 1] = 0x0a;
    return body;
  };

  it('reads a file of exactly --max-file-kb whole, to its last line, and refuses one byte more as large', () => {
    const s = scanner(100_000);
    expect(s.scanFile(file('at-limit.ts', quoted(100_000)))).toMatchObject({ refs: [{ line: 1, column: 99_987 }] });
    expect(s.scanFile(file('over-limit.ts', quoted(100_001)))).toEqual({ skipped: 'large' });
    // Far over the limit: refused the same.
    expect(s.scanFile(file('far-over.ts', quoted(3_000_000)))).toEqual({ skipped: 'large' });
  });

  it('files larger than the first buffer (64 KiB) are read whole, one after another, the smaller after the larger', () => {
    const s = scanner(1 << 20);
    for (const size of [70_000, 500_000, 65_536, 65_537, 200, 1 << 20]) {
      expect(s.scanFile(file(`grow-${size}.ts`, quoted(size)))).toMatchObject({
        refs: [{ line: 1, column: size - 13 }],
      });
    }
  });

  it('an empty file is read (no reference), a fifo is special, a directory is special', () => {
    const s = scanner(1 << 20);
    expect(s.scanFile(file('empty.ts', ''))).toEqual({ refs: [] });
    const fifo = `${dir}/pipe`;
    execFileSync('mkfifo', [fifo]);
    expect(s.scanFile(fifo, true)).toEqual({ skipped: 'special' });
    fs.mkdirSync(`${dir}/sub`);
    expect(s.scanFile(`${dir}/sub`, true)).toEqual({ skipped: 'special' });
  });
});
