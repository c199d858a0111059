import { closeSync, openSync, readSync } from 'node:fs';

// flagctl's own plan and result files name every flag they hold. A weekly job that keeps its
// earlier plans and results in the repository would otherwise find each flag referenced there
// (and `retire plan` never retire it, and a pull request adding one fail `--fail-on
// added-stale`). Such a file is known by its first key, kind "flagctl-…", in JSON or YAML; only
// .json, .yaml and .yml files are looked at, so a scan reads nothing more for other files.

const HEAD = /^\uFEFF?\s*(\{\s*"kind"\s*:\s*"flagctl-[a-z-]+"|kind:\s*["']?flagctl-[a-z-]+)/;
const RECORD_NAME = /\.(json|ya?ml)$/i;
const HEAD_BYTES = 128;

/** Whether a file's bytes (all of them, or its first) are one of flagctl's own records. */
export function isOwnRecord(path: string, bytes: Uint8Array): boolean {
  return RECORD_NAME.test(path) && recordHead(bytes);
}

const recordHead = (bytes: Uint8Array) => HEAD.test(Buffer.from(bytes.subarray(0, HEAD_BYTES)).toString('utf8'));

/** The same for a file on disk; each file is read once (its first bytes). */
export function ownRecords(): (file: string) => boolean {
  const seen = new Map<string, boolean>();
  return (file) => {
    if (!RECORD_NAME.test(file)) return false;
    let own = seen.get(file);
    if (own === undefined) seen.set(file, (own = recordHead(head(file))));
    return own;
  };
}

function head(file: string): Uint8Array {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(HEAD_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0));
  } catch {
    return new Uint8Array();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
