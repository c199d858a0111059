import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { ownRequests, serveProjects } from '../support/projects-fixture.js';

// A mistyped --project exits 5 with one message in every command that takes one: the kit checks
// the ids against GET /api/admin/projects before the command's first request, because search
// and /projects/{id}/features answer an unknown project with 200 and an empty list.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const tree = mkdtempSync(join(tmpdir(), 'flagctl-project-check-'));
writeFileSync(join(tree, 'app.ts'), "if (unleash.isEnabled('old-flag')) {}\n");
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const MESSAGE = 'flagctl: no project "defualt" on this server (--project); it has: default, mobile, web\n';

describe('a mistyped --project', () => {
  it.each([
    ['features stale', ['features', 'stale', '--project', 'defualt']],
    ['features stale (a list)', ['features', 'stale', '--project', 'web,defualt']],
    ['features stale (negated)', ['features', 'stale', '--project', '!defualt']],
    ['features search', ['features', 'search', '--project', 'IS_ANY_OF:defualt,mobile']],
    ['refs', ['refs', tree, '--project', 'defualt', '--fail-on', 'stale']],
    ['feature history', ['feature', 'history', 'old-flag', '--project', 'defualt']],
    ['feature get', ['feature', 'get', 'old-flag', '--project', 'defualt']],
    ['export', ['export', '--project', 'defualt']],
    ['evaluate', ['evaluate', '--all', '--project', 'defualt', '--env', 'production']],
    ['diff', ['diff', 'development', 'production', '--project', 'defualt']],
    ['retire plan', ['retire', 'plan', '--project', 'defualt']],
    ['features revive', ['features', 'revive', 'old-flag', '--project', 'defualt']],
  ])('%s exits 5 naming it, after only the project list', async (_name, argv) => {
    serveProjects(server);
    const r = await runCli(argv, { env: env() });
    expect(r.stderr).toBe(MESSAGE);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/projects']);
  });

  it('names every missing one', async () => {
    serveProjects(server);
    const r = await runCli(['features', 'stale', '--project', 'wbe,mobile,defualt'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: no project "wbe", "defualt" on this server (--project); it has: default, mobile, web\n');
  });

  it('bad input is still refused before anything is sent', async () => {
    const r = await runCli(['features', 'stale', '--project', 'defualt', '--type', 'bogus'], { env: env() });
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('a project that exists goes on to the command with one request more', async () => {
    serveProjects(server);
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'stale', '--project', 'web'], { env: env() });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual(['/api/admin/projects', '/api/admin/search/features']);
    expect(ownRequests(server.requests)).toHaveLength(1);
  });

  it('a token that may not list projects (403) skips the check, and the command speaks', async () => {
    server.json('/api/admin/projects', { message: 'You cannot do that' }, 403);
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'stale', '--project', 'web'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
