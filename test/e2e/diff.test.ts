import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { flagctl, target } from './cli.js';

// `flagctl diff` against real servers: two environments of one server (the seed makes them
// differ in strategies, constraints, segments and variants), and 6.10.1 against 8.2.0 as two
// instances through two stored profiles (the seed differs there only in SEED.versionSpecific).
// export.test.ts changes one production rollout of SEED.permission for a moment; no assertion
// here depends on it.

const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Field {
  path: string;
  left: unknown;
  right: unknown;
}
interface Change {
  name: string;
  change: string;
  fields: Field[];
}

const servers = inject('servers');

for (const server of servers) {
  const env = target(server, server.adminToken);

  describe(`diff development production on Unleash ${server.pkg}`, () => {
    it('exits 3 and names what differs: enabled, strategies, constraints, segments, variants', async () => {
      const r = await flagctl(['diff', 'development', 'production', '-o', 'json'], env);
      expect(r.code).toBe(3);
      const changes = JSON.parse(r.stdout).changes as Change[];
      const of = (name: string) => changes.find((c) => c.name === name)!.fields;
      expect(changes.every((c) => c.change === 'changed')).toBe(true);

      expect(of(SEED.segmentDriftFeature)).toEqual([
        { path: 'enabled', left: true, right: false },
        { path: 'strategies[flexibleRollout].segments', left: [SEED.segment], right: [] },
      ]);
      expect(of(SEED.mixedEnvFeature)).toEqual([
        { path: 'enabled', left: true, right: false },
        { path: 'strategies[flexibleRollout].parameters.rollout', left: '100', right: '5' },
        { path: 'strategies[flexibleRollout].parameters.stickiness', left: 'default', right: 'sessionId' },
        {
          path: 'strategies[flexibleRollout].constraints[country IN]',
          left: null,
          right: {
            caseInsensitive: false,
            contextName: 'country',
            inverted: false,
            operator: 'IN',
            values: ['DK', 'NO', 'SE'],
          },
        },
      ]);
      const variants = of(SEED.envVariantsFeature).find((f) => f.path === 'variants[csv-list]')!;
      expect(variants.left).toMatchObject({
        name: 'csv-list',
        weightType: 'fix',
        payload: { type: 'csv', value: 'red,green,blue' },
      });
      expect(variants.right).toBeNull();
      const full = of(SEED.fullFeature).map((f) => f.path);
      const titled = `strategies[flexibleRollout "${SEED.fullFeatureStrategyTitle}"]`;
      expect(full).toContain(`${titled}.title`);
      expect(full).toContain(`${titled}.variants[blue]`);
      expect(full).toContain(`${titled}.constraints[country IN]`);
      expect(full).toContain(`strategies[applicationHostname "${SEED.fullFeatureDisabledStrategyTitle}"]`);
      // Two environments of one server share the feature-level fields: never listed.
      for (const c of changes)
        for (const f of c.fields)
          expect(f.path).not.toMatch(/^(type|description|stale|impressionData|tags|dependencies)/);
      // Features enabled with the same default strategy in both environments are no drift.
      expect(changes.map((c) => c.name)).not.toContain(SEED.killSwitch);
    });

    it('the terminal view and --stat', async () => {
      const r = await flagctl(['diff', 'development', 'production', '--feature', SEED.segmentDriftFeature], env);
      expect(r.code).toBe(3);
      expect(r.stdout).toBe(
        `--- development\n+++ production\n\n~ ${SEED.segmentDriftFeature} (changed)\n    enabled\n      - true\n      + false\n` +
          `    strategies[flexibleRollout].segments\n      - [${SEED.segment}]\n      + []\n\n1 feature differs: 1 changed\n`,
      );
      const stat = await flagctl(
        [
          'diff',
          'development',
          'production',
          '--stat',
          '--feature',
          SEED.mixedEnvFeature,
          '--feature',
          SEED.killSwitch,
        ],
        env,
      );
      expect(stat.code).toBe(3);
      expect(stat.stdout).toBe(` ${SEED.mixedEnvFeature} |   4 ++++---\n 1 feature differs: 1 changed\n`);
    });

    it('markdown for a PR comment', async () => {
      const r = await flagctl(
        ['diff', 'development', 'production', '-o', 'markdown', '--feature', SEED.segmentDriftFeature],
        env,
      );
      expect(r.code).toBe(3);
      expect(r.stdout).toContain('| feature | change | field | development | production |');
      expect(r.stdout).toContain('strategies\\[flexibleRollout\\].segments | \\[beta-testers\\] | \\[\\] |');
    });

    it('no difference is exit 0', async () => {
      const r = await flagctl(['diff', 'development', 'production', '--feature', SEED.killSwitch], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('No differences: development and production match.');
    });

    it('an environment the server lacks is exit 5, listing those it has', async () => {
      const r = await flagctl(['diff', 'development', 'staging'], env);
      expect(r.code).toBe(5);
      expect(r.stderr).toBe(
        'flagctl: environment "staging" not found in project "default" (environments: development, production)\n',
      );
    });
  });
}

const v6 = servers.find((s) => s.version === '6');
const v8 = servers.find((s) => s.version === '8');

describe.runIf(v6 && v8)('diff between Unleash 6.10.1 and 8.2.0 through two profiles', () => {
  const config = () => {
    const d = mkdtempSync(join(dir, 'config-'));
    const file = join(d, 'config.json');
    const profiles = { old: { url: v6!.url, token: v6!.adminToken }, new: { url: v8!.url, token: v8!.adminToken } };
    writeFileSync(file, JSON.stringify({ version: 1, profiles }), { mode: 0o600 });
    chmodSync(file, 0o600);
    return { FLAGCTL_CONFIG_DIR: d };
  };

  it('shows only the seed feature that differs, with its feature-level fields', async () => {
    const r = await flagctl(['diff', 'old:development', 'new:development', '-o', 'json'], config());
    expect(r.code).toBe(3);
    const changes = JSON.parse(r.stdout).changes as Change[];
    expect(changes.map((c) => c.name)).toEqual([SEED.versionSpecific]);
    const fields = changes[0]!.fields;
    expect(fields.map((f) => f.path)).toEqual(['type', 'description', 'strategies[userWithId]', 'strategies[default]']);
    expect(fields[0]).toEqual({ path: 'type', left: 'release', right: 'sunset' });
    expect(fields[2]!.right).toBeNull();
    expect(fields[3]!.left).toBeNull();
    for (const token of [v6!.adminToken, v8!.adminToken]) expect(r.stdout + r.stderr).not.toContain(token);
  });

  it('production: the same feature, feature-level fields only; the richest feature is the same on both', async () => {
    const r = await flagctl(
      [
        'diff',
        'old:production',
        'new:production',
        '--stat',
        '--feature',
        SEED.versionSpecific,
        '--feature',
        SEED.fullFeature,
      ],
      config(),
    );
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(` ${SEED.versionSpecific} |   2 ++--\n 1 feature differs: 1 changed\n`);
  });

  it('an unknown profile is exit 2 listing the stored ones', async () => {
    const r = await flagctl(['diff', 'old:development', 'newer:development'], config());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no profile named "newer" (profiles: old, new)');
  });
});
