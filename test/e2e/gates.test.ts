import { describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { admin as write, adminGet, deleteFlag, flagctl, runtimeName, target } from './cli.js';
import { RecordingProxy } from './search-support.js';

// Scripts and gates against the real servers: a typo never passes a gate; one flag costs one
// flag's reads (counted through a recording relay on 127.0.0.1).

for (const server of inject('servers')) {
  describe(`gates on Unleash ${server.pkg}`, () => {
    const env = target(server, server.adminToken);
    const names = async (path: string, key: string) =>
      ((await adminGet(server, path)) as Record<string, { name: string }[]>)[key]!.map((e) => e.name).sort();

    it("a mistyped environment in --status exits 5 listing the server's environments, where the server answers an empty list", async () => {
      const search = (await adminGet(
        server,
        '/api/admin/search/features?status=prod:enabled&status=prod:enabled&state=IS:stale',
      )) as { total: number };
      expect(search.total).toBe(0);
      const r = await flagctl(
        ['features', 'search', '--status', 'prod:enabled', '--state', 'stale', '--fail-if-any'],
        env,
      );
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `flagctl: no environment "prod" on this server (--status); it has: ${(await names('/api/admin/environments', 'environments')).join(', ')}\n`,
      );
      expect(r.code).toBe(5);
    });

    it("a mistyped segment exits 5 listing the server's segments", async () => {
      const r = await flagctl(['features', 'search', '--segment', 'nosuch', '--fail-if-any'], env);
      expect(r.stderr).toBe(
        `flagctl: no segment "nosuch" on this server (--segment); it has: ${(await names('/api/admin/segments', 'segments')).join(', ')}\n`,
      );
      expect(r.code).toBe(5);
    });

    it("a mistyped tag exits 5 listing the server's tags, where search answers no matches", async () => {
      const search = (await adminGet(server, '/api/admin/search/features?tag=INCLUDE:team:paymnets')) as {
        total: number;
      };
      expect(search.total).toBe(0);
      const r = await flagctl(['features', 'search', '--tag', 'team:paymnets', '--fail-if-any'], env);
      const tags = ((await adminGet(server, '/api/admin/tags')) as { tags: { type: string; value: string }[] }).tags;
      expect(tags.map((t) => `${t.type}:${t.value}`)).toContain('team:payments');
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^flagctl: no tag "team:paymnets" on this server \(--tag\); it has: .*team:payments/);
      expect(r.code).toBe(5);
      const good = await flagctl(['features', 'search', '--tag', 'team:payments', '--fail-if-any'], env);
      expect(good.code).toBe(3);
    });

    it('evaluate: a mistyped --context field in a gate exits 5, where the playground answers off', async () => {
      const feature = SEED.fullFeature;
      const base = ['evaluate', feature, '--env', 'development', '-c', 'userId=7', '-c', 'email=ann@example.com'];
      const typo = await flagctl([...base, '-c', 'contry=DE', '--fail-on', 'on'], env);
      expect(typo.stdout).toBe('');
      expect(typo.stderr).toMatch(
        new RegExp(
          `^flagctl: no context field "contry" on this server, and no constraint of ${feature.replace(/[.]/g, '\\.')} names it \\(--context\\); it has: .*country`,
        ),
      );
      expect(typo.code).toBe(5);
      // The same context without the typo's field is what the playground evaluated: off, so the gate had passed.
      const without = await flagctl([...base, '--fail-on', 'on'], env);
      expect(without.code).toBe(0);
      const known = await flagctl([...base, '-c', 'country=DE', '--fail-on', 'on'], env);
      expect([0, 3]).toContain(known.code);
      expect(known.stderr).not.toContain('context field');
    });

    it('--columns env:<mistyped> exits 5; a real environment gives its column', async () => {
      const bad = await flagctl(['features', 'stale', '-o', 'csv', '--columns', 'name,env:prod.enabled'], env);
      expect(bad.code).toBe(5);
      expect(bad.stderr).toContain('no environment "prod" on this server (--columns)');
      const good = await flagctl(
        [
          'features',
          'search',
          '-o',
          'csv',
          '--columns',
          'name,env:production.enabled',
          '--status',
          'production:enabled',
          '--limit',
          '3',
        ],
        env,
      );
      expect(good.stderr).toBe('');
      expect(good.code).toBe(0);
      expect(
        good.stdout
          .split('\r\n')
          .slice(1, -1)
          .every((line) => line.endsWith(',true')),
      ).toBe(true);
    });

    it('diff --feature reads only that feature (its document, tags and the segments it uses), and says the same as the full diff', async () => {
      const proxy = await new RecordingProxy(server.url).start();
      try {
        const name = SEED.segmentDriftFeature;
        const r = await flagctl(
          ['diff', 'development', 'production', '--feature', name, '-o', 'json'],
          target(proxy, server.adminToken),
        );
        expect(r.stderr).toBe('');
        expect(r.code).toBe(3);
        const paths = proxy.seen.map((u) => u.pathname).sort();
        expect(paths).toEqual(
          [
            '/api/admin/environments/project/default',
            `/api/admin/projects/default/features/${name}`,
            `/api/admin/features/${name}/tags`,
            '/api/admin/segments',
          ].sort(),
        );
        const full = await flagctl(['diff', 'development', 'production', '-o', 'json'], env);
        expect(full.code).toBe(3);
        const mine = (doc: { changes: { name: string }[] }) => doc.changes.filter((c) => c.name === name);
        expect(JSON.parse(r.stdout).changes).toEqual(mine(JSON.parse(full.stdout)));
        expect(mine(JSON.parse(r.stdout)).length).toBe(1);

        proxy.seen.length = 0;
        const typo = await flagctl(
          ['diff', 'development', 'production', '--feature', 'no-such-flag'],
          target(proxy, server.adminToken),
        );
        expect(typo.stderr).toBe('flagctl: --feature: "no-such-flag" on neither side\n');
        expect(typo.code).toBe(5);
        expect(proxy.seen.map((u) => u.pathname).sort()).toEqual(
          [
            '/api/admin/environments/project/default',
            '/api/admin/features/no-such-flag/tags',
            '/api/admin/projects/default/features/no-such-flag',
          ].sort(),
        );
      } finally {
        await proxy.stop();
      }
    });

    it("--stale-for: a flag marked stale through the API is judged by its stale event's time", async () => {
      // A flag of its own, created now (not potentially stale), marked stale, then removed
      // again so that the other files' counts of stale flags hold.
      const name = runtimeName('gates-stale-for');
      await write(server, 'POST', '/api/admin/projects/default/features', { name, type: 'release' });
      try {
        await write(server, 'POST', '/api/admin/projects/default/stale', { features: [name], stale: true });
        const events = (await adminGet(
          server,
          `/api/admin/search/events?feature=IS:${name}&type=IS:feature-stale-on`,
        )) as { events: { createdAt: string }[] };
        expect(events.events).toHaveLength(1);
        const markedAt = events.events[0]!.createdAt;
        const json = async (age: string) => {
          const r = await flagctl(['features', 'stale', '--stale-for', age, '-o', 'json'], env);
          expect(r.stderr).toBe('');
          expect(r.code).toBe(0);
          return (
            JSON.parse(r.stdout).features as { name: string; staleSince: string | null; potentiallyStale: boolean }[]
          ).find((f) => f.name === name);
        };
        // Marked moments ago: older than 0h, not older than 1h.
        expect(await json('0h')).toMatchObject({ name, staleSince: markedAt, potentiallyStale: false });
        expect(await json('1h')).toBeUndefined();
        // The seed's marked flag: its staleSince is its own event's time.
        const seeded = (await adminGet(
          server,
          `/api/admin/search/events?feature=IS:${SEED.staleFeature}&type=IS:feature-stale-on`,
        )) as { events: { createdAt: string }[] };
        const all = await flagctl(['features', 'stale', '-o', 'json'], env);
        const row = (JSON.parse(all.stdout).features as { name: string; staleSince: string | null }[]).find(
          (f) => f.name === SEED.staleFeature,
        );
        expect(row?.staleSince).toBe(seeded.events[0]?.createdAt ?? null);
        // The gate: --fail-on stale with --stale-for 0h trips on it; with 1h it does not see it.
        const gate = await flagctl(
          ['features', 'stale', '--stale-for', '0h', '--fail-on', 'stale', '-o', 'csv', '--columns', 'name'],
          env,
        );
        expect(gate.code).toBe(3);
        expect(gate.stdout.split('\r\n')).toContain(name);
      } finally {
        await deleteFlag(server, name);
      }
    });
  });
}
