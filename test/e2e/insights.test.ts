import { describe, expect, inject, it } from 'vitest';
import { flagctl, target } from './cli.js';

// Open-source servers do not register GET /api/admin/insights (it is Unleash Enterprise):
// they answer their generic 404 "path not available", and flagctl says so with exit 5.

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);

  describe(`insights on Unleash ${server.pkg}`, () => {
    it('the server answers 404 "path not available", with or without dates', async () => {
      for (const query of ['', '?from=2025-01-01&to=2025-03-31']) {
        const res = await fetch(`${server.url}/api/admin/insights${query}`, {
          headers: { authorization: server.adminToken },
        });
        expect(res.status).toBe(404);
        expect(((await res.json()) as { message: string }).message).toBe(
          'The path you were looking for (/api/admin/insights) is not available.',
        );
      }
    });

    it.each([
      [[]],
      [['-o', 'json']],
      [['--from', '2025-01-01', '--to', '2025-03-31', '--section', 'users', '-o', 'csv']],
    ])('flagctl insights %j exits 5 saying the server does not provide instance insights', async (args) => {
      const r = await flagctl(['insights', ...args], env);
      expect(r.code).toBe(5);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('flagctl: this server does not provide instance insights');
      expect(r.stderr).toContain('Unleash Enterprise');
    });

    it('a bad date exits 2 before asking the server', async () => {
      const r = await flagctl(['insights', '--from', '2025-02-30'], env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--from "2025-02-30": not a calendar date');
    });
  });
}
