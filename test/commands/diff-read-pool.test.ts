import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { HeldAnswers } from '../support/held-answers.js';
import { runCli } from '../support/io.js';

// Issue 22: the read-only snapshot never has more than 8 requests in flight by default. The
// fixtures hold each feature's document until 8 wait (the pool is full), give anything beyond
// them time to arrive, and count the requests in flight at their peak.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const FEATURES = 20;
const server = useFixtureServer();
const other = useFixtureServer();

afterEach(() => {
  server.onRequest = undefined;
  other.onRequest = undefined;
});

const names = Array.from({ length: FEATURES }, (_, i) => `flag-${String(i).padStart(2, '0')}`);
const environment = (enabled: boolean) => ({ name: 'production', type: 'production', enabled });

/** A project of FEATURES flags whose documents are held by `held`. */
function serveHeldProject(s: FixtureServer, held: HeldAnswers): void {
  s.json('/api/admin/environments/project/default', { version: 1, environments: [environment(true)] });
  s.json('/api/admin/projects/default/features', {
    version: 2,
    features: names.map((name) => ({ name, type: 'release', environments: [environment(true)] })),
  });
  s.json('/api/admin/segments', { segments: [] });
  for (const name of names) {
    const doc = {
      name,
      type: 'release',
      project: 'default',
      stale: false,
      impressionData: false,
      environments: [{ ...environment(true), strategies: [], variants: [] }],
      dependencies: [],
    };
    s.route(`/api/admin/projects/default/features/${name}`, held.answer(doc));
  }
}

function configWith(profiles: Record<string, { url: string; token: string }>): string {
  const d = mkdtempSync(join(tmpdir(), 'flagctl-pool-config-'));
  writeFileSync(join(d, 'config.json'), JSON.stringify({ version: 1, profiles }), { mode: 0o600 });
  chmodSync(join(d, 'config.json'), 0o600);
  return d;
}

describe('requests in flight while reading a snapshot', () => {
  it('export fills a pool of 8 and never goes past it', async () => {
    const held = new HeldAnswers(8, FEATURES).watch(server);
    serveHeldProject(server, held);
    const r = await runCli(['export'], { env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(held.peak).toBe(8);
  });

  it('diff across two servers shares the 8 of the run: not 8 per server', async () => {
    const held = new HeldAnswers(8, 2 * FEATURES).watch(server, other);
    serveHeldProject(server, held);
    serveHeldProject(other, held);
    const config = configWith({ a: { url: server.url, token: TOKEN }, b: { url: other.url, token: TOKEN } });
    const r = await runCli(['diff', 'a:production', 'b:production'], { env: { FLAGCTL_CONFIG_DIR: config } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(held.peak).toBe(8);
    expect(server.requests.filter((q) => q.url.includes('/features/flag-'))).toHaveLength(FEATURES);
    expect(other.requests.filter((q) => q.url.includes('/features/flag-'))).toHaveLength(FEATURES);
  });
});
