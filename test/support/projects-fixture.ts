import type { FixtureServer } from './fixture-server.js';

/** GET /api/admin/projects as 6.10.1 and 8.2.0 answer it (trimmed): what the kit checks --project against. */
export function serveProjects(server: FixtureServer, ids: readonly string[] = ['default', 'web', 'mobile']): void {
  server.json('/api/admin/projects', {
    version: 1,
    projects: ids.map((id) => ({ id, name: id, featureCount: 0, memberCount: 0 })),
  });
}

const KIT_CHECKS = ['/api/admin/projects', '/api/admin/environments', '/api/admin/segments', '/api/admin/tags'];

/** The requests a command made for its own work: without the kit's project, environment, segment and tag checks. */
export function ownRequests<T extends { url: string }>(requests: readonly T[]): T[] {
  return requests.filter((r) => !KIT_CHECKS.includes(r.url.split('?')[0]!));
}

/** GET /api/admin/environments as 6.10.1 and 8.2.0 answer it (trimmed): what the kit checks environment names against. */
export function serveEnvironments(
  server: FixtureServer,
  names: readonly string[] = ['development', 'production'],
): void {
  server.json('/api/admin/environments', {
    version: 1,
    environments: names.map((name) => ({ name, type: name, enabled: true, protected: false })),
  });
}

/** GET /api/admin/segments (trimmed): what the kit checks segment names against. */
export function serveSegments(server: FixtureServer, names: readonly string[] = ['beta-testers']): void {
  server.json('/api/admin/segments', { segments: names.map((name, i) => ({ id: i + 1, name, constraints: [] })) });
}

/** GET /api/admin/tags (trimmed): what the kit checks --tag values (type:value) against. */
export function serveTags(
  server: FixtureServer,
  tags: readonly string[] = ['team:growth', 'team:payments', 'simple:beta', 'simple:checkout'],
): void {
  server.json('/api/admin/tags', {
    version: 1,
    tags: tags.map((t) => ({ type: t.slice(0, t.indexOf(':')), value: t.slice(t.indexOf(':') + 1) })),
  });
}
