import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { flagctl, NODE, target } from './cli.js';
import { SEED } from './harness/seed.mjs';
import { makeRepo, type TestRepo } from '../unit/refs-diff-repo.js';
import type { RefsDiff } from '../../src/refs/diff/model.js';

// `flagctl refs --diff` and the GitHub Action's script against real servers, over git
// repositories built here. Reads only: the seeded flags are used as they are.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ACTION_SCRIPT = join(ROOT, 'scripts/action/refs-diff.sh');
const STALE = SEED.staleFeature;
const ACTIVE = 'new-checkout-flow';

const repos: TestRepo[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-refsdiff-e2e-'));
let tarball = '';
beforeAll(() => {
  // The action installs flagctl from a release tarball: this one, packed from the build.
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], { cwd: ROOT, encoding: 'utf8' });
  tarball = join(scratch, (JSON.parse(out) as { filename: string }[])[0]!.filename);
}, 120_000);
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
  const diff = async (r: TestRepo, args: string[], extra: Record<string, string> = {}) => flagctl(['refs', '--root', r.dir, '--diff', 'HEAD~1', ...args], { ...env, ...extra });
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
      expect(d.flags.map((f) => [f.flag, f.state, f.added.map((p) => `${p.file}:${p.line}:${p.column}`), f.removed.length, f.newToCode])).toEqual([
        [STALE, 'stale', ['src/app.ts:3:24'], 0, true],
      ]);
      const gate = await diff(r, ['-o', 'github', '--fail-on', 'added-stale']);
      expect(gate.code).toBe(3);
      expect(gate.stdout).toMatch(new RegExp(`^::error file=src/app.ts,line=3,col=24,title=Flag stale%3A ${STALE}::${STALE} \\(marked stale, lifecycle \\w+, project default\\) is stale`));
      expect(gate.stdout.trim().split('\n')).toHaveLength(1);
    });

    it('the Action\'s script: installs the tarball, writes the annotation, the step summary and the outputs', async () => {
      const r = repo({ 'a.ts': `f("${ACTIVE}")\n` });
      r.write({ 'a.ts': `f(0)\n`, 'b.ts': `use('${STALE}')\n` });
      r.commit('change');
      const base = r.git('rev-parse', 'HEAD~1').trim();
      const summary = join(scratch, `summary-${server.version}.md`);
      const outputs = join(scratch, `outputs-${server.version}`);
      writeFileSync(outputs, '');
      const run = spawnSync('bash', [ACTION_SCRIPT], {
        cwd: r.dir,
        encoding: 'utf8',
        env: {
          PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`,
          HOME: scratch,
          npm_config_offline: 'true',
          npm_config_cache: join(scratch, 'npm-cache'),
          RUNNER_TEMP: join(scratch, `runner-${server.version}`),
          GITHUB_ACTIONS: 'true',
          GITHUB_OUTPUT: outputs,
          GITHUB_STEP_SUMMARY: summary,
          INPUT_BASE: base,
          INPUT_FAIL_ON: 'added-stale',
          INPUT_VERSION: tarball,
          ...env,
        },
      });
      expect(run.status, run.stderr).toBe(3);
      expect(run.stdout).toMatch(new RegExp(`^::error file=b.ts,line=1,col=6,title=Flag stale%3A ${STALE}::`));
      const out = readFileSync(outputs, 'utf8');
      expect(out).toMatch(new RegExp(`^extinct<<(ghadelimiter_[\\w-]+)\\n\\["${ACTIVE}"\\]\\n\\1\\nadded-stale<<(ghadelimiter_[\\w-]+)\\n\\["${STALE}"\\]\\n\\2\\n$`));
      const md = readFileSync(summary, 'utf8');
      expect(md).toContain('### Feature flags in this change');
      expect(md).toContain(`**${ACTIVE}** has no reference left: consider \`flagctl retire plan\``);
      expect(md).toContain('<details><summary>2 references added or removed</summary>');
    });

    it('a commit removing the last reference to a flag: extinct; one still referenced elsewhere is not', async () => {
      const r = repo({ 'a.ts': `f("${ACTIVE}")\nf("${STALE}")\n`, 'keep/b.ts': `g("${STALE}")\n` });
      r.write({ 'a.ts': 'f(0)\n' });
      r.commit('drop both');
      const d = await json(r);
      expect(d.flags.map((f) => [f.flag, f.removed.map((p) => `${p.file}:${p.line}`), f.extinct])).toEqual([
        [STALE, ['a.ts:2'], false],
        [ACTIVE, ['a.ts:1'], true],
      ]);
      const table = await diff(r, []);
      expect(table.stdout).toContain('extinct: no reference left; see `flagctl retire plan`');
    });

    it('a rename that moves references between files: neither added nor removed', async () => {
      const r = repo({ 'src/old.ts': `export const a = isEnabled("${ACTIVE}");\nexport const b = isEnabled("${STALE}");\n` });
      r.git('mv', 'src/old.ts', 'src/new.ts');
      r.write({ 'src/new.ts': `export const a = isEnabled("${ACTIVE}");\n`, 'src/split.ts': `export const b = isEnabled("${STALE}");\n` });
      r.commit('rename and split');
      const d = await json(r, ['--fail-on', 'added-stale']);
      expect(d.changedFiles).toBe(3);
      expect(d.flags).toEqual([]);
    });

    it('a monorepo mapped by flagctl.json: a package mapped to default is judged against it; a project the server lacks exits 5', async () => {
      // Open-source Unleash has one project: `default`. packages/web is mapped to it; a flag
      // named in packages/admin, mapped to a project the server does not have, would be unknown.
      const r = repo({ 'flagctl.json': JSON.stringify({ projects: { 'packages/web': 'default' } }), 'packages/web/a.ts': '\n', 'packages/admin/a.ts': '\n' });
      r.write({ 'packages/web/a.ts': `isEnabled("${STALE}")\n`, 'packages/admin/a.ts': `isEnabled("${ACTIVE}")\n` });
      r.commit('two packages');
      const d = await json(r);
      expect(d.flags.map((f) => [f.flag, f.project, f.added.map((p) => p.file)])).toEqual([
        [STALE, 'default', ['packages/web/a.ts']],
        [ACTIVE, 'default', ['packages/admin/a.ts']],
      ]);
      const web = await flagctl(['refs', '--root', join(r.dir, 'packages/web'), '--diff', 'HEAD~1', '-o', 'json'], env);
      expect((JSON.parse(web.stdout) as RefsDiff).flags.map((f) => f.flag)).toEqual([STALE]);

      r.write({ 'flagctl.json': JSON.stringify({ projects: { 'packages/web': 'default', 'packages/admin': 'admin-no-such-project' } }) });
      const missing = await diff(r, ['--fail-on', 'added-stale']);
      expect(missing.code).toBe(5);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toMatch(/flagctl\.json maps packages\/admin → admin-no-such-project, but this server has no project "admin-no-such-project"; it has: default/);
    });
  });
}
