import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { serveProjects } from '../support/projects-fixture.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';
import { reversed, serveProject, v8Project } from '../support/export-fixture.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const REMOVED =
  'Unleash stores every batch export in its audit log as a features-exported event holding the whole export (about 1.3 MB for 5,000 flags), and export and diff never write; leave the option out: the default read (GETs only) gives the same snapshot';

async function exportWith(p = v8Project(), args: string[] = []) {
  serveProject(server, p);
  return runCli(['export', ...args], { env: env() });
}

describe('export', () => {
  it('reads only: the feature list, the segments and one document per feature, each once; no batch export', async () => {
    const p = v8Project();
    const r = await exportWith(p);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(server.requests.every((q) => q.method === 'GET')).toBe(true);
    const urls = server.requests.map((q) => q.url).sort();
    expect(urls).toEqual(
      [
        '/api/admin/environments/project/default',
        '/api/admin/projects/default/features',
        '/api/admin/segments',
        ...Object.keys(p.documents).map(
          (n) => `/api/admin/projects/default/features/${encodeURIComponent(n)}?variantEnvironments=true`,
        ),
      ].sort(),
    );
    const snap = JSON.parse(r.stdout);
    expect(snap).toMatchObject({
      format: 'flagctl-snapshot',
      version: 2,
      project: 'default',
      environments: ['development', 'production'],
    });
    expect(snap.features.map((f: { name: string }) => f.name)).toEqual([
      'admin-panel_access',
      'checkout.button-color',
      'new-checkout-flow',
      'new-dashboard',
      'new-dashboard.widgets',
      'retire-old-cart',
      'search-ranking_v3',
    ]);
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('--batch-export is refused (exit 2, nothing sent): the server logs every batch export as a features-exported event', async () => {
    for (const args of [
      ['export', '--batch-export'],
      ['export', '--project', 'default', '--env', 'production', '--batch-export', '-o', 'json'],
      ['diff', 'development', 'production', '--batch-export'],
      ['diff', '@snapshot.json', 'production', '--stat', '--batch-export'],
    ]) {
      serveProject(server, v8Project());
      const r = await runCli(args, { env: env() });
      expectUsageError(r, `flagctl: --batch-export: removed: ${REMOVED}\n`, server);
      expect(r.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
      server.reset();
    }
  });

  it('--batch-export is gone from --help', async () => {
    for (const command of ['export', 'diff']) {
      const r = await runCli([command, '--help'], { env: env() });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('batch');
    }
    expect(server.requests).toEqual([]);
  });

  it('holds each segment a strategy uses, by name, with its constraints', async () => {
    const snap = JSON.parse((await exportWith()).stdout);
    expect(snap.segments).toEqual([
      {
        name: 'beta-testers',
        constraints: [
          { caseInsensitive: false, contextName: 'country', inverted: false, operator: 'NOT_IN', values: ['IR', 'KP'] },
          {
            caseInsensitive: false,
            contextName: 'plan',
            inverted: false,
            operator: 'IN',
            values: ['enterprise', 'pro'],
          },
        ],
      },
    ]);
  });

  it('a segment list that fails (401, 500) fails the export: never read as "no segments"', async () => {
    for (const status of [401, 500]) {
      server.reset();
      const p = v8Project();
      p.segments = undefined;
      serveProject(server, p);
      server.json('/api/admin/segments', { message: 'no' }, status);
      const r = await runCli(['export'], { env: env() });
      expect(r.code, String(status)).toBe(status === 401 ? 4 : 1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/HTTP (401|500)/);
    }
  });

  it('a server without segments (404 for the path) has none; a strategy using one there is an error', async () => {
    const p = v8Project();
    p.segments = undefined;
    serveProject(server, p);
    server.json('/api/admin/segments', { message: 'The path you were looking for is not available.' }, 404);
    const r = await runCli(['export'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "a strategy uses segment id 1, which the server's segment list (GET /api/admin/segments) does not hold",
    );
  });

  it('is byte-identical however the server orders its lists and whatever ids it gives', async () => {
    const a = await exportWith();
    const p = v8Project();
    for (const name of Object.keys(p.documents)) p.documents[name] = reversed(p.documents[name]);
    p.features.features.reverse();
    // Other ids for the same strategies (as another server or a re-import would give).
    const text = (v: unknown) => JSON.stringify(v).replace(/"id":"([0-9A-Za-z-]+)"/g, '"id":"x$1"');
    p.documents = JSON.parse(text(p.documents));
    expect(JSON.stringify(p.documents)).toContain('"id":"x');
    const b = await exportWith(p);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });

  it('leaves out ids and timestamps', async () => {
    const r = await exportWith();
    const docs = Object.values(v8Project().documents) as { environments: { strategies: { id: string }[] }[] }[];
    const ids = docs.flatMap((d) => d.environments.flatMap((e) => e.strategies.map((s) => s.id)));
    expect(ids.length).toBeGreaterThan(3);
    for (const id of ids) expect(r.stdout).not.toContain(id);
    for (const word of ['"id"', 'createdAt', 'lastSeenAt', 'sortOrder', '"featureName"'])
      expect(r.stdout).not.toContain(word);
  });

  it('keeps the evaluation order where variants make it matter, and names segments', async () => {
    const snap = JSON.parse((await exportWith(v8Project())).stdout);
    const flow = snap.features.find((f: { name: string }) => f.name === 'new-checkout-flow');
    const dev = flow.environments.find((e: { name: string }) => e.name === 'development');
    expect(dev.ordered).toBe(true);
    expect(dev.strategies.map((s: { name: string }) => s.name)).toEqual([
      'flexibleRollout',
      'remoteAddress',
      'applicationHostname',
    ]);
    expect(dev.strategies[0].segments).toEqual(['beta-testers']);
  });

  it('an environment the project lacks is exit 5, listing those it has', async () => {
    const r = await exportWith(v8Project(), ['--env', 'staging']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'flagctl: environment "staging" not found in project "default" (environments: development, production)\n',
    );
    expect(r.stdout).toBe('');
  });

  it('a project without environments (unknown to the server) is exit 5', async () => {
    const p = v8Project();
    p.environments = { environments: p.environments.environments.map((e) => ({ ...e, visible: false })) };
    serveProject(server, p, 'nope');
    serveProjects(server, ['default', 'nope']);
    const r = await runCli(['export', '--project', 'nope'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('project "nope" not found');
  });

  it('refuses another output format before sending anything', async () => {
    const r = await runCli(['export', '-o', 'csv'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/-o, --output|--output "csv"/);
    expect(r.stderr).toContain('accepted: json');
    expect(server.requests).toEqual([]);
  });
});
