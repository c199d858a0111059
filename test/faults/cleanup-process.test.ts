import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP, WORKER, useTrees } from '../support/cleanup-sources.js';

// cleanup as the built CLI, a process in a git work tree: its patch goes through `git apply`.
// In-process cleanup is test/commands/cleanup.test.ts.

const BIN = join(__dirname, '../../bin/flagctl');

const repo = useTrees();

/** git in `dir`, with no user configuration and a fixed author. */
function gitIn(dir: string): (...args: string[]) => string {
  return (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    });
}

describe('cleanup, the built CLI in a git work tree', () => {
  it('prints a patch that git apply accepts, after which no reference is left', () => {
    const dir = repo({ 'src/App.tsx': APP, 'src/worker.ts': WORKER.replace(/\n/g, '\r\n'), 'README.md': '# app\n' });
    const git = gitIn(dir);
    git('init', '-q', '.');
    git('add', '-A');
    git('commit', '-qm', 'start');
    const run = spawnSync(process.execPath, [BIN, 'cleanup', 'new-checkout', '--keep', 'on'], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir },
    });
    expect(run.stderr).toBe('flagctl cleanup: would edit 2 files; 0 leftovers\n');
    expect(run.status).toBe(0);
    writeFileSync(join(dir, '.patch'), run.stdout);
    git('apply', '.patch');
    expect(readFileSync(join(dir, 'src/App.tsx'), 'utf8')).toBe(
      `export function App() {\n  return <main><NewCheckout /></main>;\n}\n`,
    );
    expect(readFileSync(join(dir, 'src/worker.ts'), 'utf8')).toBe(
      `import { initialize } from 'unleash-client';\r\nconst unleash = initialize({ url: 'u', appName: 'w' });\r\nexport function work() {\r\n  return modern();\r\n}\r\n`,
    );
    // git grep exits 1 when nothing matches.
    expect(spawnSync('git', ['grep', '-n', 'new-checkout'], { cwd: dir, encoding: 'utf8' })).toMatchObject({
      status: 1,
      stdout: '',
    });
  });

  // A path given absolute, or a run from a folder below the top: the patch still names each file
  // from the top of the work tree, where git apply reads it (it once wrote `a//tmp/…`).
  it.each([
    ['the tree given as an absolute path', (dir: string) => ({ cwd: dir, args: [dir] })],
    ['run from src/ on .', (dir: string) => ({ cwd: join(dir, 'src'), args: ['.'] })],
  ])('%s: the patch names files from the top of the work tree, and git apply takes it', (_label, how) => {
    const dir = repo({ 'src/App.tsx': APP, 'README.md': '# app\n' });
    const git = gitIn(dir);
    git('init', '-q', '.');
    git('add', '-A');
    git('commit', '-qm', 'start');
    const { cwd, args } = how(dir);
    const run = spawnSync(process.execPath, [BIN, 'cleanup', 'new-checkout', ...args, '--keep', 'on'], {
      cwd,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('diff --git a/src/App.tsx b/src/App.tsx');
    writeFileSync(join(dir, '.patch'), run.stdout);
    git('apply', '.patch');
    expect(readFileSync(join(dir, 'src/App.tsx'), 'utf8')).toBe(
      `export function App() {\n  return <main><NewCheckout /></main>;\n}\n`,
    );
  });
});
