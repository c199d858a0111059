import * as fs from 'node:fs';
import * as bufferModule from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { DELIMS_WASM } from '../../src/refs/delims-wasm.js';
import { createScanner, type ScanSpec } from '../../src/refs/scan-core.js';
import { createWasmFinder, delimsModule, localFinder } from '../../src/refs/scan-wasm.js';
import { delimsModuleText } from '../../scripts/wasm.mjs';

// refs' delimiter search in WebAssembly (src/refs/delims.wat) against the scanner's JavaScript
// loop: the same references, in the same order, on generated text made to hit the edges (16-byte
// chunks, CRLF, a BOM, names holding delimiters, more stretches than one call hands back).

const wasm = localFinder();

/** A small deterministic generator (mulberry32), so a failure can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function both(spec: ScanSpec, bytes: Buffer) {
  const js = createScanner(spec, fs, bufferModule).scanBytes(bytes);
  const other = createScanner(spec, fs, bufferModule, wasm).scanBytes(bytes);
  return { js, other };
}

describe('refs delimiter search in WebAssembly', () => {
  it('src/refs/delims-wasm.ts is what src/refs/delims.wat compiles to', async () => {
    const text = fs.readFileSync(new URL('../../src/refs/delims-wasm.ts', import.meta.url), 'utf8');
    expect(text).toBe(await delimsModuleText());
    expect(text).toContain(DELIMS_WASM);
  });

  it('runs here, so the cases below compare two searches', () => {
    expect(delimsModule()).not.toBeNull();
    expect(wasm).toBeDefined();
  });

  it('serves up to 8 one-byte delimiters and at least one name; otherwise the JavaScript loop does', () => {
    const module = delimsModule()!;
    const table = new Uint8Array(2 * 256);
    table[256 + 97] = 1;
    expect(createWasmFinder(module, [34, 39, 96, 10], 1, table, table, Buffer)).toBeDefined();
    expect(createWasmFinder(module, [1, 2, 3, 4, 5, 6, 7, 8, 10], 1, table, table, Buffer)).toBeUndefined();
    expect(createWasmFinder(module, [34, 10], 0, new Uint8Array(256), new Uint8Array(256), Buffer)).toBeUndefined();
    // Nine delimiters: still every reference, from the JavaScript loop.
    const spec: ScanSpec = {
      names: ['a-b'],
      aliases: [],
      delimiters: ['"', "'", '`', '(', ')', '[', ']', ','],
      maxFileBytes: 1 << 20,
    };
    const { js, other } = both(spec, Buffer.from('f(a-b) ["a-b"]\n'));
    expect(js.length).toBe(2);
    expect(other).toEqual(js);
  });

  it('a name at every offset around the 16-byte chunks, at the file end, after a BOM and before CRLF', () => {
    const spec: ScanSpec = {
      names: ['flag-one', 'x', "it's"],
      aliases: [],
      delimiters: ['"', "'", '`'],
      maxFileBytes: 1 << 20,
    };
    let compared = 0;
    for (let pad = 0; pad < 40; pad++) {
      for (const body of ['"flag-one"', 'flag-one', '"it\'s"', 'x', '"x"\r\n', 'flag-one\r\n', '\r\nflag-one\r']) {
        for (const bom of ['', '\ufeff']) {
          const bytes = Buffer.from(`${bom}${' '.repeat(pad)}${body}`, 'utf8');
          const { js, other } = both(spec, bytes);
          expect(other).toEqual(js);
          compared += js.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('agrees with the JavaScript loop on 3,000 generated files and delimiter sets', () => {
    const next = random(20261125);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const alphabet = ['a', 'b', '-', '_', '.', '"', "'", '`', ' ', '\n', '\r', '\t', ':', '(', ')', 'é', '\u00a0', ';'];
    let found = 0;
    for (let round = 0; round < 3000; round++) {
      const names = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(['a', 'b', '-', '.', "'", 'é'])).join(''),
      );
      const delimiters = [
        ...new Set(
          Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
            pick(['"', "'", '`', ':', ' ', '(', ')', '\t', '::', '«']),
          ),
        ),
      ];
      const text = Array.from({ length: Math.floor(next() * 120) }, () =>
        next() < 0.3 ? pick(names) : pick(alphabet),
      ).join('');
      const bytes = Buffer.from((next() < 0.1 ? '\ufeff' : '') + text, 'utf8');
      const spec: ScanSpec = { names, aliases: [], delimiters, maxFileBytes: 1 << 20 };
      const { js, other } = both(spec, bytes);
      expect(other, JSON.stringify({ names, delimiters, text })).toEqual(js);
      found += js.length;
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('a file with more candidate stretches than one call hands back (8,192) is searched to its end', () => {
    const spec: ScanSpec = { names: ['ab', 'zz'], aliases: [], delimiters: ['"'], maxFileBytes: 1 << 22 };
    // "ax" passes the length, first and last byte filter without being a name: each is handed back.
    const parts: string[] = [];
    for (let i = 0; i < 30_000; i++) parts.push(i % 7000 === 6999 ? '"ab"' : '"ab"x"ax"');
    const bytes = Buffer.from(`${parts.join('\n')}\n"zz"`, 'utf8');
    const { js, other } = both(spec, bytes);
    expect(js.length).toBeGreaterThan(30_000);
    expect(js.at(-1)!.ids).toEqual([1]);
    expect(other).toEqual(js);
  });

  it('a short file after a long one: what memory still holds past its end is not searched', () => {
    const spec: ScanSpec = { names: ['zz'], aliases: [], delimiters: ['"'], maxFileBytes: 1 << 20 };
    const js = createScanner(spec, fs, bufferModule);
    const other = createScanner(spec, fs, bufferModule, wasm);
    const long = Buffer.from('"zz"'.repeat(5000));
    expect(other.scanBytes(long)).toEqual(js.scanBytes(long));
    for (const short of ['zz"', 'z', '"zz', '', 'zz"zz"zz"zz"zz"zz']) {
      const bytes = Buffer.from(short);
      expect(other.scanBytes(bytes), short).toEqual(js.scanBytes(bytes));
    }
  });

  it('files read from disk past the first buffer give the same references', () => {
    const dir = fs.mkdtempSync(`${(process.env.TMPDIR ?? '/tmp').replace(/\/$/, '')}/flagctl-wasm-`);
    try {
      const spec: ScanSpec = { names: ['flag-one'], aliases: [], delimiters: ['"', "'"], maxFileBytes: 1 << 20 };
      const js = createScanner(spec, fs, bufferModule);
      const other = createScanner(spec, fs, bufferModule, wasm);
      for (const size of [16, 65_535, 65_536, 65_537, 200_000, 1 << 20]) {
        const body = Buffer.alloc(size, 0x20);
        for (let at = 0; at + 12 < size; at += 9_973) body.write('"flag-one"\n', at);
        const path = `${dir}/f${size}`;
        fs.writeFileSync(path, body);
        const got = js.scanFile(path);
        expect('refs' in got && got.refs.length).toBeGreaterThan(0);
        expect(other.scanFile(path)).toEqual(got);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
