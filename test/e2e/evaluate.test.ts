import { describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { flagctl, target } from './cli.js';

// `evaluate` against the seeded constraints and segment of SEED.fullFeature (development):
// strategy "EU beta rollout" (country IN DE/FR/NL, userId NOT_IN, email contains @example.com,
// appName starts with web-/mobile-, email NOT ends with .invalid/.test, segment beta-testers:
// plan IN pro/enterprise and country NOT_IN KP/IR), then a remoteAddress strategy whose
// `age NOT NUM_LTE 3650` fails for any age up to 3650.

const SATISFYING = {
  appName: 'web-shop',
  userId: 'u1',
  country: 'DE',
  email: 'a@example.com',
  plan: 'pro',
  age: '30',
  appVersion: '2.1.0',
};
const flags = (ctx: Record<string, string>) => Object.entries(ctx).flatMap(([k, v]) => ['-c', `${k}=${v}`]);

/** The server's own answer, without flagctl. */
async function playground(
  server: { url: string; adminToken: string },
  environment: string,
  ctx: Record<string, string>,
) {
  const { appName, userId, ...properties } = ctx;
  const res = await fetch(`${server.url}/api/admin/playground`, {
    method: 'POST',
    headers: { authorization: server.adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ projects: '*', environment, context: { appName, userId, properties } }),
  });
  if (!res.ok) throw new Error(`playground: HTTP ${res.status}`);
  return (await res.json()) as { features: { name: string }[] };
}

for (const server of inject('servers')) {
  describe(`evaluate on Unleash ${server.pkg}`, () => {
    const env = target(server, server.adminToken);

    it('a context that satisfies every constraint and the segment: on, decided by the titled strategy', async () => {
      const r = await flagctl(['evaluate', SEED.fullFeature, '--env', 'development', ...flags(SATISFYING)], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(
        new RegExp(
          `^${SEED.fullFeature.replace(/[.]/g, '\\.')} {2}ON {2}variant (blue|green|ten-percent-off) {2}in development$`,
        ),
      );
      expect(lines[1]).toBe(`  decided by strategy "${SEED.fullFeatureStrategyTitle}" (flexibleRollout)`);
      for (const line of [
        '✓ country IN ["DE", "FR", "NL"]  — country = "DE"',
        '✓ userId NOT_IN ["blocked-user-1", "blocked-user-2"]  — userId = "u1"',
        '✓ appName STR_STARTS_WITH ["web-", "mobile-"]  — appName = "web-shop"',
        `✓ segment ${SEED.segment}`,
        '✓ plan IN ["pro", "enterprise"]  — plan = "pro"',
        '✓ country NOT_IN ["KP", "IR"]  — country = "DE"',
        '✗ age NOT NUM_LTE "3650"  — age = "30"',
        '✓ currentTime DATE_AFTER "2024-01-01T00:00:00.000Z"  — currentTime not given (the server used its clock)',
      ]) {
        expect(r.stdout).toContain(line);
      }
      expect(r.stdout).toMatch(
        new RegExp(
          `- strategy "${SEED.fullFeatureDisabledStrategyTitle}" \\(applicationHostname\\).*\\(disabled, not evaluated\\)`,
        ),
      );
      const ok = await flagctl(
        ['evaluate', SEED.fullFeature, '--env', 'development', ...flags(SATISFYING), '--expect', 'on', '-o', 'csv'],
        env,
      );
      expect(ok.code).toBe(0);
    });

    it('a context failing one constraint: off, with that constraint ✗ and its value, --expect on exits 3', async () => {
      const failing = { ...SATISFYING, country: 'US' };
      const r = await flagctl(['evaluate', SEED.fullFeature, '--env', 'development', ...flags(failing)], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(`^${SEED.fullFeature} {2}OFF {2}in development\n {2}no strategy matched this context\n`),
      );
      expect(r.stdout).toContain(`  ✗ strategy "${SEED.fullFeatureStrategyTitle}" (flexibleRollout)`);
      expect(r.stdout).toContain('✗ country IN ["DE", "FR", "NL"]  — country = "US"');
      expect(r.stdout).toContain('✓ userId NOT_IN ["blocked-user-1", "blocked-user-2"]  — userId = "u1"');
      const gate = await flagctl(
        ['evaluate', SEED.fullFeature, '--env', 'development', ...flags(failing), '--expect', 'on', '-o', 'csv'],
        env,
      );
      expect(gate.code).toBe(3);
      expect(gate.stdout).toBe(`name,enabled,variant,strategy\r\n${SEED.fullFeature},false,,\r\n`);
      expect(gate.stderr).toBe(`flagctl: ${SEED.fullFeature} is off in development for this context; expected on\n`);
    });

    it('a context outside the segment shows the segment ✗ and the value', async () => {
      const r = await flagctl(
        ['evaluate', SEED.fullFeature, '--env', 'development', ...flags({ ...SATISFYING, plan: 'free' })],
        env,
      );
      expect(r.stdout).toContain(`✗ segment ${SEED.segment}`);
      expect(r.stdout).toContain('✗ plan IN ["pro", "enterprise"]  — plan = "free"');
    });

    it('an unsatisfied parent dependency is named; -o json is the server answer for those features', async () => {
      const r = await flagctl(
        ['evaluate', SEED.childOfDisabledParent, '--env', 'development', '-c', 'appName=web'],
        env,
      );
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('✗ a parent dependency is not satisfied');
      expect(r.stdout).toMatch(new RegExp(`✗ parent ${SEED.parent} must be disabled; it is on( with variant \\S+)?\n`));
      const json = await flagctl(
        ['evaluate', SEED.fullFeature, SEED.killSwitch, '--env', 'production', ...flags(SATISFYING), '-o', 'json'],
        env,
      );
      expect(json.code).toBe(0);
      const ours = JSON.parse(json.stdout) as { features: { name: string }[] };
      const theirs = await playground(server, 'production', SATISFYING);
      expect(ours.features).toEqual(
        [SEED.fullFeature, SEED.killSwitch].map((n) => theirs.features.find((f) => f.name === n)),
      );
    });

    it('an unknown environment exits 5 listing them; an unknown feature exits 5', async () => {
      const r = await flagctl(['evaluate', SEED.fullFeature, '--env', 'staging'], env);
      expect(r.code).toBe(5);
      const names = server.version === '6' ? 'default, development, production' : 'development, production';
      expect(r.stderr).toBe(`flagctl: no environment "staging" on this server (--env); it has: ${names}\n`);
      const missing = await flagctl(['evaluate', 'no-such-flag', '--env', 'production'], env);
      expect(missing.code).toBe(5);
      expect(missing.stderr).toContain('no feature named "no-such-flag"');
    });

    it('--all evaluates every active flag of the project, one csv row each', async () => {
      const r = await flagctl(
        [
          'evaluate',
          '--all',
          '--project',
          SEED.project,
          '--env',
          'production',
          '-o',
          'csv',
          '--columns',
          'feature,enabled',
        ],
        env,
      );
      expect(r.code).toBe(0);
      const rows = r.stdout.trimEnd().split('\r\n').slice(1);
      expect(rows).toHaveLength(server.seed.total);
      expect(rows).toContain(`${SEED.killSwitch},true`);
      expect(rows).toContain(`${SEED.mixedEnvFeature},false`);
    });
  });
}
