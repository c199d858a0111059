import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { adminGet, flagctl, target } from './cli.js';

// `feature get` and `auth` against real Unleash servers, checked against what each server holds.

const featurePath = (name: string) => `/api/admin/projects/default/features/${encodeURIComponent(name)}`;

/** A flag's document as the server answers it: the fields these tests read. */
interface ServerFlag {
  name: string;
  type: string;
  environments: {
    name: string;
    enabled: boolean;
    type?: string;
    strategies: {
      name: string;
      title?: string | null;
      disabled?: boolean | null;
      constraints: unknown[];
      variants?: unknown[];
    }[];
    variants?: unknown[];
    lastSeenAt?: string | null;
  }[];
  tags?: { type: string; value: string }[];
  dependencies?: { feature: string; enabled?: boolean; variants?: string[] }[];
  children?: string[];
}

for (const server of inject('servers')) {
  describe(`feature get on Unleash ${server.pkg}`, () => {
    const env = target(server, server.adminToken);

    it('-o json equals the server document', async () => {
      const expected = await adminGet(server, `${featurePath(SEED.fullFeature)}?variantEnvironments=true`);
      const r = await flagctl(['feature', 'get', SEED.fullFeature, '-o', 'json'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(expected);
    });

    it('the record view shows strategies, constraints, variants, tags and dependencies', async () => {
      const f = (await adminGet(server, featurePath(SEED.fullFeature))) as ServerFlag;
      const r = await flagctl(['feature', 'get', SEED.fullFeature], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(SEED.fullFeatureStrategyTitle);
      expect(r.stdout).toContain(`${SEED.fullFeatureDisabledStrategyTitle} [`);
      expect(r.stdout).toMatch(/\(disabled\)/);
      for (const t of SEED.fullFeatureTags) expect(r.stdout).toContain(`${t.type}:${t.value}`);
      for (const env of f.environments) {
        expect(r.stdout).toContain(`Environment ${env.name}`);
        expect(r.stdout).toContain(
          `Environment ${env.name}${env.type ? ` (${env.type})` : ''}: ${env.enabled ? 'enabled' : 'disabled'}`,
        );
      }
      const constraintLines = r.stdout.split('\n').filter((l) => /^ {7}(NOT )?\S+ [A-Z_]+ \[/.test(l));
      const constraintCount = f.environments.flatMap((e) => e.strategies.flatMap((s) => s.constraints)).length;
      expect(constraintLines).toHaveLength(constraintCount);
      expect(r.stdout).toMatch(/^ {7}NOT /m);
      expect(r.stdout).toContain('(case-insensitive)');
      expect(r.stdout).toMatch(/payload json /);
      expect(r.stdout).toMatch(/payload string /);
      expect(r.stdout).toMatch(/payload number /);
      expect(r.stdout).not.toContain('\u001b'); // piped: no colour
    });

    it('shows parent dependencies with required state and variants, and children', async () => {
      const child = (await adminGet(server, featurePath(SEED.child))) as ServerFlag;
      const dep = child.dependencies![0]!;
      const r = await flagctl(['feature', 'get', SEED.child], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(
        `${dep.feature} (${dep.enabled === false ? 'disabled' : 'enabled'}${dep.variants?.length ? `, variants: ${dep.variants.join(', ')}` : ''})`,
      );
      const other = await flagctl(['feature', 'get', SEED.childOfDisabledParent], env);
      expect(other.stdout).toContain(`${SEED.parent} (disabled)`);
      const parent = (await adminGet(server, featurePath(SEED.parent))) as ServerFlag;
      const p = await flagctl(['feature', 'get', SEED.parent], env);
      expect(p.stdout).toMatch(
        new RegExp(`Children\\s+${(parent.children ?? []).map((c) => c.replace(/[.]/g, '\\.')).join(', ')}`),
      );
    });

    it('shows each environment its own variants, with overrides', async () => {
      const path = `${featurePath(SEED.envVariantsFeature)}/environments`;
      const r = await flagctl(['feature', 'get', SEED.envVariantsFeature], env);
      expect(r.code).toBe(0);
      const sections = r.stdout.split(/\n(?=Environment )/).slice(1);
      expect(sections).toHaveLength(SEED.environments.length);
      for (const section of sections) {
        const envName = /^Environment (\S+)/.exec(section)![1]!;
        const { variants } = (await adminGet(server, `${path}/${envName}/variants`)) as {
          variants: { name: string; overrides?: { contextName: string; values: string[] }[] }[];
        };
        expect(variants.length).toBeGreaterThan(0);
        for (const v of variants) {
          expect(section).toMatch(new RegExp(`^    ${v.name}, `, 'm'));
          for (const o of v.overrides ?? [])
            expect(section).toContain(`override ${o.contextName}: ${o.values.join(', ')}`);
        }
        expect(section.match(/^ {4}\S+, \d/gm)).toHaveLength(variants.length);
      }
    });

    it('-o csv and ndjson give one row per environment matching the server', async () => {
      const f = (await adminGet(server, featurePath(SEED.mixedEnvFeature))) as ServerFlag;
      const csv = await flagctl(['feature', 'get', SEED.mixedEnvFeature, '-o', 'csv'], env);
      expect(csv.code).toBe(0);
      const rows = csv.stdout.trim().split('\r\n');
      expect(rows[0]).toBe('name,project,environment,type,enabled,strategies,variants,lastSeenAt');
      expect(rows).toHaveLength(f.environments.length + 1);
      const nd = await flagctl(['feature', 'get', SEED.mixedEnvFeature, '-o', 'ndjson'], env);
      const objs = nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(objs.map((o) => [o.environment, o.enabled, o.strategies])).toEqual(
        f.environments.map((e) => [e.name, e.enabled, e.strategies.length]),
      );
      const dev = objs.find((o) => o.environment === 'development');
      const prod = objs.find((o) => o.environment === 'production');
      expect([dev.enabled, prod.enabled]).toEqual([true, false]);
    });

    it('names with . ~ _ - reach their own URL', async () => {
      for (const name of SEED.specialNames) {
        const r = await flagctl(['feature', 'get', name, '-o', 'json'], env);
        expect(r.code, `${name}: ${r.stderr}`).toBe(0);
        expect(JSON.parse(r.stdout).name).toBe(name);
      }
    });

    it('a missing feature exits 5 with the server message', async () => {
      const r = await flagctl(['feature', 'get', 'no-such-feature-xyz'], env);
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/^flagctl: not found \(HTTP 404 NotFoundError\): .*no-such-feature-xyz/);
      expect(r.stdout).toBe('');
    });

    it('an archived feature is not found in its project: flagctl says it is archived and names features revive', async () => {
      const r = await flagctl(['feature', 'get', SEED.archivedFeature], env);
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(
        new RegExp(
          `^flagctl: feature "${SEED.archivedFeature.replace(/[~]/g, '\\$&')}" is archived in project default( since \\d{4}-\\d{2}-\\d{2})?\n`,
        ),
      );
      expect(r.stderr).toContain(`Bring it back with: flagctl features revive ${SEED.archivedFeature}`);
    });

    it('no token: 401 exits 4 with a login hint; a bad token: exits 4', async () => {
      const bad = await flagctl(['feature', 'get', SEED.fullFeature], target(server, '*:*.not-a-real-token'));
      expect(bad.code).toBe(4);
      expect(bad.stderr).toContain('authentication failed (HTTP 401');
      expect(bad.stderr).toContain('flagctl auth login');
      expect(bad.stderr).not.toContain('not-a-real-token');
    });

    it('a client token gets 403 and exits 4 with the server message', async () => {
      const r = await flagctl(['feature', 'get', SEED.fullFeature], target(server, server.narrowToken));
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/permission denied \(HTTP 403/);
      expect(r.stderr).not.toContain(server.narrowToken.split('.')[1]!);
    });
  });

  describe(`auth on Unleash ${server.pkg}`, () => {
    it('login saves a working profile (0600), status checks it live, logout removes it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-'));
      const env = { FLAGCTL_CONFIG_DIR: dir };
      try {
        const login = await flagctl(
          ['auth', 'login', '--url', server.url, '--profile', 'e2e'],
          env,
          `${server.adminToken}\n`,
        );
        expect(login.code, login.stderr).toBe(0);
        expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
        const status = await flagctl(['auth', 'status'], env);
        expect(status.code).toBe(0);
        expect(status.stdout).toContain('Check:    ok');
        expect(status.stdout).toContain('(admin, from profile e2e)');
        const get = await flagctl(['feature', 'get', SEED.fullFeature, '-o', 'json'], env);
        expect(get.code).toBe(0);
        const out = await flagctl(['auth', 'logout', '--profile', 'e2e'], env);
        expect(out.code).toBe(0);
        for (const r of [login, status, get, out])
          expect(r.stdout + r.stderr).not.toContain(server.adminToken.split('.')[1]!);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('login with a client token (403) saves nothing and exits 4', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-'));
      try {
        const r = await flagctl(
          ['auth', 'login', '--url', server.url],
          { FLAGCTL_CONFIG_DIR: dir },
          server.narrowToken,
        );
        expect(r.code).toBe(4);
        expect(() => statSync(join(dir, 'config.json'))).toThrow(/ENOENT/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
