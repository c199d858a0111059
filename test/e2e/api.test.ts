import { describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { adminGet, flagctl, target } from './cli.js';

// `flagctl api` against the real servers: a plain GET, and --paginate through a list.

for (const server of inject('servers')) {
  describe(`api on Unleash ${server.pkg}`, () => {
    const env = target(server, server.adminToken);

    it('/api/admin/segments comes back as the server sends it', async () => {
      const r = await flagctl(['api', '/api/admin/segments'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const body = JSON.parse(r.stdout) as { segments: { name: string }[] };
      expect(body).toEqual(await adminGet(server, '/api/admin/segments'));
      expect(body.segments.map((s) => s.name)).toContain(SEED.segment);
    });

    it('--paginate follows offset/limit through search: every active feature once', async () => {
      const r = await flagctl(['api', '/api/admin/search/features', '--paginate', '-q', 'limit=100'], env);
      expect(r.code).toBe(0);
      const names = (JSON.parse(r.stdout) as { name: string }[]).map((f) => f.name);
      expect(names).toHaveLength(server.seed.total);
      expect(new Set(names).size).toBe(server.seed.total);
      expect(names).toContain(SEED.fullFeature);
    });

    it('--paginate -o ndjson over small pages of events equals one large page', async () => {
      const path = `/api/admin/search/events?feature=IS:${encodeURIComponent(SEED.fullFeature)}`;
      const r = await flagctl(['api', path, '--paginate', '-q', 'limit=2', '-o', 'ndjson'], env);
      expect(r.code).toBe(0);
      const direct = (await adminGet(server, `${path}&limit=1000`)) as { events: unknown[] };
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ).toEqual(direct.events);
    });

    it('an unknown path exits 5 with the server message; POST is refused before sending', async () => {
      const r = await flagctl(['api', '/api/admin/no-such-thing'], env);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('not found (HTTP 404');
      const post = await flagctl(['api', '/api/admin/segments', '-X', 'POST'], env);
      expect(post.code).toBe(2);
      const narrow = await flagctl(['api', '/api/admin/segments'], target(server, server.narrowToken));
      expect(narrow.code).toBe(4);
      expect(narrow.stdout + narrow.stderr).not.toContain(server.narrowToken);
    });

    // Issue 21, item 1: on the real server `/api/..\health` answered {"health":"GOOD"}: the
    // token went to /health. Each spelling is refused before anything is sent.
    it.each(['/api/..\\health', '/api/%2e%2e\\health', '/api/..%5chealth', '/api/..%2fhealth'])(
      '%s is refused with exit 2; /health never answers',
      async (path) => {
        const r = await flagctl(['api', path], env);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).not.toContain('GOOD');
        expect(r.stderr).not.toContain(server.adminToken);
      },
    );
  });
}
