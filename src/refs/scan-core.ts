// The per-file work of `flagctl refs`: read one file into a reused buffer, skip it if it is
// binary or too large, and find every flag name in one pass over its bytes.
//
// createScanner is self-contained (types aside): worker threads run its source text (pool.ts),
// so no second entry file ships.

import type { FileScan, FoundRef, MakeFinder, Scanner, ScanSpec } from './scan-spec.js';

export type { FileScan, FoundRef, Scanner, ScanSpec, SkipReason } from './scan-spec.js';

type Fs = typeof import('node:fs');
type BufferModule = typeof import('node:buffer');

/** `makeFinder`: the delimiter search in WebAssembly (scan-wasm.ts), where it can serve. */
export function createScanner(spec: ScanSpec, fs: Fs, bufferModule: BufferModule, makeFinder?: MakeFinder): Scanner {
  const { Buffer, isUtf8 } = bufferModule;
  /** Bytes looked at to call a file binary: a NUL among them (git's rule). */
  const SNIFF = 8000;
  /** Longer lines are cut around the reference in `text`. */
  const TEXT_MAX = 240;
  const FOLLOW_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
  const OPEN_FLAGS = FOLLOW_FLAGS | (fs.constants.O_NOFOLLOW ?? 0);

  // Keys are a name's UTF-8 bytes read as latin1, so a candidate taken from a file as latin1
  // compares exactly, whatever the file's encoding.
  const asKey = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

  const exact = new Map<string, number[]>();
  spec.names.forEach((name, id) => {
    const key = asKey(name);
    const ids = exact.get(key);
    if (ids) ids.push(id);
    else exact.set(key, [id]);
  });
  const alias = new Map<string, number[]>();
  for (const [form, ids] of spec.aliases) alias.set(asKey(form), ids);

  // By length: the bytes a key of that length starts and ends with. Most text between two
  // delimiters fails these before a string is made of it to look up (docs/guides/refs-internals.md).
  const lengths = (keys: string[]) => {
    let max = 0;
    for (const k of keys) max = Math.max(max, k.length);
    const starts = new Uint8Array((max + 1) * 256);
    const ends = new Uint8Array((max + 1) * 256);
    for (const k of keys) {
      if (k.length === 0) continue;
      starts[k.length * 256 + k.charCodeAt(0)] = 1;
      ends[k.length * 256 + k.charCodeAt(k.length - 1)] = 1;
    }
    return { max, starts, ends };
  };
  const exactLen = lengths([...exact.keys()]);
  const aliasLen = lengths([...alias.keys()]);

  // Byte classes: 1 = a one-byte delimiter, 2 = part of an identifier.
  const cls = new Uint8Array(256);
  const wideDelims: Uint8Array[] = [];
  const oneByte: number[] = [];
  for (const d of spec.delimiters) {
    const bytes = Buffer.from(d, 'utf8');
    if (bytes.length === 1) oneByte.push(bytes[0]!);
    if (bytes.length === 1) cls[bytes[0]!] = cls[bytes[0]!]! | 1;
    else if (bytes.length > 1) wideDelims.push(bytes);
  }
  // The start and end of a line are always delimiters, whatever --delimiters says.
  if (!oneByte.includes(10)) oneByte.push(10);
  cls[10] = cls[10]! | 1;
  const useAliases = alias.size > 0;
  if (useAliases) {
    for (let c = 0; c < 256; c++) {
      const isWord =
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 128;
      if (isWord) cls[c] = cls[c]! | 2;
    }
  }

  /** Per file: where each one-byte delimiter was last seen. */
  const last = new Int32Array(256);
  // Aliases need every byte (identifiers): no finder.
  const finder = useAliases ? undefined : makeFinder?.(oneByte, exactLen.max, exactLen.starts, exactLen.ends, Buffer);
  /** Room for `bytes` that keeps the buffer's first `keep` (files are read into it). */
  const room = (bytes: number, keep: number) => {
    if (finder) return finder.buffer(bytes);
    const grown = Buffer.allocUnsafe(bytes);
    buffer.copy(grown, 0, 0, keep);
    return grown;
  };
  let buffer: Buffer = Buffer.alloc(0);
  buffer = room(Math.min(spec.maxFileBytes + 1, 64 * 1024), 0);

  /** Raw hits: the name's byte offset and length, its ids, exact or alias. */
  interface Hit {
    at: number;
    len: number;
    ids: number[];
    kind: 'exact' | 'alias';
  }

  function find(buf: Buffer, n: number, aliasesHere: boolean): Hit[] {
    const hits: Hit[] = [];
    last.fill(-2);
    // A candidate is what lies between a delimiter and the previous one of the same character
    // (so a name holding another delimiter, such as it's, is found between double quotes), and
    // between it and the previous delimiter of any character (`--delimiters ' \n'` for YAML).
    // The start of the file (after a BOM) counts as a delimiter of any character: -1 here.
    let lastAny = n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 2 : -1;
    const eMax = exactLen.max;
    const eStarts = exactLen.starts;
    const eEnds = exactLen.ends;
    /** A stretch that passed the by-length tables: a hit when it is a name. */
    const lookup = (from: number, len: number) => {
      const ids = exact.get(buf.toString('latin1', from, from + len));
      if (ids) hits.push({ at: from, len, ids, kind: 'exact' });
    };
    const candidate = (from: number, to: number) => {
      // A CR before a line's end belongs to the line end (CRLF files).
      if (to > from && to < n && buf[to] === 10 && buf[to - 1] === 13) to--;
      const len = to - from;
      if (len <= 0 || len > eMax || eStarts[len * 256 + buf[from]!] === 0 || eEnds[len * 256 + buf[to - 1]!] === 0)
        return;
      lookup(from, len);
    };
    if (finder) {
      lastAny = finder.stretches(n, lastAny, lookup);
    } else if (!useAliases) {
      // Without the finder: memchr per delimiter character (Buffer#indexOf), merged in order.
      const next = oneByte.map((d) => {
        const at = buf.indexOf(d, 0);
        return at < 0 || at >= n ? n : at;
      });
      while (next.length > 0) {
        let j = 0;
        for (let k = 1; k < next.length; k++) if (next[k]! < next[j]!) j = k;
        const i = next[j]!;
        if (i >= n) break;
        const c = oneByte[j]!;
        const prev = last[c]!;
        if (prev >= 0) candidate(prev + 1, i);
        if (lastAny > prev) candidate(lastAny + 1, i);
        last[c] = i;
        lastAny = i;
        const at = buf.indexOf(c, i + 1);
        next[j] = at < 0 || at >= n ? n : at;
      }
    } else {
      const aMax = aliasLen.max;
      const aStarts = aliasLen.starts;
      const aEnds = aliasLen.ends;
      let word = -1;
      for (let i = 0; i <= n; i++) {
        const c = i < n ? buf[i]! : 0;
        const k = i < n ? cls[c]! : 0;
        if ((k & 2) === 0 && word >= 0) {
          const len = i - word;
          if (len <= aMax && aStarts[len * 256 + buf[word]!] === 1 && aEnds[len * 256 + buf[i - 1]!] === 1) {
            // A whole identifier of code: not part of a hyphenated word (a CSS class such as
            // .demo-character-arm, a word of prose), and not in a stylesheet, prose or data file.
            const ids =
              aliasesHere && buf[word - 1] !== 45 && c !== 45 ? alias.get(buf.toString('latin1', word, i)) : undefined;
            if (ids) hits.push({ at: word, len, ids, kind: 'alias' });
          }
          word = -1;
        } else if ((k & 2) !== 0 && word < 0) word = i;
        if ((k & 1) === 0) continue;
        const prev = last[c]!;
        if (prev >= 0) candidate(prev + 1, i);
        if (lastAny > prev) candidate(lastAny + 1, i);
        last[c] = i;
        lastAny = i;
      }
    }
    // The file's end is a delimiter too; a CR there belongs to the last line's end.
    const end = n > 0 && buf[n - 1] === 13 ? n - 1 : n;
    if (end > lastAny + 1) candidate(lastAny + 1, end);
    for (const d of wideDelims) {
      let prev = buf.indexOf(d, 0);
      while (prev >= 0 && prev < n) {
        const next = buf.indexOf(d, prev + d.length);
        if (next < 0 || next + d.length > n) break;
        const start = prev + d.length;
        const len = next - start;
        if (len > 0 && len <= eMax && eStarts[len * 256 + buf[start]!] === 1 && eEnds[len * 256 + buf[next - 1]!] === 1)
          lookup(start, len);
        prev = next;
      }
    }
    return hits;
  }

  /** Orders hits, drops an alias hit where the same flag was found exactly, and places each on its line. */
  function locate(buf: Buffer, n: number, hits: Hit[]): FoundRef[] {
    if (hits.length === 0) return [];
    hits.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'exact' ? -1 : 1));
    const out: FoundRef[] = [];
    const bom = n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
    let line = 1;
    let lineStart = bom;
    let seenAt = -1;
    let seenIds: number[] = [];
    for (const h of hits) {
      for (let nl = buf.indexOf(10, lineStart); nl >= 0 && nl < h.at; nl = buf.indexOf(10, lineStart)) {
        line++;
        lineStart = nl + 1;
      }
      let ids = h.ids;
      if (h.at === seenAt) {
        ids = ids.filter((id) => !seenIds.includes(id));
        if (ids.length === 0) continue;
        seenIds = seenIds.concat(ids);
      } else {
        seenAt = h.at;
        seenIds = ids;
      }
      let lineEnd = buf.indexOf(10, h.at);
      if (lineEnd < 0 || lineEnd > n) lineEnd = n;
      const encoding = isUtf8(buf.subarray(lineStart, lineEnd)) ? 'utf8' : 'latin1';
      const before = buf.toString(encoding, lineStart, h.at);
      const name = buf.toString(encoding, h.at, h.at + h.len);
      const after = buf.toString(encoding, h.at + h.len, lineEnd);
      out.push({ ids, kind: h.kind, line, column: before.length + 1, text: lineText(before, name, after) });
    }
    return out;
  }

  function lineText(before: string, name: string, after: string): string {
    const whole = before + name + after;
    if (whole.length <= TEXT_MAX) return whole.trim();
    const room = Math.max(0, Math.floor((TEXT_MAX - name.length) / 2));
    const head = before.length > room ? `…${before.slice(before.length - room)}` : before;
    const tail = after.length > room ? `${after.slice(0, room)}…` : after;
    return (head + name + tail).trim();
  }

  /** Stylesheets, prose and data: their words are no identifiers, so aliases are not looked for there. */
  const noCode = /\.(?:css|scss|sass|less|styl|md|markdown|mdx|txt|rst|adoc|json|ya?ml|html?|svg|xml|lock|snap|map)$/i;

  function scanBytes(bytes: Uint8Array, path?: string): FoundRef[] {
    let buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (finder) {
      // The finder searches only its own memory.
      if (buffer.length < bytes.length) buffer = room(bytes.length, 0);
      buffer.set(bytes);
      buf = buffer.subarray(0, bytes.length);
    }
    return locate(buf, buf.length, find(buf, buf.length, path === undefined || !noCode.test(path)));
  }

  const isRegular = (fd: number) => {
    try {
      return fs.fstatSync(fd).isFile();
    } catch {
      return true;
    }
  };

  function scanFile(path: string, follow = false): FileScan {
    let fd: number;
    try {
      fd = fs.openSync(path, follow ? FOLLOW_FLAGS : OPEN_FLAGS);
    } catch (err) {
      // ELOOP: a symbolic link (O_NOFOLLOW); links are not followed.
      const code = (err as { code?: string }).code;
      return { skipped: code === 'ELOOP' ? 'link' : code === 'ENOENT' || code === 'ENOTDIR' ? 'gone' : 'unreadable' };
    }
    try {
      // No fstat first (Node 20's Stats builds four Dates): only a file that fills the buffer
      // is sized, refused past --max-file-kb or else given a larger buffer.
      let n = 0;
      for (;;) {
        if (n === buffer.length) {
          const st = fs.fstatSync(fd);
          if (!st.isFile()) return { skipped: 'special' };
          if (st.size > spec.maxFileBytes || n > spec.maxFileBytes) return { skipped: 'large' };
          buffer = room(Math.min(spec.maxFileBytes + 1, Math.max(st.size + 1, buffer.length * 2)), n);
        }
        const want = buffer.length - n;
        const r = fs.readSync(fd, buffer, n, want, null);
        n += r;
        // A regular file reads short only at its end (POSIX): no second read() to see the 0.
        if (r < want) break;
      }
      // Nothing read: an empty file, or a fifo without a writer.
      if (n === 0 && !isRegular(fd)) return { skipped: 'special' };
      const sniff = n < SNIFF ? n : SNIFF;
      if (buffer.subarray(0, sniff).indexOf(0) >= 0) return { skipped: 'binary' };
      const view = buffer.subarray(0, n);
      return { refs: locate(view, n, find(view, n, !noCode.test(path))) };
    } catch {
      // A fifo or a directory swapped in since the walk (EAGAIN, EISDIR).
      return { skipped: isRegular(fd) ? 'unreadable' : 'special' };
    } finally {
      fs.closeSync(fd);
    }
  }

  return { scanFile, scanBytes };
}
