import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Fifos, sockets and devices hold no source: refs does not read them (rg and git leave them
// out too, and reading a fifo would wait for a writer), but it says so on stderr, as it does
// for links, rather than leave them out silently; so with a submodule, which git lists as one
// path (its files are another repository's). They do not fail a gate.

const server = useFixtureServer();
const base = mkdtempSync(join(tmpdir(), 'flagctl-refs-special-'));
const sockets: Server[] = [];
afterAll(async () => {
  await Promise.all(sockets.map((s) => new Promise((r) => s.close(r))));
  rmSync(base, { recursive: true, force: true });
});

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' });
const GIT_ENV = { ...process.env, HOME: base, GIT_CONFIG_NOSYSTEM: '1' };

function serve(): void {
  server.json('/api/admin/projects', { version: 1, projects: [{ id: 'default' }] });
  server.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: null }] });
  server.json('/api/admin/search/features', { features: [], total: 0 });
  server.json('/api/admin/projects/default/features', {
    version: 1,
    features: [{ name: 'stale-one', type: 'release', stale: true, environments: [] }],
  });
  server.json('/api/admin/projects/default/features/stale-one/lifecycle', [{ stage: 'live' }]);
}

function tree(name: string, files: Record<string, string>): string {
  const dir = join(base, name);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

const fifo = (path: string) => execFileSync('mkfifo', [path]);
const socket = (path: string) =>
  new Promise<void>((resolve) => {
    const s = createServer();
    sockets.push(s);
    s.listen(path, resolve);
  });

describe('refs tells the fifos, sockets and devices it does not read', () => {
  it('in a walk: counted and named on stderr, unless a rule left them out; the gate judges the rest', async () => {
    const dir = tree('walk', { 'app.ts': 'x("stale-one")\n', '.gitignore': 'ignored-pipe\n' });
    fifo(join(dir, 'a-pipe'));
    await socket(join(dir, 'b.sock'));
    fifo(join(dir, 'ignored-pipe'));
    fifo(join(dir, 'excluded-pipe'));
    serve();
    const r = await runCli(['refs', dir, '--exclude', 'excluded-pipe', '-o', 'ndjson', '--columns', 'file'], {
      env: env(),
    });
    expect(r.stdout).toBe(`{"file":"${dir}/app.ts"}\n`);
    expect(r.stderr).toBe(`flagctl: not read: 2 not regular files (${dir}/a-pipe, ${dir}/b.sock)\n`);
    expect(r.code).toBe(0);
    serve();
    const gate = await runCli(
      ['refs', dir, '--exclude', 'excluded-pipe', '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'file'],
      { env: env() },
    );
    expect(gate.stderr).toBe(
      `flagctl: not read: 2 not regular files (${dir}/a-pipe, ${dir}/b.sock)\nflagctl: 1 reference to flags that are stale (--fail-on)\n`,
    );
    expect(gate.code).toBe(3);
    serve();
    const pass = await runCli(['refs', dir, '--fail-on', 'archived', '-o', 'ndjson', '--columns', 'file'], {
      env: env(),
    });
    expect(pass.code).toBe(0);
  });

  it('in a git work tree: a tracked file that is now a fifo is told the same way', async () => {
    const dir = tree('git', { 'app.ts': 'x("stale-one")\n', 'was-file.ts': 'x("stale-one")\n' });
    execFileSync('git', ['-C', dir, 'init', '-q'], { stdio: 'ignore', env: GIT_ENV });
    execFileSync('git', ['-C', dir, 'add', '.'], { stdio: 'ignore', env: GIT_ENV });
    unlinkSync(join(dir, 'was-file.ts'));
    fifo(join(dir, 'was-file.ts'));
    serve();
    const r = await runCli(['refs', dir, '-o', 'ndjson', '--columns', 'file'], { env: env() });
    expect(r.stdout).toBe(`{"file":"${dir}/app.ts"}\n`);
    expect(r.stderr).toBe(`flagctl: not read: 1 not a regular file (${dir}/was-file.ts)\n`);
    expect(r.code).toBe(0);
  });

  it('a submodule git lists is one of them: its files belong to another repository', async () => {
    const dir = tree('submodule', { 'app.ts': 'x("stale-one")\n', 'lib/inner.ts': 'x("stale-one")\n' });
    execFileSync('git', ['-C', join(dir, 'lib'), 'init', '-q'], { stdio: 'ignore', env: GIT_ENV });
    execFileSync('git', ['-C', join(dir, 'lib'), 'add', '.'], { stdio: 'ignore', env: GIT_ENV });
    execFileSync('git', ['-C', join(dir, 'lib'), '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x'], {
      stdio: 'ignore',
      env: GIT_ENV,
    });
    execFileSync('git', ['-C', dir, 'init', '-q'], { stdio: 'ignore', env: GIT_ENV });
    execFileSync('git', ['-C', dir, 'add', '.'], { stdio: 'ignore', env: GIT_ENV });
    serve();
    const r = await runCli(['refs', dir, '-o', 'ndjson', '--columns', 'file'], { env: env() });
    expect(r.stdout).toBe(`{"file":"${dir}/app.ts"}\n`);
    expect(r.stderr).toBe(`flagctl: not read: 1 not a regular file (${dir}/lib)\n`);
    expect(r.code).toBe(0);
  });
});
