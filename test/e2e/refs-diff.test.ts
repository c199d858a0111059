import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { flagctl, NODE, target } from './cli.js';
import { SEED } from './harness/seed.mjs';
import { makeRepo, type TestRepo } from '../support/refs-diff-repo.js';
import type { RefsDiff } from '../../src/refs/diff/model.js';

// `flagctl refs --diff` and the GitHub Action's script against real servers, over git
// repositories built here. Reads only: the seeded flags are used as they are.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STALE = SEED.staleFeature;
const ACTIVE = 'new-checkout-flow';

const repos: TestRepo[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-refsdiff-e2e-'));
// The action's own files, as a release tag holds them (scripts/release.mjs: the built dist/).
const actionDir = join(scratch, 'action');
const fakeBin = join(scratch, 'fake-bin');
const calledLog = join(scratch, 'called.log');
beforeAll(() => {
  for (const path of [
    'action.yml',
    'package.json',
    'bin',
    'scripts/action',
    'dist/flagctl.cjs',
    'dist/feature-get.cjs',
    'dist/launch.cjs',
  ])
    cpSync(join(ROOT, path), join(actionDir, path), { recursive: true });
  mkdirSync(fakeBin);
  writeFileSync(calledLog, '');
  for (const tool of ['npm', 'npx', 'curl', 'wget']) {
    writeFileSync(join(fakeBin, tool), `#!/bin/sh\necho "${tool} $*" >> '${calledLog}'\nexit 1\n`, { mode: 0o755 });
  }
});
afterAll(() => {
  for (const r of repos) r.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const repo = (files: Record<string, string>) => {
  const r = makeRepo(files);
  repos.push(r);
  r.commit('base');
  return r;
};

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const diff = async (r: TestRepo, args: string[], extra: Record<string, string> = {}) =>
    flagctl(['refs', '--root', r.dir, '--diff', 'HEAD~1', ...args], { ...env, ...extra });
  const json = async (r: TestRepo, args: string[] = []) => {
    const got = await diff(r, ['-o', 'json', ...args]);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    return JSON.parse(got.stdout) as RefsDiff;
  };

  describe(`refs --diff on Unleash ${server.pkg}`, { timeout: 120_000 }, () => {
    it('a commit adding a reference to a stale flag: exit 3 with --fail-on added-stale, an annotation on that line', async () => {
      const r = repo({ 'src/app.ts': `if (isEnabled("${ACTIVE}")) run();\n` });
      r.write({ 'src/app.ts': `if (isEnabled("${ACTIVE}")) run();\n\nif (unleash.isEnabled("${STALE}")) legacy();\n` });
      r.commit('use the old search');
      const d = await json(r);
      expect(
        d.flags.map((f) => [
          f.name,
          f.state,
          f.added.map((p) => `${p.file}:${p.line}:${p.column}`),
          f.removed.length,
          f.newToCode,
        ]),
      ).toEqual([[STALE, 'stale', ['src/app.ts:3:24'], 0, true]]);
      const gate = await diff(r, ['-o', 'github', '--fail-on', 'added-stale']);
      expect(gate.code).toBe(3);
      expect(gate.stdout).toMatch(
        new RegExp(
          `^::error file=src/app.ts,line=3,col=24,title=Flag stale%3A ${STALE}::${STALE} \\(marked stale, lifecycle \\w+, project default\\) is stale`,
        ),
      );
      expect(gate.stdout.trim().split('\n')).toHaveLength(1);
    });

    // The action as the runner runs it: its two steps (action.yml) with GITHUB_ACTION_PATH,
    // GITHUB_OUTPUT and GITHUB_STEP_SUMMARY set, in a shallow clone as actions/checkout makes
    // one, with a PATH whose npm, npx, curl and wget fail and record that they were called.
    const runAction = (clone: string, inputs: Record<string, string>, tag: string) => {
      const summary = join(scratch, `summary-${server.version}-${tag}.md`);
      const outputs = join(scratch, `outputs-${server.version}-${tag}`);
      writeFileSync(outputs, '');
      writeFileSync(summary, '');
      const base = {
        PATH: `${fakeBin}:${dirname(NODE)}:${process.env.PATH ?? ''}`,
        HOME: scratch,
        GITHUB_ACTIONS: 'true',
        GITHUB_ACTION_PATH: actionDir,
        GITHUB_OUTPUT: outputs,
        GITHUB_STEP_SUMMARY: summary,
      };
      const setup = spawnSync('bash', [join(actionDir, 'scripts/action/setup.sh')], {
        cwd: clone,
        encoding: 'utf8',
        env: base,
      });
      expect(setup.status, setup.stderr).toBe(0);
      const cli = /^cli=(.*)$/m.exec(readFileSync(outputs, 'utf8'))![1]!;
      writeFileSync(outputs, '');
      const run = spawnSync('bash', [join(actionDir, 'scripts/action/refs-diff.sh')], {
        cwd: clone,
        encoding: 'utf8',
        env: { ...base, FLAGCTL_CLI: cli, ...env, ...inputs },
      });
      expect(readFileSync(calledLog, 'utf8')).toBe(''); // nothing installed, nothing downloaded
      return { ...run, summary: readFileSync(summary, 'utf8'), outputs: readFileSync(outputs, 'utf8'), cli };
    };
    const shallowClone = (r: TestRepo, tag: string, branch?: string) => {
      const dir = join(scratch, `clone-${server.version}-${tag}`);
      execFileSync('git', [
        'clone',
        '-q',
        '--depth',
        '1',
        ...(branch ? ['--branch', branch] : []),
        `file://${r.dir}`,
        dir,
      ]);
      expect(
        execFileSync('git', ['-C', dir, 'rev-parse', '--is-shallow-repository'], { encoding: 'utf8' }).trim(),
      ).toBe('true');
      return dir;
    };

    it('the Action in a shallow clone: runs the flagctl of its own checkout, fetches the base commit, writes the annotation, the summary and the outputs', async () => {
      const r = repo({ 'a.ts': `f("${ACTIVE}")\n` });
      r.write({ 'a.ts': `f(0)\n`, 'b.ts': `use('${STALE}')\n` });
      r.commit('change');
      const base = r.git('rev-parse', 'HEAD~1').trim();
      const run = runAction(shallowClone(r, 'sha'), { INPUT_BASE: base, INPUT_FAIL_ON: 'added-stale' }, 'sha');
      expect(run.status, run.stderr).toBe(3);
      expect(run.cli).toBe(join(actionDir, 'bin/flagctl'));
      expect(run.stdout).toMatch(new RegExp(`^::error file=b.ts,line=1,col=6,title=Flag stale%3A ${STALE}::`));
      expect(run.outputs).toMatch(
        new RegExp(
          `^extinct<<(ghadelimiter_[\\w-]+)\\n\\["${ACTIVE}"\\]\\n\\1\\nadded-stale<<(ghadelimiter_[\\w-]+)\\n\\["${STALE}"\\]\\n\\2\\n$`,
        ),
      );
      expect(run.summary).toContain('### Feature flags in this change');
      expect(run.summary).toContain(`**${ACTIVE}** has no reference left: consider \`flagctl retire plan\``);
      expect(run.summary).toContain('<details><summary>2 references added or removed</summary>');
    });

    it("the Action with base: main fetches the branch to origin/main; a base origin lacks exits 1 with a message and a summary (failed before: git's raw 128)", async () => {
      const r = repo({ 'a.ts': `f("${ACTIVE}")\n` });
      r.git('checkout', '-q', '-b', 'feature');
      r.write({ 'a.ts': `f("${ACTIVE}")\nf("${STALE}")\n` });
      r.commit('feature');
      const clone = shallowClone(r, 'branch', 'feature');
      const run = runAction(
        clone,
        {
          INPUT_BASE: 'main',
          INPUT_FAIL_ON: 'added-stale',
          INPUT_EXCLUDE: 'vendor/**\n\ndocs/**',
          INPUT_CALLS: 'useUiFlag',
        },
        'branch',
      );
      expect(run.status, run.stderr).toBe(3);
      expect(run.stdout).toMatch(new RegExp(`^::error file=a.ts,line=2,col=4,title=Flag stale%3A ${STALE}::`));
      expect(run.summary).toContain('### Feature flags in this change');

      const missing = runAction(clone, { INPUT_BASE: 'f'.repeat(40) }, 'missing');
      expect(missing.status).toBe(1);
      expect(missing.stdout).toMatch(
        /^::error title=flagctl::the base "f{40}" could not be fetched from origin \(git: (fatal|error): .+\); give a commit, branch or tag that origin has/m,
      );
      expect(missing.summary).toMatch(/^### flagctl refs --diff\n\nthe base "f{40}" could not be fetched from origin/);
      const noBranch = runAction(clone, { INPUT_BASE: 'no-such-branch' }, 'nobranch');
      expect(noBranch.status).toBe(1);
      expect(noBranch.summary).toContain('the base "no-such-branch" could not be fetched from origin');
      // A failure of flagctl itself (here: a bad --fail-on) is said in the summary too.
      const bad = runAction(clone, { INPUT_BASE: 'main', INPUT_FAIL_ON: 'added-typo' }, 'bad');
      expect(bad.status).toBe(2);
      expect(bad.summary).toMatch(/flagctl exited with 2 \(docs\/exit-codes\.md\): flagctl: --fail-on/);
    });

    it('an edited line that already named a stale flag is no addition (a union member appended); a net addition still trips the gate', async () => {
      const r = repo({ 'flags.ts': `export type Flag =\n  | '${ACTIVE}'\n  | '${STALE}';\n` });
      r.write({ 'flags.ts': `export type Flag =\n  | '${ACTIVE}'\n  | '${STALE}'\n  | 'brand-new-flag';\n` });
      r.commit('append');
      expect((await json(r, ['--fail-on', 'added-stale'])).flags).toEqual([]);
      r.write({
        'flags.ts': `export type Flag =\n  | '${ACTIVE}'\n  | '${STALE}'\n  | 'brand-new-flag';\nuse('${STALE}');\n`,
      });
      r.commit('use it');
      expect((await diff(r, ['--fail-on', 'added-stale'])).code).toBe(3);
    });

    it('refs.calls: a typo in a wrapped call is an unknown name, with --diff and in a full scan (--fail-on unknown)', async () => {
      const r = repo({
        'flagctl.json': JSON.stringify({ refs: { calls: ['useUiFlag', 'this.flags.isOn'] } }),
        'a.ts': '\n',
      });
      r.write({ 'a.ts': `useUiFlag('${ACTIVE}');\nuseUiFlag('${ACTIVE}x');\nthis.flags.isOn('${STALE}');\n` });
      r.commit('wrapped');
      expect((await json(r)).unknown.map((u) => `${u.line}:${u.column} ${u.name}`)).toEqual([`2:12 ${ACTIVE}x`]);
      expect((await diff(r, ['--fail-on', 'added-unknown'])).code).toBe(3);
      const full = await flagctl(['refs', r.dir, '--fail-on', 'unknown', '-o', 'ndjson'], env);
      expect(full.code).toBe(3);
      expect(full.stderr).toContain('flagctl: 1 name in flag calls that no flag has (unknown) (--fail-on)\n');
      expect(full.stderr).not.toContain('unknown flag'); // the names are rows of the output
      const rows = full.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { name: string; state: string; file: string; line: number; column: number });
      expect(
        rows.filter((x) => x.state === 'unknown').map((x) => [x.name, x.file.endsWith('/a.ts'), x.line, x.column]),
      ).toEqual([[`${ACTIVE}x`, true, 2, 12]]);
      r.write({ 'a.ts': `useUiFlag('${ACTIVE}');\n` });
      expect((await flagctl(['refs', r.dir, '--fail-on', 'unknown', '-o', 'ndjson'], env)).code).toBe(0);
    });

    it('a shallow clone: refs --diff says so and names the fix, exit 2', async () => {
      const r = repo({ 'a.ts': `f("${ACTIVE}")\n` });
      r.commit('second');
      const clone = shallowClone(r, 'plain');
      const got = await flagctl(['refs', '--root', clone, '--diff', 'HEAD~1'], env);
      expect(got.code).toBe(2);
      expect(got.stderr).toMatch(/not in this clone, which is shallow .*fetch-depth: 0.*git fetch --deepen/);
    });

    it('a commit removing the last reference to a flag: extinct; one still referenced elsewhere is not', async () => {
      const r = repo({ 'a.ts': `f("${ACTIVE}")\nf("${STALE}")\n`, 'keep/b.ts': `g("${STALE}")\n` });
      r.write({ 'a.ts': 'f(0)\n' });
      r.commit('drop both');
      const d = await json(r);
      expect(d.flags.map((f) => [f.name, f.removed.map((p) => `${p.file}:${p.line}`), f.extinct])).toEqual([
        [STALE, ['a.ts:2'], false],
        [ACTIVE, ['a.ts:1'], true],
      ]);
      const table = await diff(r, []);
      expect(table.stdout).toContain('extinct: no reference left; see `flagctl retire plan`');
    });

    it('a rename that moves references between files: neither added nor removed', async () => {
      const r = repo({
        'src/old.ts': `export const a = isEnabled("${ACTIVE}");\nexport const b = isEnabled("${STALE}");\n`,
      });
      r.git('mv', 'src/old.ts', 'src/new.ts');
      r.write({
        'src/new.ts': `export const a = isEnabled("${ACTIVE}");\n`,
        'src/split.ts': `export const b = isEnabled("${STALE}");\n`,
      });
      r.commit('rename and split');
      const d = await json(r, ['--fail-on', 'added-stale']);
      expect(d.changedFiles).toBe(3);
      expect(d.flags).toEqual([]);
    });

    it('a monorepo mapped by flagctl.json: a package mapped to default is judged against it; a project the server lacks exits 5', async () => {
      // Open-source Unleash has one project: `default`. packages/web is mapped to it; a flag
      // named in packages/admin, mapped to a project the server does not have, would be unknown.
      const r = repo({
        'flagctl.json': JSON.stringify({ projects: { 'packages/web': 'default' } }),
        'packages/web/a.ts': '\n',
        'packages/admin/a.ts': '\n',
      });
      r.write({ 'packages/web/a.ts': `isEnabled("${STALE}")\n`, 'packages/admin/a.ts': `isEnabled("${ACTIVE}")\n` });
      r.commit('two packages');
      const d = await json(r);
      expect(d.flags.map((f) => [f.name, f.project, f.added.map((p) => p.file)])).toEqual([
        [STALE, 'default', ['packages/web/a.ts']],
        [ACTIVE, 'default', ['packages/admin/a.ts']],
      ]);
      const web = await flagctl(['refs', '--root', join(r.dir, 'packages/web'), '--diff', 'HEAD~1', '-o', 'json'], env);
      expect((JSON.parse(web.stdout) as RefsDiff).flags.map((f) => f.name)).toEqual([STALE]);

      r.write({
        'flagctl.json': JSON.stringify({
          projects: { 'packages/web': 'default', 'packages/admin': 'admin-no-such-project' },
        }),
      });
      const missing = await diff(r, ['--fail-on', 'added-stale']);
      expect(missing.code).toBe(5);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toMatch(
        /flagctl\.json maps packages\/admin → admin-no-such-project, but this server has no project "admin-no-such-project"; it has: default/,
      );
    });
  });
}
