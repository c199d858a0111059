// vitest globalSetup for the e2e projects: boots real Unleash servers (6.10.1 and 8.2.0, one
// child process each, on one embedded PostgreSQL), seeds them through their admin API, and
// provides their coordinates to the tests:
//
//   import { inject } from 'vitest';
//   for (const server of inject('servers')) { server.url; server.adminToken; server.seed.total; ... }
//
// The servers are booted once for all e2e projects (see setup() below). Everything is stopped
// and the temp data removed in the last returned teardown, which vitest runs even when tests
// fail. If this process dies instead, the harness supervisor notices the closed IPC channel
// and cleans up on its own (see harness/servers.mjs).
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

/** The booted, seeded servers, with the way to stop them. */
interface Fleet {
  servers: E2EServer[];
  stop(): Promise<void>;
}

async function boot(): Promise<Fleet> {
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
    const list = servers
      .map(
        (s) =>
          `v${s.pkg} ${s.url} (${s.seed.total} features; ${(s.seed.potentiallyStaleWaitMs / 1000).toFixed(1)}s of the seed waiting for the potentially stale flag)`,
      )
      .join(', ');
    process.stderr.write(
      `[e2e] servers ready: ${list}; boot ${(bootMs / 1000).toFixed(1)}s, seed ${(seedMs / 1000).toFixed(1)}s\n`,
    );
    return { servers, stop: () => fleet.stopAll() };
  } catch (err) {
    await fleet.stopAll();
    throw err;
  }
}

// Every e2e project (one per Node runtime, see vitest.config.ts) lists this set-up, and vitest
// runs each project's set-up in the one main process, each in a module instance of its own:
// so the fleet is kept on globalThis, booted by the first project to ask and stopped when the
// last one is done. The runtimes then run against the same servers, one after the other.
const SHARED = Symbol.for('flagctl.e2e.fleet');
interface Shared {
  users: number;
  fleet: Promise<Fleet>;
}
const registry = globalThis as { [SHARED]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = registry[SHARED];
  if (!shared) {
    shared = { users: 0, fleet: boot() };
    registry[SHARED] = shared;
    // A failed boot is not kept: a later run (watch mode) tries again.
    shared.fleet.catch(() => {
      if (registry[SHARED] === shared) delete registry[SHARED];
    });
  }
  const { servers, stop } = await shared.fleet;
  shared.users++;
  project.provide('servers', servers);

  return async () => {
    if (--shared.users > 0) return;
    if (registry[SHARED] === shared) delete registry[SHARED];
    await stop();
  };
}
