import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { serveProjects } from '../support/projects-fixture.js';
import { runCli } from '../support/io.js';
import { reversed, serveProject, v8Project, v8Segments } from './export-fixture.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

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
    expect(p.posted).toEqual([]);
    expect(server.requests.every((q) => q.method === 'GET')).toBe(true);
    const urls = server.requests.map((q) => q.url).sort();
    expect(urls).toEqual(
      [
        '/api/admin/environments/project/default',
        '/api/admin/projects/default/features',
        '/api/admin/segments',
        ...Object.keys(p.documents).map((n) => `/api/admin/projects/default/features/${encodeURIComponent(n)}?variantEnvironments=true`),
      ].sort(),
    );
    const snap = JSON.parse(r.stdout);
    expect(snap).toMatchObject({ format: 'flagctl-snapshot', version: 2, project: 'default', environments: ['development', 'production'] });
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

  it('--batch-export: one POST per environment, naming the project and environment, and the same bytes', async () => {
    const reads = await exportWith();
    server.reset();
    const p = v8Project();
    const r = await exportWith(p, ['--batch-export']);
    expect(r.code).toBe(0);
    expect(p.posted).toEqual([
      { project: 'default', environment: 'development' },
      { project: 'default', environment: 'production' },
    ]);
    expect(r.stdout).toBe(reads.stdout);
    server.reset();
    const one = v8Project();
    expect((await exportWith(one, ['--batch-export', '--env', 'production', '--env', 'production'])).code).toBe(0);
    expect(one.posted).toEqual([{ project: 'default', environment: 'production' }]);
  });

  it('holds each segment a strategy uses, by name, with its constraints', async () => {
    const snap = JSON.parse((await exportWith()).stdout);
    expect(snap.segments).toEqual([
      {
        name: 'beta-testers',
        constraints: [
          { caseInsensitive: false, contextName: 'country', inverted: false, operator: 'NOT_IN', values: ['IR', 'KP'] },
          { caseInsensitive: false, contextName: 'plan', inverted: false, operator: 'IN', values: ['enterprise', 'pro'] },
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
    expect(r.stderr).toContain('a strategy uses segment id 1, which the server\'s segment list (GET /api/admin/segments) does not hold');
  });

  it('is byte-identical however the server orders its lists and whatever ids it gives', async () => {
    const a = await exportWith();
    const p = v8Project();
    for (const e of Object.keys(p.exports)) p.exports[e] = reversed(p.exports[e]);
    p.features.features.reverse();
    // Other ids for the same strategies (as another server or a re-import would give).
    const text = (v: unknown) => JSON.stringify(v).replace(/"id":"([0-9A-Z]+)"/g, '"id":"x$1"');
    p.exports = JSON.parse(text(p.exports));
    p.documents = JSON.parse(text(p.documents));
    expect(JSON.stringify(p.exports)).toContain('"id":"x');
    const b = await exportWith(p);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    server.reset();
    const c = await exportWith(p, ['--batch-export']);
    expect(c.stdout).toBe(a.stdout);
  });

  it('leaves out ids and timestamps', async () => {
    const r = await exportWith();
    const ids = v8Project().exports.development.featureStrategies.map((s: { id: string }) => s.id);
    expect(ids.length).toBeGreaterThan(3);
    for (const id of ids) expect(r.stdout).not.toContain(id);
    for (const word of ['"id"', 'createdAt', 'lastSeenAt', 'sortOrder', '"featureName"']) expect(r.stdout).not.toContain(word);
  });

  it('--batch-export names segments and keeps the evaluation order where variants make it matter', async () => {
    const snap = JSON.parse((await exportWith(v8Project(), ['--batch-export'])).stdout);
    const flow = snap.features.find((f: { name: string }) => f.name === 'new-checkout-flow');
    const dev = flow.environments.find((e: { name: string }) => e.name === 'development');
    expect(dev.ordered).toBe(true);
    expect(dev.strategies.map((s: { name: string }) => s.name)).toEqual(['flexibleRollout', 'remoteAddress', 'applicationHostname']);
    expect(dev.strategies[0].segments).toEqual(['beta-testers']);
    // The order came from the feature's own document: one GET, for this feature only.
    const gets = server.requests.filter((q) => q.url.startsWith('/api/admin/projects/default/features/'));
    expect(gets.map((q) => q.url)).toEqual(['/api/admin/projects/default/features/new-checkout-flow?variantEnvironments=true']);
  });

  it("--batch-export takes enabled from the project's feature list (6.10.1's export says true for every feature)", async () => {
    const p = v8Project();
    for (const e of Object.values(p.exports)) for (const fe of e.featureEnvironments) fe.enabled = true;
    const snap = JSON.parse((await exportWith(p, ['--batch-export'])).stdout);
    expect(server.requests.map((q) => q.url)).toContain('/api/admin/projects/default/features');
    const mixed = snap.features.find((f: { name: string }) => f.name === 'search-ranking_v3');
    expect(mixed.environments.map((e: { enabled: boolean }) => e.enabled)).toEqual([true, false]);
  });

  it('--batch-export on a server without it (HTTP 404) reads per-feature documents: the same snapshot', async () => {
    const viaExport = await exportWith(v8Project(), ['--batch-export']);
    server.reset();
    const p = { ...v8Project(), noExport: true, segments: v8Segments() };
    const r = await exportWith(p, ['--batch-export']);
    expect(r.code).toBe(0);
    expect(p.posted).toHaveLength(2);
    expect(server.requests.filter((q) => q.url.includes('/features/')).length).toBe(Object.keys(p.documents).length);
    expect(r.stdout).toBe(viaExport.stdout);
  });

  it('an environment the project lacks is exit 5, listing those it has', async () => {
    const r = await exportWith(v8Project(), ['--env', 'staging']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: environment "staging" not found in project "default" (environments: development, production)\n');
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
