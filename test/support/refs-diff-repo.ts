import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// A real git repository in a temporary directory for `refs --diff`: write files, commit, and
// change the work tree on top. Shared by the unit tests and the e2e tests.

export interface TestRepo {
  dir: string;
  write(files: Record<string, string | Buffer>): void;
  remove(...paths: string[]): void;
  git(...args: string[]): string;
  commit(message: string): string;
  cleanup(): void;
}

export function makeRepo(files: Record<string, string | Buffer> = {}): TestRepo {
  const dir = mkdtempSync(join(tmpdir(), 'flagctl-refsdiff-'));
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: dir,
    GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  };
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      env,
      encoding: 'utf8',
    });
  git('init', '-q', '-b', 'main');
  const repo: TestRepo = {
    dir,
    write(more) {
      for (const [path, body] of Object.entries(more)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), body);
      }
    },
    remove(...paths) {
      for (const p of paths) rmSync(join(dir, p));
    },
    git,
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  repo.write(files);
  return repo;
}
