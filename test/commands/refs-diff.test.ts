import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';
import { makeRepo, type TestRepo } from '../support/refs-diff-repo.js';
import type { RefsDiff } from '../../src/refs/diff/model.js';

// `flagctl refs --diff <base>` in-process, over real git repositories built here, against a
// strict fixture server: what a change adds and removes, extinction, moves, unknown names,
// the gates, the monorepo map, and bad input.

const server = useFixtureServer();
const repos: TestRepo[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-refsdiff-out-'));
afterAll(() => {
  for (const r of repos) r.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const recent = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
const FEATURES: Record<string, { name: string; stale?: boolean }[]> = {
  default: [{ name: 'live-flag' }, { name: 'old-flag', stale: true }, { name: 'gone-flag' }, { name: 'done-flag' }],
  web: [{ name: 'web-flag' }],
};
const LIFECYCLE: Record<string, string> = {
  'live-flag': 'live',
  'old-flag': 'live',
  'gone-flag': 'live',
  'done-flag': 'completed',
  'web-flag': 'initial',
};

function serve(s: FixtureServer) {
  s.json('/api/admin/projects', { version: 1, projects: Object.keys(FEATURES).map((id) => ({ id, name: id })) });
  s.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: 40 }] });
  s.route('/api/admin/search/features', (_req, res, url) => {
    const offset = Number(url.searchParams.get('offset'));
    const archived = [
      {
        name: 'dead-flag',
        type: 'release',
        project: 'default',
        stale: false,
        createdAt: recent,
        lifecycle: { stage: 'archived' },
        environments: [],
      },
    ];
    sendJson(res, 200, { features: offset === 0 ? archived : [], total: 1 });
  });
  for (const [project, list] of Object.entries(FEATURES)) {
    s.json(`/api/admin/projects/${project}/features`, {
      version: 2,
      features: list.map((f) => ({
        name: f.name,
        type: 'release',
        stale: f.stale ?? false,
        createdAt: recent,
        environments: [],
      })),
    });
    for (const f of list)
      s.json(`/api/admin/projects/${project}/features/${f.name}/lifecycle`, [{ stage: LIFECYCLE[f.name] }]);
  }
  s.json('/api/admin/projects/nope/features', { version: 2, features: [] });
}

const env = (extra: Record<string, string> = {}) => ({
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: '*:*.unit-secret',
  FLAGCTL_CONFIG_DIR: '/nonexistent',
  ...extra,
});
const diff = (repo: TestRepo, args: string[], extra: Record<string, string> = {}) =>
  runCli(['refs', '--root', repo.dir, ...args], { env: env(extra) });
const json = async (repo: TestRepo, args: string[] = []) => {
  const r = await diff(repo, ['--diff', 'HEAD', '-o', 'json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as RefsDiff;
};
const repo = (files: Record<string, string | Buffer>) => {
  const r = makeRepo(files);
  repos.push(r);
  r.commit('base');
  return r;
};
const flag = (d: RefsDiff, name: string) => d.flags.find((f) => f.name === name);

describe('refs --diff: what a change adds and removes', { timeout: 30_000 }, () => {
  it('an added reference to a stale flag: file:line in the work tree, the gate exits 3, an annotation on that line', async () => {
    serve(server);
    const r = repo({ 'src/a.ts': 'const x = 1;\nif (isEnabled("live-flag")) go();\n' });
    r.write({ 'src/a.ts': 'const x = 1;\nif (isEnabled("live-flag")) go();\nif (isEnabled("old-flag")) stop();\n' });
    const d = await json(r);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.length, f.newToCode])).toEqual([
      ['old-flag', 1, 0, true],
    ]);
    expect(flag(d, 'old-flag')!.added).toEqual([
      { file: 'src/a.ts', line: 3, column: 16, text: 'if (isEnabled("old-flag")) stop();', match: 'exact' },
    ]);
    expect(flag(d, 'old-flag')).toMatchObject({ state: 'stale', lifecycle: 'live', project: 'default' });

    const summary = join(scratch, 'summary.md');
    const outputs = join(scratch, 'outputs');
    writeFileSync(outputs, '');
    const g = await diff(r, ['--diff', 'HEAD', '-o', 'github', '--fail-on', 'added-stale'], {
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: outputs,
    });
    expect(g.code).toBe(3);
    expect(g.stdout).toBe(
      '::error file=src/a.ts,line=3,col=16,title=Flag stale%3A old-flag::old-flag (marked stale, lifecycle live, project default) is stale; this change adds a reference to it\n',
    );
    expect(g.stderr).toMatch(/old-flag \(stale\)/);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /### Feature flags in this change[\s\S]*old-flag\*\* is stale: 1 reference added[\s\S]*<details>/,
    );
    expect(readFileSync(outputs, 'utf8')).toMatch(
      /^extinct<<(ghadelimiter_[\w-]+)\n\[\]\n\1\nadded-stale<<(ghadelimiter_[\w-]+)\n\["old-flag"\]\n\2\n$/,
    );
    // Reads only: every request a GET.
    expect(server.requests.every((q) => q.method === 'GET')).toBe(true);
  });

  it('a GITHUB_OUTPUT that cannot be written exits 1 naming it, even when the gate passes', async () => {
    serve(server);
    const r = repo({ 'src/a.ts': 'const x = 1;\n' });
    r.write({ 'src/a.ts': 'if (isEnabled("live-flag")) go();\n' });
    const g = await diff(r, ['--diff', 'HEAD', '-o', 'github', '--fail-on', 'added-stale'], {
      GITHUB_OUTPUT: '/dev/full',
    });
    expect(g.stderr).toBe(
      'flagctl: cannot write to GITHUB_OUTPUT (/dev/full): no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(g.code).toBe(1);
  });

  it('csv and ndjson: one row per reference added or removed; markdown: a PR comment with the details folded', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'f("gone-flag")\n' });
    r.write({ 'a.ts': 'f("old-flag")\n' });
    const csv = await diff(r, ['--diff', 'HEAD', '-o', 'csv', '--columns', 'change,name,file,line,extinct']);
    expect(csv.stdout.split('\r\n')).toEqual([
      'change,name,file,line,extinct',
      'removed,gone-flag,a.ts,1,true',
      'added,old-flag,a.ts,1,false',
      '',
    ]);
    const nd = await diff(r, ['--diff', 'HEAD', '-o', 'ndjson']);
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { change: string }).change),
    ).toEqual(['removed', 'added']);
    const md = await diff(r, ['--diff', 'HEAD', '-o', 'markdown']);
    expect(md.stdout).toBe(
      [
        '### Feature flags in this change',
        '',
        '1 reference added, 1 removed, 2 flags, 1 extinct, 1 new to the code (1 changed file).',
        '',
        '- 🧹 **gone-flag** has no reference left: consider `flagctl retire plan`',
        '- ⚠️ **old-flag** is stale: 1 reference added',
        '',
        '<details><summary>2 references added or removed</summary>',
        '',
        '| | flag | state | file | line | text |',
        '| --- | --- | --- | --- | --- | --- |',
        '| − | gone-flag | active | a.ts | 1 | f("gone-flag") |',
        '| + | old-flag | stale | a.ts | 1 | f("old-flag") |',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
  });

  it('removing the last reference: extinct; a reference left in an unchanged file: not extinct', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'f("gone-flag")\nf("live-flag")\n', 'b.ts': 'g("live-flag")\n' });
    r.write({ 'a.ts': 'f(1)\n' });
    const d = await json(r);
    expect(flag(d, 'gone-flag')).toMatchObject({ extinct: true, removed: [{ file: 'a.ts', line: 1 }], added: [] });
    expect(flag(d, 'live-flag')).toMatchObject({ extinct: false, removed: [{ file: 'a.ts', line: 2 }] });
    const table = await diff(r, ['--diff', 'HEAD']);
    expect(table.stdout).toMatch(
      /gone-flag \(active, lifecycle live, project default\): \+0 -1, extinct: no reference left; see `flagctl retire plan`/,
    );
  });

  it('a rename and a move of references between files: neither added nor removed', async () => {
    serve(server);
    const r = repo({
      'old/name.ts': 'x\nif (isEnabled("old-flag")) {}\n',
      'c.ts': 'const a = "live-flag";\nconst b = 2;\n',
    });
    r.remove('old/name.ts');
    r.write({
      'new/name.ts': 'x\nif (isEnabled("old-flag")) {}\n',
      'c.ts': 'const b = 2;\n',
      'd.ts': '// moved\n    const a =   "live-flag";\n',
    });
    const d = await json(r);
    expect(d.flags).toEqual([]);
    expect(d.changedFiles).toBe(4);
  });

  it('an edited line that already named a stale flag is no addition: the gate passes (failed on the pairing by line content alone)', async () => {
    serve(server);
    // Appending a member to a TypeScript union turns `| 'old-flag';` into `| 'old-flag'`.
    const r = repo({ 'flags.ts': "export type Flag =\n  | 'live-flag'\n  | 'old-flag';\n" });
    r.write({ 'flags.ts': "export type Flag =\n  | 'live-flag'\n  | 'old-flag'\n  | 'web-flag';\n" });
    const d = await json(r);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.length])).toEqual([['web-flag', 1, 0]]);
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(0);
  });

  it('a change that removes a use of a stale flag and edits another line naming it passes the gate; a net addition still fails', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'if (isEnabled("old-flag")) a();\nif (isEnabled("old-flag")) b();\n' });
    r.write({ 'a.ts': 'if (isEnabled("old-flag")) a(1);\n' });
    const d = await json(r);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.map((p) => p.line)])).toEqual([['old-flag', 0, [2]]]);
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(0);
    r.write({
      'a.ts': 'if (isEnabled("old-flag")) a(1);\nif (isEnabled("old-flag")) b(1);\nif (isEnabled("old-flag")) c();\n',
    });
    const more = await json(r);
    expect(more.flags.map((f) => [f.name, f.added.length, f.removed.length])).toEqual([['old-flag', 1, 0]]);
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(3);
  });

  it('lines over 240 characters pair as whole lines, as short ones do (the cut-down text paired an edited line moved to another file)', async () => {
    serve(server);
    for (const pad of ['x'.repeat(10), 'x'.repeat(300)]) {
      const moved = repo({ 'a.ts': `const a = ["old-flag", "${pad}"];\n` });
      moved.remove('a.ts');
      moved.write({ 'b.ts': `const a = ["old-flag", "${pad}y"];\n` });
      expect((await json(moved)).flags.map((f) => [f.name, f.added.length, f.removed.length])).toEqual([
        ['old-flag', 1, 1],
      ]);
    }
    const pad = 'x'.repeat(300);
    const r = repo({ 'a.ts': `const a = ["old-flag", "${pad}"];\n` });
    r.write({ 'a.ts': `const a = ["old-flag", "${pad}y"];\n` });
    expect((await json(r)).flags).toEqual([]);
    r.write({ 'a.ts': `const a = ["old-flag", "${pad}", "old-flag"];\n` });
    const d = await json(r);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.length])).toEqual([['old-flag', 1, 0]]);
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(3);
  });

  it('an unknown name on an edited line is not new; a second call of it on a new line is', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'isEnabled("typo-flag") && x;\n' });
    r.write({ 'a.ts': 'isEnabled("typo-flag") && y;\n' });
    expect((await json(r)).unknown).toEqual([]);
    r.write({ 'a.ts': 'isEnabled("typo-flag") && y;\nisEnabled("typo-flag");\n' });
    expect((await json(r)).unknown.map((u) => [u.name, u.line])).toEqual([['typo-flag', 2]]);
  });

  it("-o github: at most 10 error and 10 warning annotations (GitHub drops the rest of a step's); the summary says so and lists every finding", async () => {
    serve(server);
    const r = repo({ 'a.ts': '\n' });
    const lines = [
      ...Array.from({ length: 12 }, (_, i) => `f${i}("old-flag")`),
      ...Array.from({ length: 13 }, (_, i) => `isEnabled("typo-${i}")`),
    ];
    r.write({ 'a.ts': `${lines.join('\n')}\n` });
    const summary = join(scratch, 'cap.md');
    const g = await diff(r, ['--diff', 'HEAD', '-o', 'github', '--fail-on', 'added-stale'], {
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(g.code).toBe(3);
    const out = g.stdout.trim().split('\n');
    expect(out.filter((l) => l.startsWith('::error ')).map((l) => /line=(\d+)/.exec(l)![1])).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    expect(out.filter((l) => l.startsWith('::warning '))).toHaveLength(10);
    expect(out).toHaveLength(20);
    expect(g.stderr).toMatch(
      /5 more findings not annotated \(GitHub shows 10 errors and 10 warnings a step\); all are in the job summary/,
    );
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('- 5 findings not annotated: GitHub shows at most 10 error and 10 warning annotations a step');
    expect(md).toContain('**typo-12** in a flag call at a.ts:25');
    expect(md).toContain('<details><summary>12 references added or removed</summary>');
  });

  it('an archived flag losing its last reference: shown as archived in the extinct list and the markdown details, not active (failed before)', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'f("dead-flag")\nf("gone-flag")\n' });
    r.write({ 'a.ts': '\n' });
    const md = await diff(r, ['--diff', 'HEAD', '-o', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('- 🧹 **dead-flag** (archived) has no reference left: nothing more to do');
    expect(md.stdout).toContain('- 🧹 **gone-flag** has no reference left: consider `flagctl retire plan`');
    expect(md.stdout).toContain('| − | dead-flag | archived | a.ts | 1 | f("dead-flag") |');
    expect(md.stdout).toContain('| − | gone-flag | active | a.ts | 2 | f("gone-flag") |');
    const table = await diff(r, ['--diff', 'HEAD']);
    expect(table.stdout).toMatch(
      /dead-flag \(archived, lifecycle archived, project default\): \+0 -1, extinct: no reference left \(already archived\)/,
    );
  });

  it('names in flag calls that are no flag: added-unknown exits 3; --aliases knows case forms; existing ones are not new', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'isEnabled("typo-flag")\n' });
    r.write({
      'a.ts':
        'isEnabled("typo-flag")\nunleash.isEnabled(\'another-typo\')\nclient.is_enabled("liveFlag")\nconst s = "just a string"\n',
    });
    const d = await json(r);
    expect(d.unknown.map((u) => [u.name, u.line, u.column])).toEqual([
      ['another-typo', 2, 20],
      ['liveFlag', 3, 20],
    ]);
    const aliased = await json(r, ['--aliases']);
    expect(aliased.unknown.map((u) => u.name)).toEqual(['another-typo']);
    const gate = await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-unknown', '--aliases', '-o', 'github']);
    expect(gate.code).toBe(3);
    expect(gate.stdout).toBe(
      '::error file=a.ts,line=2,col=20,title=Unknown flag%3A another-typo::another-typo is called as a flag, but the server has no flag of that name\n',
    );
  });

  it('gates on archived and completed flags; a gate that is not tripped exits 0', async () => {
    serve(server);
    const r = repo({ 'a.ts': '\n' });
    r.write({ 'a.ts': 'f("dead-flag")\nf("done-flag")\nf("live-flag")\n' });
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-archived'])).code).toBe(3);
    const completed = await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-completed', '-o', 'json']);
    expect(completed.code).toBe(3);
    expect(completed.stderr).toMatch(/done-flag \(completed\)/);
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(0);
  });

  it('binary and huge changed files are skipped and reported, as refs skips them; an unreadable base blob fails the gate', async () => {
    serve(server);
    const r = repo({ 'img.bin': Buffer.from('"old-flag"\0\0'), 'big.txt': 'x\n', 'a.ts': 'f("live-flag")\n' });
    r.write({
      'img.bin': Buffer.from('"old-flag" "dead-flag"\x00\x01'),
      'big.txt': `"old-flag"\n${'x'.repeat(2048)}\n`,
    });
    const d = await diff(r, ['--diff', 'HEAD', '-o', 'json', '--max-file-kb', '1', '--fail-on', 'added-stale']);
    expect(d.code).toBe(0);
    const doc = JSON.parse(d.stdout) as RefsDiff;
    expect(doc.flags).toEqual([]);
    expect(doc.skipped).toEqual([
      { file: 'big.txt', side: 'tree', reason: 'large' },
      { file: 'img.bin', side: 'base', reason: 'binary' },
      { file: 'img.bin', side: 'tree', reason: 'binary' },
    ]);
    expect(d.stderr).toBe(
      'flagctl: note: not read: big.txt (large, tree), img.bin (binary, base), img.bin (binary, tree)\n',
    );

    // The base side of a.ts, deleted from the work tree, cannot be read (its blob is gone): the gate cannot pass.
    const blob = r.git('rev-parse', 'HEAD:a.ts').trim();
    rmSync(join(r.dir, '.git/objects', blob.slice(0, 2), blob.slice(2)));
    r.remove('a.ts');
    const gate = await diff(r, ['--diff', 'HEAD', '--max-file-kb', '1', '--fail-on', 'added-stale']);
    expect(gate.code).toBe(1);
    expect(gate.stderr).toBe('flagctl: could not read a.ts (base): --fail-on cannot pass on files it did not read\n');
    expect((await diff(r, ['--diff', 'HEAD', '--max-file-kb', '1'])).code).toBe(0);
    // With the default limit big.txt is read, and the stale reference it adds trips the gate.
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(3);
  });
});

describe('refs --diff: the cost follows the change', { timeout: 30_000 }, () => {
  it('reads only the touched files, and for the extinction pass only files holding those names', async () => {
    serve(server);
    // Outside the diff: committed files that would show if read (binary and over --max-file-kb
    // are listed as skipped; done-flag is completed and would trip added-completed if counted
    // as added), and git-ignored untracked ones just the same.
    const r = repo({
      '.gitignore': 'ignored/\n',
      'src/a.ts': 'f("gone-flag")\n',
      'unchanged.ts': 'f("done-flag")\nf("live-flag")\n',
      'blob.bin': Buffer.from('f("done-flag")\0\0'),
      'huge.txt': `f("done-flag")\n${'x'.repeat(4096)}\n`,
    });
    r.write({
      'src/a.ts': 'f("old-flag")\nf("live-flag")\n',
      'ignored/x.ts': 'f("done-flag")\n',
      'ignored/y.bin': Buffer.from('\0"done-flag"'),
    });
    const got = await diff(r, ['--diff', 'HEAD', '-o', 'json', '--max-file-kb', '1', '--fail-on', 'added-completed']);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    const d = JSON.parse(got.stdout) as RefsDiff;
    expect(d.changedFiles).toBe(1);
    expect(d.skipped).toEqual([]);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.length, f.extinct, f.newToCode])).toEqual([
      ['gone-flag', 0, 1, true, false],
      // live-flag's first reference in the changed file is not new to the code: unchanged.ts
      // holds it at both revisions, which only the extinction pass over the tree can tell.
      ['live-flag', 1, 0, false, false],
      ['old-flag', 1, 0, false, true],
    ]);
  });

  it("a new untracked file that brings a flag's first reference: new to the code unless an untouched file holds it", async () => {
    serve(server);
    // git grep starts with the tracked files' names (gone-flag) while git lists untracked
    // files; the new file's names (live-flag, old-flag) are searched after it.
    const r = repo({ 'a.ts': 'f("gone-flag")\n', 'other.ts': 'f("live-flag")\n' });
    r.write({ 'a.ts': 'x\n', 'n.ts': 'f("live-flag")\nf("old-flag")\n' });
    const d = await json(r);
    expect(d.changedFiles).toBe(2);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.length, f.extinct, f.newToCode])).toEqual([
      ['gone-flag', 0, 1, true, false],
      ['live-flag', 1, 0, false, false],
      ['old-flag', 1, 0, false, true],
    ]);
  });

  it('a flag that the new files take out of the extinction pass: the files holding only its name are not read', async () => {
    serve(server);
    // git grep starts with gone-flag and old-flag (the tracked change removes both); the new
    // file takes old-flag back, so only gone-flag is looked for: big.bin holds old-flag alone
    // and, binary, would be listed as skipped had it been read.
    const r = repo({ 'a.ts': 'f("gone-flag")\nf("old-flag")\n', 'big.bin': Buffer.from('\0"old-flag"\n') });
    r.write({ 'a.ts': 'x\n', 'b.ts': 'g("old-flag")\n' });
    const d = await json(r);
    expect(d.skipped).toEqual([]);
    expect(d.flags.map((f) => [f.name, f.added.length, f.removed.length, f.extinct])).toEqual([
      ['gone-flag', 0, 1, true],
      ['old-flag', 1, 1, false],
    ]);
  });

  it('a failed request ends the git commands still running: nothing is left behind the error', async () => {
    server.json('/api/admin/projects', { message: 'token refused' }, 401); // before serve(): the first route wins
    serve(server);
    const r = repo({ 'a.ts': 'f("gone-flag")\n' });
    r.write({ 'a.ts': 'x\n' });
    // A git whose listing of untracked files never ends on its own; every other command is git's.
    const bin = mkdtempSync(join(tmpdir(), 'flagctl-fake-git-'));
    const pidFile = join(bin, 'ls-files.pid');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\nif [ "$1" = ls-files ]; then echo $$ > '${pidFile}'; exec sleep 60; fi\nexec '${realGit}' "$@"\n`,
      { mode: 0o755 },
    );
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    let pid = 0;
    try {
      const got = await diff(r, ['--diff', 'HEAD']);
      expect(got.code).toBe(4);
      pid = Number(readFileSync(pidFile, 'utf8'));
      expect(pid).toBeGreaterThan(0);
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(alive()).toBe(false);
    } finally {
      process.env.PATH = path;
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone, as it should be
        }
      }
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('untracked files count for extinction wherever they lie in the repository, ignored ones only with --no-ignore', async () => {
    serve(server);
    // The change is in packages/web (--root); the other references are outside it: untracked
    // (not ignored) in packages/api, untracked and ignored in tmp/, and in the changed package.
    const r = repo({
      '.gitignore': 'tmp/\n',
      'packages/web/a.ts': 'f("gone-flag")\nf("live-flag")\nf("old-flag")\n',
      'packages/api/keep.ts': 'x\n',
    });
    r.write({
      'packages/web/a.ts': 'x\n',
      'packages/web/new.ts': 'f("old-flag")\n',
      'packages/api/draft.ts': 'f("live-flag")\n',
      'tmp/scratch.ts': 'f("gone-flag")\n',
    });
    const rows = async (extra: string[]) => {
      const got = await runCli(
        ['refs', '--diff', 'HEAD', '--root', join(r.dir, 'packages/web'), '-o', 'json', ...extra],
        { env: env() },
      );
      expect(got.stderr).toBe('');
      expect(got.code).toBe(0);
      return (JSON.parse(got.stdout) as RefsDiff).flags.map((f) => [f.name, f.extinct]);
    };
    // old-flag moved to an untracked file of the package (a move: no row); live-flag lives on
    // in an untracked file of another package; gone-flag only in an ignored one.
    expect(await rows([])).toEqual([
      ['gone-flag', true],
      ['live-flag', false],
    ]);
    expect(await rows(['--no-ignore'])).toEqual([
      ['gone-flag', false],
      ['live-flag', false],
    ]);
  });

  it('-o github: an added reference to a stale flag is annotated; a removed one is not', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'if (isEnabled("old-flag")) a();\n', 'b.ts': 'const x = 1;\n' });
    r.write({ 'a.ts': 'a();\n', 'b.ts': 'const x = 1;\nconst on = isEnabled("old-flag") && b();\n' });
    const d = await json(r);
    expect(flag(d, 'old-flag')).toMatchObject({
      added: [{ file: 'b.ts', line: 2 }],
      removed: [{ file: 'a.ts', line: 1 }],
    });
    const summary = join(scratch, 'removed-summary.md');
    const g = await diff(r, ['--diff', 'HEAD', '-o', 'github'], { GITHUB_STEP_SUMMARY: summary });
    expect(g.code).toBe(0);
    expect(g.stdout).toBe(
      '::warning file=b.ts,line=2,col=23,title=Flag stale%3A old-flag::old-flag (marked stale, lifecycle live, project default) is stale; this change adds a reference to it\n',
    );
    const gated = await diff(r, ['--diff', 'HEAD', '-o', 'github', '--fail-on', 'added-stale'], {
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(gated.code).toBe(3);
    expect(gated.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^::error file=b\.ts,line=2,col=23,/),
    ]);

    // Only removed: nothing to annotate, and no gate trips.
    r.write({ 'b.ts': 'const x = 1;\n' });
    const removed = await diff(r, ['--diff', 'HEAD', '-o', 'github', '--fail-on', 'added-stale'], {
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('');
    expect(readFileSync(summary, 'utf8')).toContain('**old-flag** has no reference left');
  });
});

describe('refs --diff: monorepos', { timeout: 30_000 }, () => {
  it("flagctl.json maps a package to a project: its files see only that project's flags", async () => {
    serve(server);
    const r = repo({
      'flagctl.json': JSON.stringify({ projects: { 'packages/web': 'web' } }),
      'packages/web/a.ts': '\n',
      'packages/api/a.ts': '\n',
    });
    r.write({
      'packages/web/a.ts': 'isEnabled("web-flag")\nisEnabled("live-flag")\n',
      'packages/api/a.ts': 'isEnabled("live-flag")\nisEnabled("web-flag")\n',
    });
    const d = await json(r);
    expect(d.flags.map((f) => [f.name, f.added.map((p) => p.file)])).toEqual([
      ['live-flag', ['packages/api/a.ts']],
      ['web-flag', ['packages/api/a.ts', 'packages/web/a.ts']],
    ]);
    expect(d.unknown.map((u) => [u.name, u.file, u.project])).toEqual([['live-flag', 'packages/web/a.ts', 'web']]);
    // --root: one package; paths stay relative to the repository top (where annotations need them).
    const web = await runCli(['refs', '--diff', 'HEAD', '--root', join(r.dir, 'packages/web'), '-o', 'json'], {
      env: env(),
    });
    expect((JSON.parse(web.stdout) as RefsDiff).flags.map((f) => [f.name, f.added.map((p) => p.file)])).toEqual([
      ['web-flag', ['packages/web/a.ts']],
    ]);
  });

  it('a mapped project the server does not have: exit 5', async () => {
    serve(server);
    const r = repo({ 'flagctl.json': JSON.stringify({ projects: { 'packages/x': 'nope' } }), 'packages/x/a.ts': '\n' });
    const got = await diff(r, ['--diff', 'HEAD']);
    expect(got.code).toBe(5);
    expect(got.stderr).toMatch(
      /flagctl\.json maps packages\/x → nope, but this server has no project "nope"; it has: default, web/,
    );
  });
});

describe('refs --diff: bad input (exit 2, nothing sent)', { timeout: 30_000 }, () => {
  it('a base that is no revision', async () => {
    const r = repo({ 'a.ts': '\n' });
    expectUsageError(
      await diff(r, ['--diff', 'no-such-branch']),
      /--diff "no-such-branch": not a revision in this repository/,
      server,
    );
    expectUsageError(await diff(r, ['--diff', '--output=x']), /not a revision/, server);
  });

  it('a shallow clone says it is shallow and names the fix (failed before: "not a revision… e.g. --diff HEAD~1")', async () => {
    serve(server);
    const origin = repo({ 'a.ts': 'f("live-flag")\n' });
    origin.write({ 'a.ts': 'f("live-flag")\nf("old-flag")\n' });
    const second = origin.commit('second');
    const shallow = makeRepo();
    repos.push(shallow);
    rmSync(shallow.dir, { recursive: true, force: true });
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin.dir}`, shallow.dir]);
    expect(shallow.git('rev-parse', 'HEAD').trim()).toBe(second);
    for (const base of ['HEAD~1', 'main~1']) {
      expectUsageError(
        await diff(shallow, ['--diff', base]),
        /not in this clone, which is shallow .*fetch-depth: 0.*git fetch --deepen/,
        server,
      );
    }
    shallow.git('fetch', '-q', '--deepen=1');
    serve(server);
    const deeper = await diff(shallow, ['--diff', 'HEAD~1', '-o', 'json']);
    expect(deeper.code).toBe(0);
    expect((JSON.parse(deeper.stdout) as RefsDiff).flags.map((f) => [f.name, f.added.length])).toEqual([
      ['old-flag', 1],
    ]);
  });

  it('a directory that is not in a git work tree', async () => {
    const got = await runCli(['refs', '--diff', 'HEAD', '--root', scratch], { env: env() });
    expectUsageError(got, /is not inside a git work tree/, server);
  });

  it('options that do not go with --diff, and --diff gates without it', async () => {
    const r = repo({ 'a.ts': '\n', '.flagctl.yml': 'projects: {}\n' });
    expectUsageError(
      await diff(r, ['--diff', 'HEAD']),
      /\.flagctl\.yml: flagctl reads its configuration from flagctl\.json only/,
      server,
    );
    r.remove('.flagctl.yml');
    expectUsageError(
      await diff(r, ['--diff', 'HEAD', '--fail-on', 'stale']),
      /--fail-on stale: with --diff, the gates are added-stale/,
      server,
    );
    expectUsageError(await diff(r, ['--diff', 'HEAD', '-o', 'sarif']), /-o sarif: not with --diff/, server);
    expectUsageError(
      await runCli(['refs', '--fail-on', 'added-stale'], { env: env() }),
      /--fail-on added-stale: only with --diff/,
      server,
    );
    expectUsageError(await runCli(['refs', '--root', r.dir], { env: env() }), /--root: only with --diff/, server);
    r.write({ 'flagctl.json': '{"projects": {"../up": "web"}}' });
    expectUsageError(
      await diff(r, ['--diff', 'HEAD']),
      /flagctl\.json: "projects": "\.\.\/up" is not a relative path inside the repository/,
      server,
    );
  });
});

describe("flagctl's own plans and results are not references", { timeout: 30_000 }, () => {
  const plan = JSON.stringify({ kind: 'flagctl-retire-plan', version: 2, flags: [{ name: 'old-flag' }] }, null, 2);

  it('refs --diff: a change that adds an earlier plan and a result (yaml) passes --fail-on added-stale; a notes file does not (failed before)', async () => {
    serve(server);
    const r = repo({ 'a.ts': 'render();\n' });
    r.write({
      'retire/plan-2026-11-19.json': plan,
      'retire/result-2026-11-19.yaml': 'kind: flagctl-retire-result\narchived:\n  - name: old-flag\n',
    });
    expect((await json(r)).flags).toEqual([]);
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(0);
    r.write({ 'notes.json': '{"todo": "old-flag"}\n' });
    expect((await diff(r, ['--diff', 'HEAD', '--fail-on', 'added-stale'])).code).toBe(3);
  });

  it('refs: a plan file in the tree holds no reference; any other file naming the flag does', async () => {
    serve(server);
    const r = repo({ 'retire/plan.json': plan, 'a.ts': 'if (isEnabled("live-flag")) a();\n' });
    const out = await runCli(['refs', r.dir], { env: env() });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim().split('\n').slice(1)).toEqual([
      `live-flag\tactive\tfalse\t${r.dir}/a.ts\t1\t16\tif (isEnabled("live-flag")) a();`,
    ]);
  });
});
