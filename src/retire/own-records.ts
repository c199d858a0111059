import { closeSync, openSync, readSync } from 'node:fs';

// flagctl's own plan and result files name every flag they hold. A weekly job that keeps its
// earlier plans and results in the repository would otherwise find each flag "referenced" there,
// and never retire it. Such a file is known by its first key (kind "flagctl-…"), in JSON or YAML.

const HEAD = /^\uFEFF?\s*(\{\s*"kind"\s*:\s*"flagctl-[a-z-]+"|kind:\s*["']?flagctl-[a-z-]+)/;

/** Whether a file is one of flagctl's own records; each file is read once (its first bytes). */
export function ownRecords(): (file: string) => boolean {
  const seen = new Map<string, boolean>();
  return (file) => {
    let own = seen.get(file);
    if (own === undefined) seen.set(file, (own = HEAD.test(head(file))));
    return own;
  };
}

function head(file: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(128);
    return buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0));
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
