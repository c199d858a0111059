import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { ownRequests, serveProjects } from '../support/projects-fixture.js';

// A mistyped --project exits 5 with one message in every command that takes one: the kit checks
// the ids against GET /api/admin/projects before the command's first request, because search
// and /projects/{id}/features answer an unknown project with 200 and an empty list. Where the
// project is in the request's path (feature get), a missing one answers 404: the list is read
// only then.

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

  it('feature get exits 5 naming it, after its own request answered 404 (a found feature costs no project list)', async () => {
    serveProjects(server);
    server.json('/api/admin/projects/defualt/features/old-flag', { message: 'Could not find feature old-flag' }, 404);
    const r = await runCli(['feature', 'get', 'old-flag', '--project', 'defualt'], { env: env() });
    expect(r.stderr).toBe(MESSAGE);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual([
      '/api/admin/projects/defualt/features/old-flag',
      '/api/admin/projects',
    ]);
  });

  it("feature get of a project that exists sends its one request, and a 404 there stays the feature's", async () => {
    serveProjects(server);
    server.json(
      '/api/admin/projects/web/features/old-flag',
      JSON.parse(readFileSync(new URL('../fixtures/feature.json', import.meta.url), 'utf8')),
    );
    server.json(
      '/api/admin/projects/web/features/gone',
      { name: 'NotFoundError', message: 'Could not find feature gone' },
      404,
    );
    // After a 404 in a project that exists, feature get looks for the flag in the archive (not there).
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const ok = await runCli(['feature', 'get', 'old-flag', '--project', 'web', '-o', 'json'], { env: env() });
    expect(ok.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual(['/api/admin/projects/web/features/old-flag']);
    server.requests.length = 0;
    const gone = await runCli(['feature', 'get', 'gone', '--project', 'web'], { env: env() });
    expect(gone.code).toBe(5);
    expect(gone.stderr).toContain('Could not find feature gone');
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual([
      '/api/admin/projects/web/features/gone',
      '/api/admin/projects',
      '/api/admin/search/features',
    ]);
  });

  it('names every missing one', async () => {
    serveProjects(server);
    const r = await runCli(['features', 'stale', '--project', 'wbe,mobile,defualt'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'flagctl: no project "wbe", "defualt" on this server (--project); it has: default, mobile, web\n',
    );
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
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual([
      '/api/admin/projects',
      '/api/admin/search/features',
    ]);
    expect(ownRequests(server.requests)).toHaveLength(1);
  });
});

// A token that may not list projects (403), or a server without the list (404): search and the
// feature lists answer a mistyped project with 200 and nothing, so a gate would pass on an empty
// answer. The kit asks for each named project's environments instead (every project has at
// least one; an unknown one has none visible), and a gate that still cannot tell does not run.
describe('a --project the token may not list projects to check', () => {
  const GATES: [string, string[]][] = [
    ['features stale --max 0', ['features', 'stale', '--project', 'defualt', '--max', '0']],
    ['features search --fail-if-any', ['features', 'search', '--project', 'defualt', '--fail-if-any']],
    ['refs --fail-on', ['refs', tree, '--project', 'defualt', '--fail-on', 'stale']],
    ['retire plan --fail-on', ['retire', 'plan', tree, '--project', 'defualt', '--fail-on', 'archive']],
  ];
  const listRefused = (status = 403) =>
    server.json(
      '/api/admin/projects',
      status === 403
        ? { name: 'PermissionError', message: 'You do not have the required permission' }
        : { message: 'The path you were looking for is not available.' },
      status,
    );
  const environments = (visible: boolean) =>
    server.json('/api/admin/environments/project/defualt', {
      version: 1,
      environments: ['development', 'production'].map((name) => ({ name, enabled: true, visible, type: name })),
    });

  it.each(GATES)(
    '%s exits 5 when the project has no environments (it does not exist), after only those two requests',
    async (_name, argv) => {
      for (const status of [403, 404]) {
        listRefused(status);
        environments(false);
        const r = await runCli(argv, { env: env() });
        expect(r.stderr, String(status)).toBe(
          'flagctl: no project "defualt" on this server (--project): it has no environments (the project list could not be read, so flagctl asked for the project\'s environments)\n',
        );
        expect(r.code).toBe(5);
        expect(r.stdout).toBe('');
        expect(server.requests.map((q) => q.url)).toEqual([
          '/api/admin/projects',
          '/api/admin/environments/project/defualt',
        ]);
        server.reset();
      }
    },
  );

  it.each(GATES)(
    '%s does not run when neither can be read: exit 4, never a pass on an answer it cannot confirm',
    async (_name, argv) => {
      listRefused();
      server.json(
        '/api/admin/environments/project/defualt',
        { name: 'PermissionError', message: 'You do not have the required permission' },
        403,
      );
      const r = await runCli(argv, { env: env() });
      expect(r.stderr).toBe(
        'flagctl: cannot tell whether project "defualt" exists (--project): this token may not list projects (HTTP 403) nor read the project\'s environments (HTTP 403), and a gate does not pass on an answer for a project it cannot confirm\n' +
          'Use a token that may list projects (GET /api/admin/projects).\n',
      );
      expect(r.code).toBe(4);
      expect(r.stdout).toBe('');
      expect(server.requests.map((q) => q.url)).toEqual([
        '/api/admin/projects',
        '/api/admin/environments/project/defualt',
      ]);
    },
  );

  it('a project that has environments goes on to the command, and an empty answer then passes', async () => {
    listRefused();
    environments(true);
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'stale', '--project', 'defualt'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual([
      '/api/admin/projects',
      '/api/admin/environments/project/defualt',
      '/api/admin/search/features',
    ]);
  });

  it('one project it cannot read does not spare the next from the check', async () => {
    listRefused();
    server.json('/api/admin/environments/project/web', { message: 'no' }, 403);
    environments(false);
    const r = await runCli(['features', 'search', '--project', 'web,defualt'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no project "defualt" on this server (--project): it has no environments');
    expect(server.requests.map((q) => q.url)).toEqual([
      '/api/admin/projects',
      '/api/admin/environments/project/web',
      '/api/admin/environments/project/defualt',
    ]);
  });

  it('a command that is not a gate still runs when neither can be read (nothing is judged)', async () => {
    listRefused();
    server.json('/api/admin/environments/project/defualt', { message: 'no' }, 403);
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'search', '--project', 'defualt'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

// `retire plan` reads the profile's project when --project is not given (auth login --project,
// else default). As a gate it must not pass on "No candidates" for a project the server lacks.
describe("the profile's project, in a gate", () => {
  const withProject = (project: string) => {
    const d = mkdtempSync(join(tmpdir(), 'flagctl-profile-project-'));
    writeFileSync(
      join(d, 'config.json'),
      JSON.stringify({ version: 1, profiles: { default: { url: server.url, token: TOKEN, project } } }),
      { mode: 0o600 },
    );
    chmodSync(join(d, 'config.json'), 0o600);
    return { FLAGCTL_CONFIG_DIR: d };
  };

  it('retire plan --fail-on archive exits 5 for a profile project the server does not have', async () => {
    serveProjects(server);
    const r = await runCli(['retire', 'plan', tree, '--fail-on', 'archive'], { env: withProject('defualt') });
    expect(r.stderr).toBe(
      `flagctl: no project "defualt" on this server (no --project: the profile's project, else default); it has: default, mobile, web\n`,
    );
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/projects']);
  });

  it('the built-in default project is checked too (a server may have removed it)', async () => {
    serveProjects(server, ['web']);
    const r = await runCli(['retire', 'plan', tree, '--fail-on', 'archive'], { env: env() });
    expect(r.stderr).toBe(
      `flagctl: no project "default" on this server (no --project: the profile's project, else default); it has: web\n`,
    );
    expect(r.code).toBe(5);
  });
});
