// The delimiter search of refs' matcher in WebAssembly (delims.wat): the delimiters of 16 bytes
// are found at once, and only the stretches between them that a name's length, first and last
// byte allow come back to JavaScript to be looked up. The default delimiters over this
// project's node_modules: well under half the time on one thread (docs/guides/refs-internals.md).
//
// createWasmFinder is self-contained, as createScanner is: worker threads run it from its
// source text (pool.ts), with the compiled module posted to them.

import { DELIMS_WASM } from './delims-wasm.js';
import type { Finder, MakeFinder } from './scan-spec.js';

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module; null where WebAssembly cannot run (`node --jitless`): the JavaScript loop then. */
export function delimsModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(DELIMS_WASM, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** What the main thread's scanners use: the module's finder, where it can run. */
export function localFinder(): MakeFinder | undefined {
  const module = delimsModule();
  return module
    ? (delimiters, eMax, starts, ends, B) => createWasmFinder(module, delimiters, eMax, starts, ends, B)
    : undefined;
}

/**
 * A finder for these one-byte delimiters and by-length tables (as scan-core.ts builds them:
 * (eMax + 1) * 256 bytes each), or undefined where the module cannot serve them (more than 8
 * delimiters, no name, no WebAssembly): the scanner then uses its JavaScript loop.
 */
export function createWasmFinder(
  module: WebAssembly.Module,
  delimiters: number[],
  eMax: number,
  starts: Uint8Array,
  ends: Uint8Array,
  B: typeof Buffer,
): Finder | undefined {
  if (delimiters.length > 8 || eMax < 1) return undefined;
  interface Exports {
    memory: WebAssembly.Memory;
    scan(
      base: number,
      n: number,
      pos: number,
      lastAny: number,
      starts: number,
      ends: number,
      eMax: number,
      out: number,
      cap: number,
      tables: number,
      last: number,
    ): number;
    resume: WebAssembly.Global;
    lastAny: WebAssembly.Global;
  }
  let x: Exports;
  try {
    x = new WebAssembly.Instance(module, {}).exports as unknown as Exports;
  } catch {
    return undefined;
  }
  /** Stretches handed back per call: more make the scan resume where it stopped. */
  const CAP = 8192;
  const align = (at: number) => (at + 15) & ~15;
  const TABLES = 0;
  const LAST = 64;
  const STARTS = LAST + 256 * 4;
  const ENDS = STARTS + starts.length;
  const OUT = align(ENDS + ends.length);
  const FILE = align(OUT + CAP * 8);
  let i32 = new Int32Array(x.memory.buffer);
  const grow = (bytes: number) => {
    // The module reads up to 16 bytes past a file's end.
    const need = FILE + bytes + 16 - x.memory.buffer.byteLength;
    if (need > 0) {
      x.memory.grow(Math.ceil(need / 65536));
      i32 = new Int32Array(x.memory.buffer);
    }
  };
  grow(0);
  const u8 = new Uint8Array(x.memory.buffer);
  u8.set(starts, STARTS);
  u8.set(ends, ENDS);
  delimiters.forEach((c, bit) => {
    const lo = TABLES + (c & 15);
    const hi = TABLES + 16 + (c >> 4);
    u8[lo] = u8[lo]! | (1 << bit);
    u8[hi] = u8[hi]! | (1 << bit);
  });
  return {
    buffer(bytes) {
      // Growing keeps what memory held: a file read in part stays where it was.
      grow(bytes);
      return B.from(x.memory.buffer, FILE, bytes);
    },
    stretches(n, lastAny, each) {
      i32.fill(-2, LAST / 4, LAST / 4 + 256);
      let pos = 0;
      let any = lastAny;
      for (;;) {
        const count = x.scan(FILE, n, pos, any, STARTS, ENDS, eMax, OUT, CAP, TABLES, LAST);
        for (let k = 0, at = OUT / 4; k < count; k++, at += 2) each(i32[at]!, i32[at + 1]!);
        any = x.lastAny.value as number;
        pos = x.resume.value as number;
        if (pos < 0) return any;
      }
    },
  };
}
