import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { makeRepo, type TestRepo } from '../support/refs-diff-repo.js';
import type { RefsDiff } from '../../src/refs/diff/model.js';

// `refs --diff` in a sparse checkout (actions/checkout's `sparse-checkout:`, a monorepo's
// `git sparse-checkout set <dir>`): a file git keeps outside the checkout is in the commit but
// not on disk. Found on project-koku/koku checked out with only `koku/`: a commit that added a
// line to docs/architecture/cost-breakdown/data-model.md was reported as removing the flags it
// names (the file was read as gone), and a flag named there was called extinct.

const server = useFixtureServer();
const repos: TestRepo[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
});
const recent = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
const FLAGS = ['wide-flag', 'docs-flag'];

function serve(s: FixtureServer) {
  s.json('/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'default' }] });
  s.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: 40 }] });
  s.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [], total: 0 }));
  s.json('/api/admin/projects/default/features', {
    version: 2,
    features: FLAGS.map((name) => ({ name, type: 'release', stale: false, createdAt: recent, environments: [] })),
  });
  for (const name of FLAGS) s.json(`/api/admin/projects/default/features/${name}/lifecycle`, [{ stage: 'live' }]);
}
const env = { FLAGCTL_URL: '', FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };

/** A repository with app/ checked out and docs/ kept outside the sparse checkout. */
function sparseRepo(docs: string[]): TestRepo {
  const r = makeRepo({
    'app/a.ts': "if (unleash.isEnabled('wide-flag')) go();\n",
    'docs/notes.md': docs.join('\n'),
  });
  repos.push(r);
  r.commit('base');
  return r;
}
const sparse = (r: TestRepo) => r.git('sparse-checkout', 'set', 'app');

async function diff(r: TestRepo, base: string) {
  const got = await runCli(['refs', '--root', r.dir, '--diff', base, '-o', 'json'], {
    env: { ...env, FLAGCTL_URL: server.url },
  });
  expect(got.stderr).toBe('');
  expect(got.code).toBe(0);
  const doc = JSON.parse(got.stdout) as RefsDiff;
  return {
    skipped: doc.skipped,
    flags: doc.flags.map(
      (f) =>
        `${f.name} +${f.added.map((a) => `${a.file}:${a.line}`).join(',')} -${f.removed.map((a) => `${a.file}:${a.line}`).join(',')}${f.extinct ? ' extinct' : ''}`,
    ),
  };
}

describe('refs --diff in a sparse checkout', { timeout: 30_000 }, () => {
  it('a file outside the checkout that a commit edited is compared as the commit holds it (failed before: its references were removed, one flag extinct, the file unreadable)', async () => {
    serve(server);
    const r = sparseRepo(['Use `wide-flag` here.', 'and `docs-flag`.', '']);
    r.write({ 'docs/notes.md': ['Intro.', 'Use `wide-flag` here.', 'and `docs-flag`.', ''].join('\n') });
    r.commit('a line above');
    sparse(r);
    expect(await diff(r, 'HEAD~1')).toEqual({ skipped: [], flags: [] });
  });

  it('a reference removed outside the checkout is removed, and extinct when it was the last', async () => {
    serve(server);
    const r = sparseRepo(['Use `wide-flag` here.', 'and `docs-flag`.', '']);
    r.write({ 'docs/notes.md': 'Use `wide-flag` here.\n' });
    r.commit('docs-flag documented no more');
    sparse(r);
    expect(await diff(r, 'HEAD~1')).toEqual({ skipped: [], flags: ['docs-flag + -docs/notes.md:2 extinct'] });
  });

  it('a flag still named outside the checkout is not extinct when the change removes its last reference on disk (failed before: extinct)', async () => {
    serve(server);
    const r = sparseRepo(['Use `wide-flag` here.', '']);
    sparse(r);
    r.write({ 'app/a.ts': 'go();\n' });
    expect(await diff(r, 'HEAD')).toEqual({ skipped: [], flags: ['wide-flag + -app/a.ts:1'] });
  });
});
