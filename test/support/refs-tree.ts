import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import * as formats from 'ajv-formats';

// The fixture tree for `flagctl refs` (test/fixtures/refs-tree), copied to a temporary
// directory, plus what git holds badly: CRLF and Latin-1 files, a binary and an oversized
// file holding a flag name, a gitignored directory and file, a symlink loop, a link out of
// the tree and a link to a file in it.

export const FIXTURE_TREE = new URL('../fixtures/refs-tree/', import.meta.url).pathname;

/** The flags the tree refers to (the e2e seed has the same names in these states). */
export const TREE_FLAGS = {
  active: 'new-checkout-flow',
  stale: 'legacy-search_v1',
  archived: 'old-onboarding~2019',
  /** Created in 2020: potentially stale on the e2e servers (SEED.potentiallyStaleFeature); no flag in the unit fixtures. */
  potentiallyStale: 'legacy-banner_2020',
  /** A prefix of `new-checkout-flow`; potentially stale in the unit fixtures, no flag on the e2e servers. */
  prefix: 'new-checkout',
} as const;

export const MAX_FILE_BYTES = 1024 * 1024;

export interface Tree {
  dir: string;
  /** A directory outside the tree that a link points into. */
  outside: string;
}

/** A fresh copy of the tree; with `git`, a repository whose files are committed except the untracked ones noted. */
export function makeTree(opts: { git?: boolean } = {}): Tree {
  const base = mkdtempSync(join(tmpdir(), 'flagctl-refs-'));
  const dir = join(base, 'tree');
  const outside = join(base, 'outside');
  cpSync(FIXTURE_TREE, dir, { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'elsewhere.ts'), 'export const x = "legacy-search_v1";\n');

  writeFileSync(join(dir, 'src/crlf.ts'), 'const a = "new-checkout-flow";\r\nconst b = \'legacy-search_v1\';\r\n');
  // Latin-1: 0xE9 is é; the second line has a reference after it.
  writeFileSync(
    join(dir, 'py/latin1.py'),
    Buffer.concat([
      Buffer.from('# caf'),
      Buffer.from([0xe9]),
      Buffer.from('\ns = "'),
      Buffer.from([0xe9]),
      Buffer.from('"; t = "legacy-search_v1"\n'),
    ]),
  );
  mkdirSync(join(dir, 'bin'));
  writeFileSync(
    join(dir, 'bin/blob.bin'),
    Buffer.concat([Buffer.from('"legacy-search_v1"'), Buffer.from([0, 1, 2, 3])]),
  );
  writeFileSync(join(dir, 'bin/huge.txt'), `"new-checkout-flow"\n${'x'.repeat(MAX_FILE_BYTES)}\n`);
  mkdirSync(join(dir, 'ignored'));
  writeFileSync(join(dir, 'ignored/skip.ts'), 'const s = "legacy-search_v1";\n');
  writeFileSync(join(dir, 'debug.log'), '"new-checkout-flow"\n');
  symlinkSync('.', join(dir, 'loop'));
  symlinkSync('..', join(dir, 'src/up'));
  symlinkSync(outside, join(dir, 'out'));
  symlinkSync('checkout.ts', join(dir, 'src/link-to-checkout.ts'));
  if (opts.git) {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', dir, ...args], {
        stdio: 'ignore',
        env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: base },
      });
    git('init', '-q');
    git('add', 'src', 'web', 'py', 'go', 'java', 'kotlin', 'ruby', '.gitignore', 'README.md');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'tree');
    // config/, docs/ and bin/ stay untracked (not ignored): git mode still reads them.
  }
  return { dir, outside };
}

/** The files of a directory, recursively, without following links (for the oracle). */
function filesOf(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.name === '.git' || e.isSymbolicLink()) return [];
    return e.isDirectory() ? filesOf(dir, path) : e.isFile() ? [path] : [];
  });
}

export interface Expected {
  flag: string;
  file: string;
  line: number;
  column: number;
}

/**
 * An independent oracle: every `<d>name<d>` for the default delimiters, found with indexOf
 * per flag and line, in the text files under 1 MiB that are not in `skip`.
 */
export function oracle(dir: string, names: string[], skip: (file: string) => boolean): Expected[] {
  const out: Expected[] = [];
  for (const file of filesOf(dir).sort()) {
    if (skip(file)) continue;
    const bytes = readFileSync(join(dir, file));
    if (statSync(join(dir, file)).size > MAX_FILE_BYTES || bytes.subarray(0, 8000).includes(0)) continue;
    const text = bytes.toString('latin1');
    text.split('\n').forEach((line, i) => {
      for (const name of names) {
        for (const d of ['"', "'", '`']) {
          for (let at = line.indexOf(d + name + d); at >= 0; at = line.indexOf(d + name + d, at + 1)) {
            out.push({ flag: name, file, line: i + 1, column: at + 2 });
          }
        }
      }
    });
  }
  return out;
}

export const byPlace = (a: Expected, b: Expected) =>
  a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : a.line - b.line || a.column - b.column || (a.flag < b.flag ? -1 : a.flag > b.flag ? 1 : 0);

/**
 * A validator for the official SARIF 2.1.0 schema committed in test/fixtures, formats checked.
 * Where the file comes from: the npm package @datadog/datadog-ci-plugin-sarif 5.25.0 ships the
 * OASIS schema (`$id` …/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json, draft-07)
 * inside dist/bundle.js as the module `src/json-schema/sarif-schema-2.1.0.json`; that object,
 * evaluated and written with JSON.stringify(…, null, 2), is the committed file (the same JSON
 * value, not the same bytes as the OASIS file).
 */
export function sarifValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its function is the default export, under either interop.
  const addFormats = (formats as unknown as { default: (a: Ajv) => void }).default;
  addFormats(ajv);
  return ajv.compile(schema);
}
