import type { FixtureServer } from './fixture-server.js';

/** GET /api/admin/projects as 6.10.1 and 8.2.0 answer it (trimmed): what the kit checks --project against. */
export function serveProjects(server: FixtureServer, ids: readonly string[] = ['default', 'web', 'mobile']): void {
  server.json('/api/admin/projects', { version: 1, projects: ids.map((id) => ({ id, name: id, featureCount: 0, memberCount: 0 })) });
}

/** The requests a command made for its own work: without the kit's project check. */
export function ownRequests<T extends { url: string }>(requests: readonly T[]): T[] {
  return requests.filter((r) => r.url.split('?')[0] !== '/api/admin/projects');
}
