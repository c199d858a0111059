import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import type { SnapFlag } from '../../src/snapshot/model.js';
import { admin, adminGet, flagctl, target } from './cli.js';

// `flagctl export` against real servers, and the round trip a CI gate relies on: export, a
// change through the admin API, and a diff against the snapshot that names exactly that change.
// The change is made on a seed feature and reverted at once (see the test).

const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const P = `/api/admin/projects/${SEED.project}`;

  describe(`export on Unleash ${server.pkg}`, () => {
    it('two exports of an unchanged server are identical byte for byte', async () => {
      const a = await flagctl(['export'], env);
      const b = await flagctl(['export'], env);
      expect(a.code).toBe(0);
      expect(a.stderr).toBe('');
      expect(b.stdout).toBe(a.stdout);
      const snap = JSON.parse(a.stdout);
      expect(snap).toMatchObject({
        format: 'flagctl-snapshot',
        version: 2,
        project: 'default',
        environments: ['development', 'production'],
      });
      expect(snap.features).toHaveLength(server.seed.total);
    });

    it('--batch-export is refused before anything is sent: exit 2, and no features-exported event on the server', async () => {
      const exported = async () =>
        ((await adminGet(server, '/api/admin/search/events?limit=1&type=IS:features-exported')) as { total: number })
          .total;
      const before = await exported();
      for (const args of [
        ['export', '--batch-export'],
        ['diff', 'development', 'production', '--batch-export'],
      ]) {
        const r = await flagctl(args, env);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(
          /^flagctl: --batch-export: removed: .*features-exported event holding the whole export.*the default read \(GETs only\)/,
        );
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
      expect(await exported()).toBe(before);
    });

    it("holds what the server's own documents say, without ids", async () => {
      const r = await flagctl(['export'], env);
      const snap = JSON.parse(r.stdout) as { features: SnapFlag[] };
      const byName = new Map(snap.features.map((f) => [f.name, f]));
      const full = (await adminGet(server, `${P}/features/${SEED.fullFeature}`)) as {
        environments: { name: string; strategies: { id: string; name: string; sortOrder: number }[] }[];
      };
      const dev = byName.get(SEED.fullFeature)!.environments.find((e) => e.name === 'development')!;
      // Variants on one of several enabled strategies: evaluation order, as the server sorts them.
      expect(dev.ordered).toBe(true);
      const serverDev = full.environments.find((e) => e.name === 'development')!.strategies;
      expect(dev.strategies.map((s) => s.name)).toEqual(
        [...serverDev].sort((x, y) => x.sortOrder - y.sortOrder).map((s) => s.name),
      );
      expect(dev.strategies.find((s) => s.title === SEED.fullFeatureStrategyTitle)!.segments).toEqual([SEED.segment]);
      for (const s of serverDev) expect(r.stdout).not.toContain(s.id);
      // Enabled states as the feature list has them.
      const mixed = byName.get(SEED.mixedEnvFeature)!;
      expect(mixed.environments.map((e) => [e.name, e.enabled])).toEqual([
        ['development', true],
        ['production', false],
      ]);
      const enabledInProduction = snap.features
        .filter((f) => f.environments.find((e) => e.name === 'production')?.enabled)
        .map((f) => f.name);
      expect(enabledInProduction.sort()).toEqual([...server.seed.enabledInProduction].sort());
      expect(byName.get(SEED.envVariantsFeature)!.environments[0]!.variants.map((v) => v.name)).toEqual([
        'control',
        'csv-list',
        'treatment',
      ]);
      expect(r.stdout).not.toMatch(/"(id|createdAt|lastSeenAt|sortOrder)"/);
    });

    it('an environment the project lacks is exit 5, listing those it has', async () => {
      const r = await flagctl(['export', '--env', 'staging'], env);
      expect(r.code).toBe(5);
      expect(r.stderr).toBe(
        'flagctl: environment "staging" not found in project "default" (environments: development, production)\n',
      );
      expect(r.stdout).toBe('');
    });

    it('export, an edit through the admin API, then diff against the snapshot names exactly the changed field', async () => {
      // The production rollout of SEED.permission goes 100% -> 60% and back. No other test
      // looks at that rollout, and a new feature of our own would change the counts they check.
      const name = SEED.permission;
      const file = join(dir, `before-${server.version}.json`);
      const doc = (await adminGet(server, `${P}/features/${name}`)) as {
        environments: { name: string; strategies: any[] }[];
      };
      const strategy = doc.environments.find((e) => e.name === 'production')!.strategies[0];
      expect(strategy.parameters.rollout).toBe('100');
      const path = `${P}/features/${name}/environments/production/strategies/${strategy.id}`;
      const put = (rollout: string) =>
        admin(server, 'PUT', path, {
          name: strategy.name,
          parameters: { ...strategy.parameters, rollout },
          constraints: strategy.constraints,
          segments: strategy.segments ?? [],
        });

      const exported = await flagctl(['export', '--env', 'production'], env);
      expect(exported.code).toBe(0);
      writeFileSync(file, exported.stdout);
      const unchanged = await flagctl(['diff', `@${file}`, 'production'], env);
      expect(unchanged.stderr).toBe('');
      expect(unchanged.code).toBe(0);
      try {
        await put('60');
        const r = await flagctl(['diff', `@${file}`, 'production', '-o', 'json'], env);
        expect(r.code).toBe(3);
        expect(JSON.parse(r.stdout).changes).toEqual([
          {
            name,
            change: 'changed',
            fields: [{ path: 'strategies[flexibleRollout].parameters.rollout', left: '100', right: '60' }],
          },
        ]);
        const text = await flagctl(['diff', `@${file}`, 'production'], env);
        expect(text.stdout).toContain(
          `~ ${name} (changed)\n    strategies[flexibleRollout].parameters.rollout\n      - "100"\n      + "60"\n`,
        );
      } finally {
        await put('100');
      }
      const reverted = await flagctl(['diff', `@${file}`, 'production'], env);
      expect(reverted.code).toBe(0);
    });
  });
}
