// Checks the e2e harness itself: for every server booted by global-setup.ts, fetch the seeded
// data back with plain `fetch` (independently of the CLI) and assert that it is really there,
// and that the servers answer 401/403/404 the way the CLI's e2e tests expect.

import { describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import type { E2EServer } from './global-setup.js';

interface Reply {
  status: number;
  contentType: string;
  body: any;
  text: string;
}

async function get(server: E2EServer, path: string, token: string | null = server.adminToken): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== null) headers.authorization = token;
  const res = await fetch(server.url + path, { headers });
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, text };
}

const featurePath = (name: string) => `/api/admin/projects/default/features/${encodeURIComponent(name)}`;
const searchTotal = async (server: E2EServer, query: string) => {
  const r = await get(server, `/api/admin/search/features?limit=1&${query}`);
  expect(r.status, r.text).toBe(200);
  return r.body.total as number;
};

const servers = inject('servers');

describe('e2e harness', () => {
  it('booted at least one server, each on loopback', () => {
    expect(servers.length).toBeGreaterThan(0);
    for (const s of servers) expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe.each(servers.map((s) => [`${s.pkg} at ${s.url}`, s] as const))('Unleash %s', (_label, server) => {
  it('reports the expected version', async () => {
    const r = await get(server, '/api/admin/ui-config');
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(server.pkg);
    expect(server.pkg.startsWith(`${server.version}.`)).toBe(true);
  });

  it('has at least 250 active features, and paging through search sees all of them', async () => {
    const total = await searchTotal(server, '');
    expect(total).toBeGreaterThanOrEqual(250);
    expect(total).toBe(server.seed.total);

    const names = new Set<string>();
    for (let offset = 0; offset < total; offset += 100) {
      const r = await get(server, `/api/admin/search/features?limit=100&offset=${offset}&sortBy=name&sortOrder=asc`);
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(total);
      for (const f of r.body.features) names.add(f.name);
    }
    expect(names.size).toBe(total);
    expect(names.has(SEED.fullFeature)).toBe(true);
    expect(names.has(SEED.archivedFeature)).toBe(false);
  });

  it('has features of all five spec types', async () => {
    for (const type of SEED.types) {
      expect(await searchTotal(server, `type=IS:${type}`), type).toBeGreaterThan(0);
    }
  });

  it('has the stale feature marked stale', async () => {
    const r = await get(server, featurePath(SEED.staleFeature));
    expect(r.status).toBe(200);
    expect(r.body.stale).toBe(true);
    expect(await searchTotal(server, 'state=IS:stale')).toBe(server.seed.stale.length);
    expect(server.seed.stale).toContain(SEED.staleFeature);
  });

  it('has the potentially stale feature: created in 2020 as sent, not marked stale, listed by state=IS:potentially-stale', async () => {
    const r = await get(server, featurePath(SEED.potentiallyStaleFeature));
    expect(r.status).toBe(200);
    expect(r.body.createdAt).toBe(SEED.potentiallyStaleCreatedAt);
    expect(r.body.stale).toBe(false);
    expect(server.seed.potentiallyStale).toEqual([SEED.potentiallyStaleFeature]);
    const listed = await get(server, '/api/admin/search/features?limit=100&state=IS:potentially-stale');
    expect(listed.status).toBe(200);
    expect(listed.body.features.map((f: any) => f.name)).toEqual(server.seed.potentiallyStale);
    expect(listed.body.total).toBe(server.seed.potentiallyStale.length);
  });

  it('has the archived feature archived (404 on GET, visible with archived=IS:true)', async () => {
    const r = await get(server, featurePath(SEED.archivedFeature));
    expect(r.status).toBe(404);
    const archived = await get(server, '/api/admin/search/features?limit=50&archived=IS:true');
    expect(archived.status).toBe(200);
    const names = archived.body.features.map((f: any) => f.name);
    for (const name of SEED.archivedFeatures) expect(names).toContain(name);
    const old = archived.body.features.find((f: any) => f.name === SEED.archivedFeature);
    expect(old.archivedAt).toBeTruthy();
  });

  it('has the parent/child dependencies', async () => {
    const child = await get(server, featurePath(SEED.child));
    expect(child.status).toBe(200);
    expect(child.body.dependencies).toEqual([{ feature: SEED.parent, enabled: true, variants: ['blue'] }]);

    const other = await get(server, featurePath(SEED.childOfDisabledParent));
    expect(other.body.dependencies).toEqual([expect.objectContaining({ feature: SEED.parent, enabled: false })]);

    const parent = await get(server, featurePath(SEED.parent));
    expect([...parent.body.children].sort()).toEqual([SEED.child, SEED.childOfDisabledParent].sort());

    const search = await get(server, `/api/admin/search/features?query=${encodeURIComponent(SEED.parent)}&limit=10`);
    const types = Object.fromEntries(search.body.features.map((f: any) => [f.name, f.dependencyType]));
    expect(types[SEED.parent]).toBe('parent');
    expect(types[SEED.child]).toBe('child');
  });

  it('has the rich feature with strategies, constraints, segment, variants and tags', async () => {
    const r = await get(server, featurePath(SEED.fullFeature));
    expect(r.status).toBe(200);
    const f = r.body;
    expect(f.type).toBe('release');
    expect(f.description).toBeTruthy();
    expect(f.impressionData).toBe(true);

    const dev = f.environments.find((e: any) => e.name === 'development');
    const prod = f.environments.find((e: any) => e.name === 'production');
    expect(dev.enabled).toBe(true);
    expect(prod.enabled).toBe(true);

    const titled = dev.strategies.find((s: any) => s.title === SEED.fullFeatureStrategyTitle);
    expect(titled.name).toBe('flexibleRollout');
    expect(titled.parameters).toMatchObject({ rollout: '50', stickiness: 'userId', groupId: 'checkout-eu' });
    expect(titled.segments).toEqual([server.seed.segmentId]);
    expect(titled.variants.map((v: any) => v.payload.type).sort()).toEqual(['json', 'number', 'string']);

    const disabled = dev.strategies.find((s: any) => s.title === SEED.fullFeatureDisabledStrategyTitle);
    expect(disabled.disabled).toBe(true);

    const constraints = [...dev.strategies, ...prod.strategies].flatMap((s: any) => s.constraints);
    const operators = new Set(constraints.map((c: any) => c.operator));
    for (const op of [
      'IN',
      'NOT_IN',
      'STR_ENDS_WITH',
      'STR_STARTS_WITH',
      'STR_CONTAINS',
      'NUM_EQ',
      'NUM_GT',
      'NUM_GTE',
      'NUM_LT',
      'NUM_LTE',
      'DATE_AFTER',
      'DATE_BEFORE',
      'SEMVER_EQ',
      'SEMVER_GT',
      'SEMVER_LT',
    ]) {
      expect(operators.has(op), op).toBe(true);
    }
    expect(constraints.some((c: any) => c.inverted === true)).toBe(true);
    expect(constraints.some((c: any) => c.caseInsensitive === true)).toBe(true);

    const tags = await get(server, `/api/admin/features/${encodeURIComponent(SEED.fullFeature)}/tags`);
    expect(tags.status).toBe(200);
    for (const t of SEED.fullFeatureTags) expect(tags.body.tags).toContainEqual(expect.objectContaining(t));

    const segment = await get(server, `/api/admin/segments/${server.seed.segmentId}`);
    expect(segment.status).toBe(200);
    expect(segment.body.name).toBe(SEED.segment);
  });

  it('has environment variants with overrides (and no strategy variants) on the env-variants feature', async () => {
    const r = await get(server, `${featurePath(SEED.envVariantsFeature)}?variantEnvironments=true`);
    expect(r.status).toBe(200);
    const dev = r.body.environments.find((e: any) => e.name === 'development');
    expect(dev.variants.length).toBe(3);
    expect(dev.variants.some((v: any) => (v.overrides ?? []).length > 0)).toBe(true);
    for (const env of r.body.environments) {
      for (const s of env.strategies) expect(s.variants ?? []).toEqual([]);
    }
  });

  it('has a feature enabled in development and disabled in production, and some enabled in production', async () => {
    const r = await get(server, featurePath(SEED.mixedEnvFeature));
    const byEnv = Object.fromEntries(r.body.environments.map((e: any) => [e.name, e.enabled]));
    expect(byEnv).toMatchObject({ development: true, production: false });
    // `status` must be an array: a single `status=x` is answered 400 by both versions.
    expect(await searchTotal(server, 'status%5B%5D=production:enabled')).toBe(server.seed.enabledInProduction.length);
  });

  it('serves the names with special characters', async () => {
    for (const name of SEED.specialNames) {
      const r = await get(server, featurePath(name));
      expect(r.status, name).toBe(200);
      expect(r.body.name).toBe(name);
    }
  });

  it('has the completed lifecycle feature', async () => {
    const r = await get(server, `/api/admin/search/features?query=${encodeURIComponent(SEED.completedFeature)}`);
    const f = r.body.features.find((x: any) => x.name === SEED.completedFeature);
    expect(f.lifecycle).toMatchObject({ stage: 'completed', status: 'kept' });
  });

  it('has the version-specific feature', async () => {
    const r = await get(server, featurePath(SEED.versionSpecific));
    expect(r.status).toBe(200);
    const strategies = r.body.environments.flatMap((e: any) => e.strategies);
    if (server.version === '8') {
      expect(r.body.type).toBe('sunset');
      expect(strategies.flatMap((s: any) => s.constraints).map((c: any) => c.operator)).toContain('REGEX');
    } else {
      expect(r.body.type).toBe('release');
      expect(strategies.map((s: any) => s.name)).toContain('userWithId');
    }
  });

  it('answers 401 without a token and with a bad token', async () => {
    const none = await get(server, featurePath(SEED.fullFeature), null);
    expect(none.status).toBe(401);
    expect(none.contentType).toMatch(/application\/json/);
    expect(none.body).toMatchObject({ name: 'AuthenticationRequired', message: expect.any(String) });

    const bad = await get(server, featurePath(SEED.fullFeature), '*:*.not-a-real-token');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ name: 'UnauthorizedError', message: expect.any(String) });
  });

  it('answers 403 for the narrow (client) token', async () => {
    const r = await get(server, featurePath(SEED.fullFeature), server.narrowToken);
    expect(r.status).toBe(403);
    expect(r.contentType).toMatch(/application\/json/);
    expect(r.body).toEqual({ message: expect.stringContaining('expected a different token type') });
    const search = await get(server, '/api/admin/search/features?limit=1', server.narrowToken);
    expect(search.status).toBe(403);
  });

  it('answers 404 NotFoundError for a missing feature', async () => {
    const r = await get(server, featurePath('no-such-feature-here'));
    expect(r.status).toBe(404);
    expect(r.contentType).toMatch(/application\/json/);
    expect(r.body).toMatchObject({ name: 'NotFoundError', message: expect.stringContaining('no-such-feature-here') });
  });

  it('serves the deprecated project overview on 6.x only', async () => {
    const r = await get(server, '/api/admin/projects/default');
    if (server.version === '6') {
      expect(r.status).toBe(200);
      expect(r.body.name).toBeTruthy();
      expect(r.body.features.length).toBe(server.seed.total);
    } else {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ name: 'NotFoundError', message: expect.stringContaining('is not available') });
    }
  });
});
