import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 35 item 3: commands as people type them. The other number of a noun is taken (as
// kubectl takes pod and pods), an unknown option gets "Did you mean", and `projects list` and
// `environments list` give scripts the lists they loop over.

const server = useFixtureServer();
const env = () => ({ env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret' } });
const feature = {
  name: 'checkout',
  project: 'default',
  type: 'release',
  enabled: true,
  stale: false,
  environments: [],
};

describe('the other number of a noun', () => {
  it('features get is feature get', async () => {
    server.json('/api/admin/projects/default/features/checkout', feature);
    const r = await runCli(['features', 'get', 'checkout', '-o', 'json'], env());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe('checkout');
  });

  it('feature search is features search, after global options too', async () => {
    server.json('/api/admin/search/features', { features: [feature], total: 1 });
    const r = await runCli(['--timeout', '5', 'feature', 'search', '--columns', 'name'], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('NAME\ncheckout\n');
  });

  it('project list is projects list; environment list is environments list', async () => {
    server.json('/api/admin/projects', { projects: [{ id: 'default', name: 'Default' }] });
    server.json('/api/admin/environments', {
      environments: [{ name: 'production', type: 'production', enabled: true, protected: true }],
    });
    expect((await runCli(['project', 'list', '--columns', 'id'], env())).stdout).toBe('ID\ndefault\n');
    expect((await runCli(['environment', 'list', '--columns', 'name'], env())).stdout).toBe('NAME\nproduction\n');
  });

  it('a verb neither number has stays an unknown command, exit 2, nothing sent', async () => {
    const r = await runCli(['features', 'frobnicate'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'frobnicate'");
    expect(server.requests).toEqual([]);
  });
});

describe('unknown options get a suggestion everywhere', () => {
  it.each([
    [['features', 'search', '--sortby', 'name'], '--sort-by'],
    [['feature', 'get', 'x', '--projct', 'web'], '--project'],
    [['project', 'overview', 'default', '--colums', 'name'], '--columns'],
    [['retire', 'apply', 'plan.json', '--yess'], '--yes'],
    [['features', 'serch'], 'search'],
    [['--profle', 'x', 'auth', 'status'], '--profile'],
    [['projects', 'list', '--outptu', 'json'], '--output'],
  ])('%j', async (argv, suggestion) => {
    const r = await runCli(argv, env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`(Did you mean ${suggestion}?)`);
    expect(server.requests).toEqual([]);
  });
});

describe('projects list and environments list', () => {
  const projects = {
    version: 1,
    projects: [
      {
        id: 'default',
        name: 'Default',
        description: 'Default project',
        featureCount: 12,
        memberCount: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        health: 100,
      },
      {
        id: 'web',
        name: 'Web',
        description: null,
        featureCount: 3,
        memberCount: 2,
        createdAt: '2026-02-01T00:00:00.000Z',
        health: 90,
      },
    ],
  };
  const environments = {
    version: 1,
    environments: [
      { name: 'development', type: 'development', enabled: true, protected: false, sortOrder: 100 },
      { name: 'production', type: 'production', enabled: true, protected: true, sortOrder: 200 },
    ],
  };

  it('projects list: a piped table, csv, and json as the server sent it', async () => {
    server.json('/api/admin/projects', projects);
    const table = await runCli(['projects', 'list'], env());
    expect(table.stdout).toBe(
      'ID\tNAME\tFEATURES\tCREATEDAT\tDESCRIPTION\ndefault\tDefault\t12\t2026-01-01T00:00:00.000Z\tDefault project\nweb\tWeb\t3\t2026-02-01T00:00:00.000Z\t-\n',
    );
    const ids = await runCli(['projects', 'list', '--columns', 'id', '--no-headers'], env());
    expect(ids.stdout).toBe('default\nweb\n');
    const json = await runCli(['projects', 'list', '-o', 'json'], env());
    expect(JSON.parse(json.stdout)).toEqual({ projects: projects.projects });
    const csv = await runCli(['projects', 'list', '-o', 'csv', '--columns', 'id,members'], env());
    expect(csv.stdout).toBe('id,members\r\ndefault,1\r\nweb,2\r\n');
  });

  it('environments list: table, ndjson and markdown', async () => {
    server.json('/api/admin/environments', environments);
    const table = await runCli(['environments', 'list'], env());
    expect(table.stdout).toBe(
      'NAME\tTYPE\tENABLED\tPROTECTED\ndevelopment\tdevelopment\ttrue\tfalse\nproduction\tproduction\ttrue\ttrue\n',
    );
    const nd = await runCli(['environments', 'list', '-o', 'ndjson'], env());
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(environments.environments);
    const md = await runCli(['environments', 'list', '-o', 'markdown', '--columns', 'name,sortOrder'], env());
    expect(md.stdout).toBe('| name | sortOrder |\n| --- | --- |\n| development | 100 |\n| production | 200 |\n');
  });

  it('an unknown column lists the accepted ones, exit 2, nothing sent', async () => {
    const r = await runCli(['projects', 'list', '--columns', 'id,typo'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown column "typo"; accepted: id, name, description, features, members, createdAt');
    expect(server.requests).toEqual([]);
  });
});
