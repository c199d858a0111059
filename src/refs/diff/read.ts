import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { SkipReason } from './model.js';

// Both sides of a changed file as bytes, with the rules `flagctl refs` reads files by: binary
// is a NUL in the first 8,000 bytes (git's rule), larger than --max-file-kb is skipped, a
// symbolic link (mode 120000 at base, a link in the tree) is never followed.

const SNIFF = 8000;
const OPEN = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export type Bytes = { bytes: Buffer } | { skipped: SkipReason };

/** Binary bytes are skipped as refs skips them. */
export function textBytes(bytes: Buffer): Bytes {
  return bytes.subarray(0, SNIFF).indexOf(0) >= 0 ? { skipped: 'binary' } : { bytes };
}

/** A work-tree file's bytes, or why they are not read. */
export function readTreeFile(path: string, maxBytes: number): Bytes {
  let fd: number;
  try {
    fd = openSync(path, OPEN);
  } catch (err) {
    // ELOOP: a symbolic link (O_NOFOLLOW).
    return { skipped: (err as NodeJS.ErrnoException).code === 'ELOOP' ? 'special' : 'unreadable' };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { skipped: 'special' };
    if (st.size > maxBytes) return { skipped: 'large' };
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < st.size) {
      const r = readSync(fd, buf, n, st.size - n, null);
      if (r <= 0) break;
      n += r;
    }
    return textBytes(buf.subarray(0, n));
  } catch {
    return { skipped: 'unreadable' };
  } finally {
    closeSync(fd);
  }
}
