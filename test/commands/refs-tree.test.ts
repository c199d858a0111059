import { rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aliasTable } from '../../src/refs/aliases.js';
import { emptyStats, scanTree, type TreeOptions } from '../../src/refs/scan.js';
import { byPlace, makeTree, MAX_FILE_BYTES, oracle, TREE_FLAGS, type Expected } from '../support/refs-tree.js';

// The walk and the scan over the fixture tree: which files are read in a git work tree, in a
// plain directory and with --no-ignore, what is always skipped, and the exact references.

const NAMES = Object.values(TREE_FLAGS);
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dirname(dir), { recursive: true, force: true });
});

async function refsIn(dir: string, over: Partial<TreeOptions> = {}, aliases = false, maxFileBytes = MAX_FILE_BYTES) {
  const stats = emptyStats();
  const spec = { names: NAMES, aliases: aliases ? aliasTable(NAMES) : [], delimiters: ['"', "'", '`'], maxFileBytes };
  const got: (Expected & { kind: string; text: string })[] = [];
  const opts: TreeOptions = { paths: [{ path: dir, kind: 'dir' }], noIgnore: false, exclude: [], threads: 0, ...over };
  for await (const f of scanTree(spec, opts, stats)) {
    for (const r of f.refs)
      for (const id of r.ids)
        got.push({ flag: NAMES[id]!, file: f.file, line: r.line, column: r.column, kind: r.kind, text: r.text });
  }
  return { got, stats };
}

const strip = (dir: string, list: { flag: string; file: string; line: number; column: number }[]) =>
  list
    .map((r) => ({
      flag: r.flag,
      file: r.file.startsWith(`${dir}/`) ? r.file.slice(dir.length + 1) : r.file,
      line: r.line,
      column: r.column,
    }))
    .sort(byPlace);

const tree = (git = false) => {
  const t = makeTree({ git });
  made.push(t.dir);
  return t;
};

const ALWAYS_SKIPPED = (f: string) => f.startsWith('bin/');

describe('refs over a plain directory (no git)', () => {
  const { dir } = tree();

  it('finds exactly the references an independent search finds, .gitignore honoured', async () => {
    const { got, stats } = await refsIn(dir);
    const expected = oracle(
      dir,
      NAMES,
      (f) => ALWAYS_SKIPPED(f) || f.startsWith('ignored/') || f.endsWith('.log'),
    ).sort(byPlace);
    expect(strip(dir, got)).toEqual(expected);
    expect(expected.length).toBe(23);
    expect(stats.skipped).toEqual({ binary: 1, large: 1, unreadable: 0, special: 0, gone: 0, 'bad-name': 0, link: 4 });
  });

  it('the cases the issue names', async () => {
    const { got } = await refsIn(dir);
    const at = (file: string) => strip(dir, got).filter((r) => r.file === file);
    // Two on one line, and one in a comment (comments count: the code may still be uncommented).
    expect(at('src/checkout.ts').map((r) => [r.line, r.flag])).toEqual([
      [4, 'new-checkout-flow'],
      [7, 'legacy-search_v1'],
      [8, 'new-checkout-flow'],
      [8, 'legacy-search_v1'],
    ]);
    // A prefix of a longer quoted name is not a reference to it, and the longer one is not one to the prefix.
    expect(got.filter((r) => r.text.includes('new-checkout-flow-v2')).map((r) => r.flag)).toEqual([]);
    expect(at('web/app.js').map((r) => [r.line, r.column, r.flag])).toEqual([
      [1, 31, 'old-onboarding~2019'],
      [2, 17, 'new-checkout'],
      [2, 36, 'new-checkout'],
    ]);
    // CRLF, Latin-1, a name with spaces and non-ASCII.
    expect(at('src/crlf.ts').map((r) => [r.line, r.column])).toEqual([
      [1, 12],
      [2, 12],
    ]);
    expect(got.find((r) => r.file.endsWith('src/crlf.ts'))!.text).toBe('const a = "new-checkout-flow";');
    expect(got.find((r) => r.file.endsWith('py/latin1.py'))).toMatchObject({
      line: 2,
      column: 15,
      text: 's = "é"; t = "legacy-search_v1"',
    });
    expect(at('docs/notes with spaces ü.md').map((r) => r.flag)).toEqual(['legacy-search_v1']);
    // Unquoted in YAML: not a reference with the default delimiters.
    expect(at('config/flags.yaml').map((r) => r.line)).toEqual([2]);
    // Never: the binary file, the oversized file, links (the loop, the link out, the link to a file).
    expect(got.filter((r) => /bin\/|loop|out\/|up\/|link-to/.test(r.file))).toEqual([]);
  });

  it('--no-ignore reads the ignored directory and file too', async () => {
    const { got } = await refsIn(dir, { noIgnore: true });
    expect(strip(dir, got)).toEqual(oracle(dir, NAMES, ALWAYS_SKIPPED).sort(byPlace));
    expect(got.some((r) => r.file.endsWith('ignored/skip.ts'))).toBe(true);
    expect(got.some((r) => r.file.endsWith('debug.log'))).toBe(true);
  });

  it('--exclude globs, files and directories', async () => {
    const { got } = await refsIn(dir, { exclude: ['*.py', 'config/'] });
    const files = new Set(strip(dir, got).map((r) => r.file));
    expect([...files].filter((f) => f.endsWith('.py') || f.startsWith('config/'))).toEqual([]);
    expect(files.has('src/checkout.ts')).toBe(true);
  });

  it('--aliases adds the case forms as whole identifiers', async () => {
    const { got } = await refsIn(dir, {}, true);
    const aliases = strip(
      dir,
      got.filter((r) => r.kind === 'alias'),
    );
    expect(aliases.map((r) => [r.file, r.line, r.flag])).toEqual([
      ['kotlin/Flags.kt', 1, 'new-checkout'],
      ['kotlin/Flags.kt', 2, 'legacy-search_v1'],
      ['py/flags.py', 1, 'new-checkout-flow'],
    ]);
  });

  it('a smaller --max-file-kb skips more', async () => {
    const small = await refsIn(dir, {}, false, 100);
    expect(small.stats.skipped.large).toBeGreaterThan(1);
    const files = new Set(small.got.map((r) => r.file));
    expect(files.size).toBeGreaterThan(2);
    for (const f of files) expect(statSync(f).size).toBeLessThanOrEqual(100);
    expect(files.has(`${dir}/src/checkout.ts`)).toBe(false);
  });

  it("each name is matched on its own: a flag's references are the same whatever other names are looked for (retire plan looks for all)", async () => {
    for (const aliases of [false, true]) {
      const all = await refsIn(dir, { noIgnore: true }, aliases);
      for (const name of NAMES) {
        const stats = emptyStats();
        const alone: string[] = [];
        const spec = {
          names: [name],
          aliases: aliases ? aliasTable([name]) : [],
          delimiters: ['"', "'", '`'],
          maxFileBytes: MAX_FILE_BYTES,
        };
        for await (const f of scanTree(
          spec,
          { paths: [{ path: dir, kind: 'dir' }], noIgnore: true, exclude: [], threads: 0 },
          stats,
        )) {
          for (const r of f.refs) alone.push(`${f.file}:${r.line}:${r.column}:${r.kind}`);
        }
        expect(alone, `${name}${aliases ? ' with aliases' : ''}`).toEqual(
          all.got.filter((r) => r.flag === name).map((r) => `${r.file}:${r.line}:${r.column}:${r.kind}`),
        );
      }
    }
  });

  it('an aborted signal ends the scan at its next batch, as if the tree had no more files', async () => {
    const whole = await refsIn(dir, { threads: 0, batch: 2 });
    const before = new AbortController();
    before.abort();
    expect((await refsIn(dir, { threads: 0, batch: 2, signal: before.signal })).stats.files).toBe(0);
    const during = new AbortController();
    const stats = emptyStats();
    const spec = { names: NAMES, aliases: [], delimiters: ['"', "'", '`'], maxFileBytes: MAX_FILE_BYTES };
    let yielded = 0;
    for await (const _ of scanTree(
      spec,
      {
        paths: [{ path: dir, kind: 'dir' }],
        noIgnore: false,
        exclude: [],
        threads: 0,
        batch: 2,
        signal: during.signal,
      },
      stats,
    )) {
      yielded++;
      during.abort();
    }
    expect(yielded).toBeGreaterThan(0);
    expect(stats.files).toBeLessThan(whole.stats.files);
  });

  it('worker threads give the same references in the same order', async () => {
    const one = await refsIn(dir, { threads: 0, batch: 2 });
    const two = await refsIn(dir, { threads: 2, batch: 2 });
    expect((await refsIn(dir, { threads: 1, batch: 2 })).got).toEqual(one.got);
    expect(two.got).toEqual(one.got);
    expect(two.stats).toEqual(one.stats);
  });
});

describe('refs in a git work tree', () => {
  const { dir } = tree(true);

  it('reads what git tracks and untracked files it does not ignore', async () => {
    const { got } = await refsIn(dir);
    expect(strip(dir, got)).toEqual(
      oracle(dir, NAMES, (f) => ALWAYS_SKIPPED(f) || f.startsWith('ignored/') || f.endsWith('.log')).sort(byPlace),
    );
    expect(got.some((r) => r.file.endsWith('config/flags.json'))).toBe(true); // untracked, not ignored
  });

  it('a subdirectory is walked with the repository rules; file paths start with the path given', async () => {
    const { got } = await refsIn(`${dir}/src`);
    expect(new Set(got.map((r) => r.file))).toEqual(new Set([`${dir}/src/checkout.ts`, `${dir}/src/crlf.ts`]));
  });
});
