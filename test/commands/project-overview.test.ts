import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFixtureServer, sendJson } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveEnvironments } from '../support/projects-fixture.js';

// Fixtures captured from real servers seeded by test/e2e/harness/seed.mjs (size 40, plus a
// default strategy on production): 6.10.1's GET /api/admin/projects/default, 8.2.0's
// GET /api/admin/projects/default/overview and its search, and both versions' 404 bodies.
const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const v6 = load('overview-v6.json');
const v8 = load('overview-v8.json');
const v8Search = load('overview-v8-search.json');
const errors = load('overview-errors.json');

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const DEPRECATED = '/api/admin/projects/default';
const OVERVIEW = '/api/admin/projects/default/overview';
const SEARCH = '/api/admin/search/features';
const server = useFixtureServer();

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

/** `count` real-shaped search features: the captured ones, renamed past the first 40. */
function manyFeatures(count: number): { name: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const f = v8Search.features[i % v8Search.features.length];
    return i < v8Search.features.length ? f : { ...f, name: `${f.name}-copy${i}` };
  });
}

const FEATURES = '/api/admin/projects/default/features';
/** GET /api/admin/projects/default/features from the same seeded 8.2.0: no lifecycle, createdBy or segments; tags are there. */
const listV8 = load('project-features-v8.json');
const LIST_FIELDS = Object.keys(listV8.features[0]);
const listItem = (f: Record<string, unknown>) =>
  Object.fromEntries(LIST_FIELDS.filter((k) => k in f).map((k) => [k, f[k]]));

/** An 8.x server: the deprecated path is gone; /overview and /features answer; search only if `search` is given. */
function newServer(features: Record<string, unknown>[], head: unknown = v8, search?: 'search') {
  server.json(DEPRECATED, errors.gonePath, 404);
  server.json(OVERVIEW, head);
  server.json(FEATURES, { version: 1, features: features.map(listItem) });
  if (search) {
    server.route(SEARCH, (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 50));
      sendJson(res, 200, { features: features.slice(offset, offset + limit), total: features.length });
    });
  }
}

describe('project overview on a server with the deprecated endpoint (6.x)', () => {
  it('-o json prints the server document as sent, with one request', async () => {
    server.json(DEPRECATED, v6);
    const r = await runCli(['project', 'overview', 'default', '-o', 'json'], { env: env() });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual(v6);
    expect(server.requests.map((q) => q.url)).toEqual([DEPRECATED]);
  });

  it('the terminal table shows every field, the stats side by side, environments and the features', async () => {
    const doc = {
      ...v6,
      featureLimit: 120,
      featureNaming: {
        pattern: '^[a-z][a-z0-9.~_-]+$',
        example: 'checkout.v2',
        description: 'lower case, dots for areas',
      },
      members: 7,
      health: 93,
      favorite: true,
      stats: {
        ...v6.stats,
        createdCurrentWindow: 19,
        createdPastWindow: 4,
        archivedCurrentWindow: 3,
        archivedPastWindow: 1,
        projectActivityCurrentWindow: 64,
        projectActivityPastWindow: 12,
        projectMembersAddedCurrentWindow: 2,
        avgTimeToProdCurrentWindow: 4.5,
      },
      environments: [
        { environment: 'development', changeRequestsEnabled: false },
        { ...v6.environments[1], changeRequestsEnabled: true },
      ],
    };
    server.json(DEPRECATED, doc);
    const r = await runCli(['project', 'overview', 'default'], {
      env: { ...env(), FORCE_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('\u001b[');
    const out = strip(r.stdout);
    for (const text of [
      'Default (default)',
      'Description         Default project',
      'Mode                open',
      'Default stickiness  default',
      'Feature limit       120',
      'Feature naming      pattern ^[a-z][a-z0-9.~_-]+$; example checkout.v2; lower case, dots for areas',
      'Members             7',
      'Health              93%',
      'Favorite            yes',
      `Created             ${v6.createdAt} (`,
      `Updated             ${v6.updatedAt} (`,
      'current window: the last 30 days; past window: the 30 days before',
      'development: change requests off',
      'default strategy: none set',
      'production: change requests on',
      'default strategy: Default rollout [flexibleRollout]',
      'parameters: rollout=25%, stickiness=default',
      'constraint: country IN [NO, SE]',
      `Features (${v6.features.length})`,
    ]) {
      expect(out).toContain(text);
    }
    // The two windows side by side under their headings.
    expect(out).toMatch(
      / {2}current +past\n {2}Features created +19 +4\n {2}Features archived +3 +1\n {2}Project events +64 +12\n {2}Members added +2 +-\n {2}Avg days to production +4\.5 +-\n/,
    );
    for (const f of v6.features) expect(out).toContain(f.name);
    expect(out).toMatch(/│ name\s+│ type\s+│ stale\s+│ environments\s+│ createdAt\s+│/);
    expect(out).toContain('development ✓ production ✓');
  });

  it('a null featureLimit reads "no limit", an empty naming pattern "no pattern"', async () => {
    server.json(DEPRECATED, v6);
    const r = await runCli(['project', 'overview', 'default'], { env: env() });
    expect(r.stdout).toContain('Feature limit       no limit');
    expect(r.stdout).toContain('Feature naming      no pattern');
    expect(r.stdout).toContain('Favorite            no');
  });

  it('piped, the table has no colour, ISO times and tab-separated feature rows', async () => {
    server.json(DEPRECATED, v6);
    const r = await runCli(['project', 'overview', 'default'], { env: env() });
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).not.toMatch(/ ago\b/);
    expect(r.stdout).toContain(`Created             ${v6.createdAt}\n`);
    const lines = r.stdout.split('\n');
    const head = lines.indexOf('NAME\tTYPE\tSTALE\tENVIRONMENTS\tCREATEDAT');
    expect(head).toBeGreaterThan(0);
    const f = v6.features[0];
    expect(lines[head + 1]).toBe(`${f.name}\t${f.type}\tfalse\tdevelopment on, production on\t${f.createdAt}`);
    expect(lines.slice(head + 1).filter(Boolean)).toHaveLength(v6.features.length);
  });

  it('-o csv and ndjson give the feature rows, --columns as in the search table', async () => {
    server.json(DEPRECATED, v6);
    serveEnvironments(server);
    const csv = await runCli(
      ['project', 'overview', 'default', '-o', 'csv', '--columns', 'name,type,env:production.enabled'],
      { env: env() },
    );
    const rows = csv.stdout.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('name,type,env:production.enabled');
    expect(rows).toHaveLength(v6.features.length + 1);
    expect(rows).toContain('new-checkout-flow,release,true');
    expect(rows).toContain('search-ranking_v3,release,false');

    server.json(DEPRECATED, v6);
    const nd = await runCli(['project', 'overview', 'default', '-o', 'ndjson'], { env: env() });
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(v6.features);
  });

  it('--columns picks the columns of the features table under the overview', async () => {
    server.json(DEPRECATED, v6);
    serveEnvironments(server);
    const r = await runCli(['project', 'overview', 'default', '--columns', 'name,env:production.enabled'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Mode                open\n');
    expect(r.stdout).toContain(
      `Features (${v6.features.length})\nNAME\tENV:PRODUCTION.ENABLED\nnew-checkout-flow\ttrue\n`,
    );
  });

  it('a missing project exits 5 naming it and the projects the server has, with no fallback', async () => {
    server.json('/api/admin/projects/nope', errors.missingV6, 404);
    server.json('/api/admin/projects', { projects: [{ id: 'default' }, { id: 'web' }] });
    const r = await runCli(['project', 'overview', 'nope'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: no project "nope" on this server (project overview); it has: default, web\n');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/projects/nope', '/api/admin/projects']);
  });
});

describe('project overview on a server without it (7.0 and later): the fallback', () => {
  it('assembles the overview from /overview and /features, two requests at once, in the spec shape; the note only under --debug', async () => {
    const features = manyFeatures(2300);
    newServer(features);
    const r = await runCli(['project', 'overview', 'default', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    // Every current server is one without the old endpoint: the note is for --debug (issue 35 item 6).
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout);
    expect(doc.features).toEqual(features.map(listItem));
    const { features: _f, ...rest } = doc;
    expect(rest).toEqual(v8); // every field of /overview kept: technicalDebt, featureTypeCounts, onboardingStatus...
    expect(Object.keys(doc).indexOf('features')).toBe(Object.keys(doc).indexOf('environments') + 1);
    // No search at any size: the deprecated probe, then the two replacements.
    expect(server.requests[0]!.url).toBe(DEPRECATED);
    expect(server.requests).toHaveLength(3);
    expect(
      server.requests
        .slice(1)
        .map((q) => q.url)
        .sort(),
    ).toEqual([FEATURES, OVERVIEW]);
    const debug = await runCli(['project', 'overview', 'default', '-o', 'json', '--debug'], { env: env() });
    expect(debug.stderr).toContain(
      'debug: this server has no GET /api/admin/projects/default (removed in Unleash 7); the overview is built from /api/admin/projects/default/overview and /features\n',
    );
  });

  it("takes 8.2.0's captured /features answer as sent", async () => {
    server.json(DEPRECATED, errors.gonePath, 404);
    server.json(OVERVIEW, v8);
    server.json(FEATURES, listV8);
    const r = await runCli(['project', 'overview', 'default', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).features).toEqual(listV8.features);
    const csv = await runCli(['project', 'overview', 'default', '-o', 'csv', '--columns', 'name,tags'], { env: env() });
    expect(csv.stdout).toContain('new-checkout-flow,"simple:checkout, team:payments"'); // tags need no search
  });

  it('the table shows the same fields as on 6.x, plus technical debt and the feature types', async () => {
    newServer(v8Search.features);
    const r = await runCli(['project', 'overview', 'default'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    const out = strip(r.stdout);
    for (const text of [
      'Default (default)',
      'Feature limit       no limit',
      'Health              100% (technical debt 0%)',
      'Feature types       experiment 7, kill-switch 7, operational 8, permission 5, release 12, sunset 1',
      'default strategy: Default rollout [flexibleRollout]',
      `Features (${v8Search.features.length})`,
    ]) {
      expect(out).toContain(text);
    }
    expect(out).toMatch(new RegExp(`Features created +${v8.stats.createdCurrentWindow} +0\\n`));
    expect(out).toMatch(new RegExp(`Project events +${v8.stats.projectActivityCurrentWindow} +0\\n`));
    expect(out).toMatch(/│ name\s+│ type\s+│ stale\s+│ environments\s+│ createdAt\s+│/); // no search-only column by default
    expect(server.requests.some((q) => q.url.startsWith(SEARCH))).toBe(false);
  });

  it('-o csv gives the feature rows', async () => {
    const features = manyFeatures(150);
    newServer(features);
    serveEnvironments(server);
    const r = await runCli(
      ['project', 'overview', 'default', '-o', 'csv', '--columns', 'name,env:production.enabled'],
      { env: env() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\r\n').filter(Boolean)).toEqual([
      'name,env:production.enabled',
      ...features.map((f) => `${f.name},${(f as any).environments[1].enabled}`),
    ]);
    expect(r.stderr).not.toContain('no GET /api/admin/projects/default');
  });

  it('search-only columns (lifecycle, createdBy, tags, segments) come from search, and only when asked', async () => {
    const features = manyFeatures(230);
    newServer(features, v8, 'search');
    const r = await runCli(
      ['project', 'overview', 'default', '-o', 'ndjson', '--columns', 'name,lifecycle,createdBy,tags'],
      { env: env() },
    );
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(230);
    const f = v8Search.features[0] as any;
    expect(rows[0]).toEqual({
      name: f.name,
      lifecycle: f.lifecycle.stage,
      createdBy: f.createdBy.name,
      tags: f.tags.map((t: any) => `${t.type}:${t.value}`),
    });
    const searches = server.requests
      .filter((q) => q.url.startsWith(SEARCH))
      .map((q) => new URL(q.url, server.url).searchParams);
    expect(searches.map((q) => [q.get('project'), q.get('limit'), q.get('offset')])).toEqual([
      ['IS:default', '100', '0'],
      ['IS:default', '100', '100'],
      // The last page is asked whole, not cut to the count: it comes back short, which proves the end.
      ['IS:default', '100', '200'],
    ]);
  });

  it('an empty project shows no features', async () => {
    newServer([]);
    const r = await runCli(['project', 'overview', 'default'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Features (0)\n  none\n');
  });

  it('a missing project exits 5 with the /overview message', async () => {
    server.json(
      '/api/admin/projects/nope',
      { ...errors.gonePath, message: 'The path you were looking for (/api/admin/projects/nope) is not available.' },
      404,
    );
    server.json('/api/admin/projects/nope/overview', errors.missingV8Overview, 404);
    server.json('/api/admin/projects/nope/features', { version: 1, features: [] });
    server.json('/api/admin/projects', { projects: [{ id: 'default' }] });
    const r = await runCli(['project', 'overview', 'nope', '-o', 'json'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: no project "nope" on this server (project overview); it has: default\n');
    expect(r.stdout).toBe('');
    expect(server.requests).toHaveLength(4);
  });

  it('a base URL path prefix in the gone-path message still counts as gone', async () => {
    server.json(
      '/unleash/api/admin/projects/default',
      {
        ...errors.gonePath,
        message: 'The path you were looking for (/unleash/api/admin/projects/default) is not available.',
      },
      404,
    );
    server.json(`/unleash${OVERVIEW}`, v8);
    server.json(`/unleash${FEATURES}`, { features: [] });
    const r = await runCli(['project', 'overview', 'default', '-o', 'json'], {
      env: { ...env(), FLAGCTL_URL: `${server.url}/unleash` },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).features).toEqual([]);
  });
});

describe('project overview: usage and errors', () => {
  it.each([
    [['--columns', 'nope'], '--columns: unknown column "nope"'],
    [['-o', 'xml'], '-o/--output: unknown format "xml"; accepted: table, json, ndjson, csv, markdown, yaml'],
  ])('%j is a usage error and nothing is sent', async (args, message) => {
    const r = await runCli(['project', 'overview', 'default', ...args], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });

  it('refuses ".." as a project id locally', async () => {
    const r = await runCli(['project', 'overview', '..'], { env: env() });
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('percent-encodes the project id in both paths', async () => {
    server.json(
      '/api/admin/projects/a%20b',
      { ...errors.gonePath, message: 'The path you were looking for (/api/admin/projects/a%20b) is not available.' },
      404,
    );
    server.json('/api/admin/projects/a%20b/overview', v8);
    server.json('/api/admin/projects/a%20b/features', { features: [] });
    server.json(SEARCH, { features: [], total: 0 });
    const r = await runCli(['project', 'overview', 'a b', '-o', 'json', '--columns', 'name,lifecycle'], { env: env() });
    expect(r.code).toBe(0);
    expect(new URL(server.requests.at(-1)!.url, server.url).searchParams.get('project')).toBe('IS:a b');
  });

  it('4 on 401, with no fallback attempted', async () => {
    server.json(DEPRECATED, { name: 'AuthenticationRequired', message: 'You must log in to use Unleash.' }, 401);
    const r = await runCli(['project', 'overview', 'default'], { env: env() });
    expect(r.code).toBe(4);
    expect(server.requests).toHaveLength(1);
  });

  it('a 404 from a proxy (no Unleash message) is not taken for a gone path', async () => {
    server.route(DEPRECATED, (_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'),
    );
    server.json('/api/admin/projects', { projects: [{ id: 'default' }] });
    const r = await runCli(['project', 'overview', 'default'], { env: env() });
    expect(r.code).toBe(5);
    // The project exists: the 404 is the proxy's, reported as it came.
    expect(r.stderr).toContain('not found (HTTP 404');
    expect(server.requests).toHaveLength(2);
  });

  it('server strings are made safe for the terminal', async () => {
    server.json(DEPRECATED, {
      ...v6,
      name: 'Evil\u001b]0;pwned\u0007',
      description: 'line\u001b[2Jclear',
      features: [],
    });
    const r = await runCli(['project', 'overview', 'default'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\]0;|\u001b\[2J|\u0007/);
    expect(r.stdout).toContain('Evil\\x1b]0;pwned\\x07');
    expect(r.stdout).toContain('line\\x1b[2Jclear');
  });
});
