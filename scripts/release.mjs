#!/usr/bin/env node
// Makes a release tag that the GitHub Action can run as it is: a commit on top of HEAD that
// adds the built bundle (dist/flagctl.cjs, dist/feature-get.cjs and dist/launch.cjs, which
// bin/flagctl starts; ignored on branches), tagged
// v<version>. JavaScript actions commit their dist/ the same way: `uses: <repo>@v<version>`
// then runs exactly this build, and installs nothing (scripts/action/setup.sh). The branch
// does not move, and nothing is pushed: the script says what to push.
//
//   node scripts/release.mjs            # tags v<package.json version>
//   node scripts/release.mjs --major    # also moves v<major> (e.g. v1) to it
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const git = (args, env = {}) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } }).trim();
const fail = (message) => {
  process.stderr.write(`release: ${message}\n`);
  process.exit(1);
};

const major = process.argv.includes('--major');
const unknown = process.argv.slice(2).filter((a) => a !== '--major');
if (unknown.length > 0) fail(`unknown argument ${unknown[0]}; usage: node scripts/release.mjs [--major]`);
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (!/^\d+\.\d+\.\d+$/.test(version)) fail(`package.json version "${version}" is not x.y.z`);
const tag = `v${version}`;
if (git(['status', '--porcelain', '--untracked-files=no']) !== '')
  fail('the work tree has changes: commit them first (the tag must be a commit of the repository plus its build)');
try {
  git(['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`]);
  fail(`tag ${tag} exists already: raise the version in package.json`);
} catch {
  // no such tag: go on
}

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-release-'));
try {
  // A separate index: the user's staging area is left as it is.
  const env = { GIT_INDEX_FILE: join(scratch, 'index') };
  git(['read-tree', 'HEAD'], env);
  git(['update-index', '--add', '--', 'dist/flagctl.cjs', 'dist/feature-get.cjs', 'dist/launch.cjs'], env);
  const tree = git(['write-tree'], env);
  const commit = git([
    'commit-tree',
    tree,
    '-p',
    'HEAD',
    '-m',
    `release ${tag}: the built bundle (dist/), which the GitHub Action runs`,
  ]);
  git(['tag', '-a', tag, commit, '-m', `flagctl ${tag}`]);
  const moved = major ? `v${version.split('.')[0]}` : undefined;
  if (moved) git(['tag', '-f', '-a', moved, commit, '-m', `flagctl ${tag}`]);
  process.stdout.write(
    `tagged ${tag}${moved ? ` and ${moved}` : ''} at ${commit.slice(0, 12)} (HEAD plus dist/)\npush with: git push origin ${tag}${moved ? ` && git push -f origin ${moved}` : ''}\n`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
