import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProjects } from '../support/projects-fixture.js';

// A mistyped environment or segment exits 5 naming the known ones, as a mistyped --project
// does: search answers `--status prod:enabled` or `--segment nosuch` with 200 and no matches,
// and a gate (--fail-if-any, stale) passed on that empty answer. The kit reads each list once,
// before the command's first request, and only when such a name was given.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

const serveEnvironments = () =>
  server.json('/api/admin/environments', {
    version: 1,
    environments: ['development', 'production'].map((name) => ({ name, type: name, enabled: true })),
  });
const serveSegments = () =>
  server.json('/api/admin/segments', {
    segments: [
      { id: 1, name: 'beta-testers', constraints: [] },
      { id: 2, name: 'internal', constraints: [] },
    ],
  });

const ENV_MESSAGE = (option: string) =>
  `flagctl: no environment "prod" on this server (${option}); it has: development, production\n`;

describe('a mistyped environment', () => {
  it.each([
    [
      'search --status … --fail-if-any',
      ['features', 'search', '--status', 'prod:enabled', '--state', 'stale', '--fail-if-any'],
      '--status',
    ],
    [
      'search, one of several --status',
      ['features', 'search', '--status', 'production:enabled', '--status', 'prod:disabled'],
      '--status',
    ],
    ['search --columns env:', ['features', 'search', '--columns', 'name,env:prod.enabled'], '--columns'],
    ['search --sort-by environment:', ['features', 'search', '--sort-by', 'environment:prod'], '--sort-by'],
    ['stale --columns env:', ['features', 'stale', '--columns', 'name,env:prod.lastSeenAt'], '--columns'],
    [
      'project overview --columns env:',
      ['project', 'overview', 'default', '-o', 'csv', '--columns', 'name,env:prod.enabled'],
      '--columns',
    ],
    ['evaluate -e', ['evaluate', 'x', '-e', 'prod'], '--env'],
  ])('%s exits 5 naming the known ones, after only the environment list', async (_name, argv, option) => {
    serveEnvironments();
    const r = await runCli(argv, { env: env() });
    expect(r.stderr).toBe(ENV_MESSAGE(option));
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/environments']);
  });

  it('a known environment goes on with one request more, and the list is read once', async () => {
    serveEnvironments();
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(
      [
        'features',
        'search',
        '--status',
        'production:enabled',
        '--columns',
        'name,env:development.enabled',
        '--sort-by',
        'environment:production',
      ],
      { env: env() },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual([
      '/api/admin/environments',
      '/api/admin/search/features',
    ]);
  });

  it('no environment given: no list is read', async () => {
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'search', '--columns', 'name,type'], { env: env() });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual(['/api/admin/search/features']);
  });

  it('a gate whose token may not list environments stops (exit 4) rather than pass', async () => {
    server.json(
      '/api/admin/environments',
      { name: 'PermissionError', message: 'You do not have the required permission' },
      403,
    );
    const r = await runCli(['features', 'search', '--status', 'prod:enabled', '--fail-if-any'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('cannot tell whether environment "prod" exists (--status)');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/environments']);
  });

  it('a list that is not a gate goes on when the token may not list environments', async () => {
    server.json('/api/admin/environments', { name: 'PermissionError', message: 'no' }, 403);
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'search', '--status', 'prod:enabled'], { env: env() });
    expect(r.code).toBe(0);
  });
});

describe('a mistyped segment', () => {
  it.each([
    ['--segment nosuch --fail-if-any', ['features', 'search', '--segment', 'nosuch', '--fail-if-any']],
    ['negated', ['features', 'search', '--segment', '!nosuch']],
    ['operator syntax, one of two', ['features', 'search', '--segment', 'INCLUDE_ANY_OF:internal,nosuch']],
  ])('%s exits 5 naming the known ones, after only the segment list', async (_name, argv) => {
    serveSegments();
    const r = await runCli(argv, { env: env() });
    expect(r.stderr).toBe('flagctl: no segment "nosuch" on this server (--segment); it has: beta-testers, internal\n');
    expect(r.code).toBe(5);
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/segments']);
  });

  it('a known segment goes on', async () => {
    serveSegments();
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'search', '--segment', 'beta-testers', '--fail-if-any'], { env: env() });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual([
      '/api/admin/segments',
      '/api/admin/search/features',
    ]);
  });

  it('project, environment and segment together: each list once, the project first', async () => {
    serveProjects(server);
    serveEnvironments();
    serveSegments();
    const r = await runCli(
      ['features', 'search', '--project', 'web', '--status', 'production:enabled', '--segment', 'nosuch'],
      { env: env() },
    );
    expect(r.code).toBe(5);
    expect(server.requests.map((q) => q.url)).toEqual([
      '/api/admin/projects',
      '/api/admin/environments',
      '/api/admin/segments',
    ]);
  });
});

// A tag is type:value. Search answers an unknown tag with 200 and no matches, as it does an
// unknown segment, so `--tag team:paymnets --fail-if-any` passed; the tags are checked against
// GET /api/admin/tags the same way.
describe('a mistyped tag', () => {
  const serveTags = () =>
    server.json('/api/admin/tags', {
      version: 1,
      tags: [
        { type: 'team', value: 'payments' },
        { type: 'simple', value: 'beta' },
      ],
    });

  it.each([
    [
      '--tag team:paymnets --fail-if-any',
      ['features', 'search', '--tag', 'team:paymnets', '--fail-if-any'],
      'team:paymnets',
    ],
    ['a mistyped type', ['features', 'search', '--tag', 'tema:payments', '--fail-on', 'any'], 'tema:payments'],
    ['negated', ['features', 'search', '--tag', '!team:paymnets'], 'team:paymnets'],
    ['one of several --tag', ['features', 'search', '--tag', 'team:payments', '--tag', 'simple:bta'], 'simple:bta'],
    ['operator syntax', ['features', 'search', '--tag', 'INCLUDE_ANY_OF:simple:beta,team:nosuch'], 'team:nosuch'],
  ])('%s exits 5 naming the known ones, after only the tag list', async (_name, argv, typo) => {
    serveTags();
    const r = await runCli(argv, { env: env() });
    expect(r.stderr).toBe(`flagctl: no tag "${typo}" on this server (--tag); it has: simple:beta, team:payments\n`);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/tags']);
  });

  it('known tags go on, the list read once', async () => {
    serveTags();
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['features', 'search', '--tag', 'team:payments', '--tag', 'simple:beta', '--fail-if-any'], {
      env: env(),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url.split('?')[0])).toEqual(['/api/admin/tags', '/api/admin/search/features']);
  });

  it('a gate whose token may not list tags stops (exit 4) rather than pass', async () => {
    server.json('/api/admin/tags', { name: 'PermissionError', message: 'no' }, 403);
    const r = await runCli(['features', 'search', '--tag', 'team:payments', '--fail-if-any'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('cannot tell whether tag "team:payments" exists (--tag)');
  });
});
