import * as fs from 'node:fs';

// While the flags are still on their way, the main thread reads the first files the walk finds
// into memory: once the names come, those files are only matched, and reading (most of a scan's
// time) has overlapped the wait. Only a plain read is kept: a file that is empty, fills the
// buffer, or cannot be opened or read as a regular file is left to the scan, which reads it
// again and judges it as always (link, large, special, gone, unreadable). So the answer is the
// same with or without this.

/** Memory held by files read ahead, at most. */
const BUDGET = 64 * 1024 * 1024;
/** Files are copied into slabs of this size (one allocation for many small files). */
const SLAB = 4 * 1024 * 1024;
/** Larger files are left to the scan. */
const MAX_FILE = 1024 * 1024;

const FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

export class ReadAhead {
  private readonly scratch: Buffer;
  private slab = Buffer.alloc(0);
  private used = 0;
  private held = 0;

  constructor(maxFileBytes: number) {
    // One byte more than the largest file kept: a read that fills it is not a whole file.
    this.scratch = Buffer.allocUnsafe(Math.min(maxFileBytes, MAX_FILE) + 1);
  }

  /** Whether more can be held. */
  get open(): boolean {
    return this.held < BUDGET;
  }

  /** Each file's whole content, or undefined where the scan is to read it. */
  read(paths: string[]): (Buffer | undefined)[] {
    return paths.map((path) => {
      const n = this.readOne(path);
      if (n === undefined) return undefined;
      if (this.used + n > this.slab.length) {
        this.slab = Buffer.allocUnsafe(Math.max(SLAB, n));
        this.used = 0;
      }
      this.scratch.copy(this.slab, this.used, 0, n);
      const bytes = this.slab.subarray(this.used, this.used + n);
      this.used += n;
      this.held += n;
      return bytes;
    });
  }

  private readOne(path: string): number | undefined {
    let fd: number;
    try {
      fd = fs.openSync(path, FLAGS);
    } catch {
      return undefined;
    }
    try {
      const n = fs.readSync(fd, this.scratch, 0, this.scratch.length, null);
      // A regular file reads short only at its end; nothing read may be a fifo (scanFile tells).
      return n > 0 && n < this.scratch.length ? n : undefined;
    } catch {
      return undefined;
    } finally {
      fs.closeSync(fd);
    }
  }
}
