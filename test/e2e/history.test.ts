import { describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { adminGet, flagctl, target } from './cli.js';

// `feature history` of seeded features: creation, strategy and tag events of SEED.fullFeature,
// and the two strategy updates of SEED.mixedEnvFeature (SEED.historyRollouts).

for (const server of inject('servers')) {
  describe(`feature history on Unleash ${server.pkg}`, () => {
    const env = target(server, server.adminToken);

    it('shows creation, strategy and tag events, newest first, with computed summaries', async () => {
      const r = await flagctl(['feature', 'history', SEED.fullFeature, '--all'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const rows = r.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t'));
      const last = rows.at(-1)!;
      expect(last.slice(1)).toEqual([
        'flagctl-e2e-admin',
        'feature-created',
        '-',
        'created as a release flag in project default',
      ]);
      const summaries = rows.map((c) => c[4]);
      expect(summaries).toContain(
        `strategy "${SEED.fullFeatureStrategyTitle}" added: flexibleRollout, rollout 50%, stickiness userId, 5 constraints, 1 segment, 3 variants`,
      );
      expect(summaries).toContain(
        `strategy "${SEED.fullFeatureDisabledStrategyTitle}" added: applicationHostname, hostNames canary-1.internal,canary-2.internal, disabled`,
      );
      for (const t of SEED.fullFeatureTags) expect(summaries).toContain(`tag ${t.type}:${t.value} added`);
      expect(
        rows
          .filter((c) => c[2] === 'feature-environment-enabled')
          .map((c) => c[3])
          .sort(),
      ).toEqual(['development', 'production']);
      const times = rows.map((c) => c[0]!);
      expect([...times].sort().reverse()).toEqual(times);
      expect(r.stdout).not.toContain('**'); // never the server's markdown
    });

    it('a strategy update reads as the rollout change, old → new', async () => {
      const r = await flagctl(
        [
          'feature',
          'history',
          SEED.mixedEnvFeature,
          '--type',
          'feature-strategy-update',
          '-o',
          'csv',
          '--columns',
          'env,summary',
        ],
        env,
      );
      expect(r.code).toBe(0);
      const [a, b, c] = SEED.historyRollouts;
      expect(r.stdout).toBe(
        `env,summary\r\nproduction,strategy flexibleRollout: rollout ${b}% → ${c}%\r\nproduction,strategy flexibleRollout: rollout ${a}% → ${b}%\r\n`,
      );
    });

    it('-o json passes the events through; --limit takes the newest', async () => {
      const r = await flagctl(['feature', 'history', SEED.fullFeature, '-n', '3', '-o', 'json'], env);
      expect(r.code).toBe(0);
      const direct = (await adminGet(
        server,
        `/api/admin/search/events?feature=IS:${encodeURIComponent(SEED.fullFeature)}&offset=0&limit=3`,
      )) as {
        events: unknown[];
      };
      expect(JSON.parse(r.stdout)).toEqual(direct.events);
    });

    it('--since in the future shows nothing; a missing feature exits 5', async () => {
      const r = await flagctl(['feature', 'history', SEED.fullFeature, '--since', '2099-01-01', '-o', 'json'], env);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([]);
      const missing = await flagctl(['feature', 'history', 'no-such-flag'], env);
      expect(missing.code).toBe(5);
      expect(missing.stderr).toBe('flagctl: no feature named "no-such-flag": the server has no change events for it\n');
    });

    it('an archived feature still has its history', async () => {
      const r = await flagctl(['feature', 'history', SEED.archivedFeature, '-o', 'csv', '--columns', 'type'], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('feature-archived');
      expect(r.stdout).toContain('feature-created');
    });
  });
}
