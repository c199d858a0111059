// vitest globalSetup for the `e2e` project: boots real Unleash servers (6.10.1 and 8.2.0, one
// child process each, on one embedded PostgreSQL), seeds them through their admin API, and
// provides their coordinates to the tests:
//
//   import { inject } from 'vitest';
//   for (const server of inject('servers')) { server.url; server.adminToken; server.seed.total; ... }
//
// Everything is stopped and the temp data removed in the returned teardown, which vitest runs
// even when tests fail. If this process dies instead, the harness supervisor notices the
// closed IPC channel and cleans up on its own (see harness/servers.mjs).
//
// Env knobs:
//   FLAGCTL_E2E_VERSIONS=8      only boot some versions (comma separated, default "6,8")
//   FLAGCTL_E2E_DEBUG=1         stream PostgreSQL/Unleash output and harness logs to stderr

import type { TestProject } from 'vitest/node';
import { startServers, type ServerInfo, type UnleashMajor } from './harness/servers.mjs';
import { seed, type SeedResult } from './harness/seed.mjs';

/** What the seed created on one server (SeedResult without the long list of names). */
export type SeedSummary = Omit<SeedResult, 'features'>;

/** One running, seeded server as seen by the tests. */
export interface E2EServer extends ServerInfo {
  seed: SeedSummary;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2EServer[];
  }
}

function requestedVersions(): UnleashMajor[] {
  const raw = process.env.FLAGCTL_E2E_VERSIONS?.trim();
  if (!raw) return ['6', '8'];
  const versions = raw.split(',').map((v) => v.trim());
  for (const v of versions) {
    if (v !== '6' && v !== '8') throw new Error(`FLAGCTL_E2E_VERSIONS: unknown version "${v}" (use 6 and/or 8)`);
  }
  return versions as UnleashMajor[];
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const t0 = Date.now();
  const fleet = await startServers({ versions: requestedVersions() });
  try {
    const bootMs = Date.now() - t0;
    const seeds = await Promise.all(fleet.servers.map((s) => seed(s.url, s.adminToken)));
    const seedMs = Date.now() - t0 - bootMs;

    const servers: E2EServer[] = fleet.servers.map(({ stop: _stop, ...info }, i) => {
      const { features: _features, ...summary } = seeds[i] as SeedResult;
      return { ...info, seed: summary };
    });
    project.provide('servers', servers);

    const list = servers
      .map((s) => `v${s.pkg} ${s.url} (${s.seed.total} features; ${(s.seed.potentiallyStaleWaitMs / 1000).toFixed(1)}s of the seed waiting for the potentially stale flag)`)
      .join(', ');
    process.stderr.write(
      `[e2e] servers ready: ${list}; boot ${(bootMs / 1000).toFixed(1)}s, seed ${(seedMs / 1000).toFixed(1)}s\n`,
    );
  } catch (err) {
    await fleet.stopAll();
    throw err;
  }

  return async () => {
    await fleet.stopAll();
  };
}
