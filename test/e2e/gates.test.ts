import { describe, expect, inject, it } from 'vitest';
import { adminGet, flagctl, target } from './cli.js';

// Scripts and gates against the real servers: a typo never passes a gate.

for (const server of inject('servers')) {
  describe(`gates on Unleash ${server.pkg}`, () => {
    const env = target(server, server.adminToken);
    const names = async (path: string, key: string) =>
      ((await adminGet(server, path)) as Record<string, { name: string }[]>)[key]!.map((e) => e.name).sort();

    it('a mistyped environment in --status exits 5 listing the server\'s environments, where the server answers an empty list', async () => {
      const search = (await adminGet(server, '/api/admin/search/features?status=prod:enabled&status=prod:enabled&state=IS:stale')) as { total: number };
      expect(search.total).toBe(0);
      const r = await flagctl(['features', 'search', '--status', 'prod:enabled', '--state', 'stale', '--fail-if-any'], env);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`flagctl: no environment "prod" on this server (--status); it has: ${(await names('/api/admin/environments', 'environments')).join(', ')}\n`);
      expect(r.code).toBe(5);
    });

    it('a mistyped segment exits 5 listing the server\'s segments', async () => {
      const r = await flagctl(['features', 'search', '--segment', 'nosuch', '--fail-if-any'], env);
      expect(r.stderr).toBe(`flagctl: no segment "nosuch" on this server (--segment); it has: ${(await names('/api/admin/segments', 'segments')).join(', ')}\n`);
      expect(r.code).toBe(5);
    });

    it('--columns env:<mistyped> exits 5; a real environment gives its column', async () => {
      const bad = await flagctl(['features', 'stale', '-o', 'csv', '--columns', 'name,env:prod.enabled'], env);
      expect(bad.code).toBe(5);
      expect(bad.stderr).toContain('no environment "prod" on this server (--columns)');
      const good = await flagctl(['features', 'search', '-o', 'csv', '--columns', 'name,env:production.enabled', '--status', 'production:enabled', '--limit', '3'], env);
      expect(good.stderr).toBe('');
      expect(good.code).toBe(0);
      expect(good.stdout.split('\r\n').slice(1, -1).every((line) => line.endsWith(',true'))).toBe(true);
    });
  });
}
