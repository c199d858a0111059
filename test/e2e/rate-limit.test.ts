import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServers } from './harness/servers.mjs';
import { createPlainFeatures } from './harness/seed.mjs';
import { flagctl, target } from './cli.js';

// A real Unleash 8.2.0 of its own, started with SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE lowered
// to 3, so that paging 350 features (4 pages) must cross a 60 s window. Its features are made
// here with plain POSTs (no search, so the window is untouched until the tests).

const LIMIT = 3;
const COUNT = 350;

type Fleet = Awaited<ReturnType<typeof startServers>>;
let fleet: Fleet | undefined;
let server: Fleet['servers'][number];

beforeAll(async () => {
  fleet = await startServers({ versions: ['8'], searchRateLimitPerMinute: LIMIT });
  server = fleet.servers[0]!;
  await createPlainFeatures(server.url, server.adminToken, COUNT, {
    name: (i) => `paced.flag-${String(i).padStart(4, '0')}`,
  });
}, 300_000);

afterAll(async () => {
  await fleet?.stopAll();
}, 60_000);

const debugLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('debug: '));

describe(`search against Unleash 8.2.0 limited to ${LIMIT} searches a minute`, () => {
  it('the overview fallback asks /overview and /features, and never search, unless a search column is asked for', async () => {
    const r = await flagctl(
      ['project', 'overview', 'default', '-o', 'json', '--debug'],
      target(server, server.adminToken),
    );
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { features: { name: string }[] };
    expect(doc.features).toHaveLength(COUNT);
    const gets = debugLines(r.stderr).filter((l) => / GET https?:\/\//.test(l));
    expect(gets.map((l) => new URL(/GET (\S+)/.exec(l)![1]!).pathname).sort()).toEqual([
      '/api/admin/projects/default',
      '/api/admin/projects/default/features',
      '/api/admin/projects/default/overview',
    ]);
    expect(r.stderr).not.toContain('/api/admin/search/features');
  });

  it('--all crosses a window: it waits for the reset instead of running into 429s, says so, and is complete and in order', async () => {
    const r = await flagctl(
      ['features', 'search', '--all', '-o', 'ndjson', '--columns', 'name,createdAt', '--debug'],
      target(server, server.adminToken),
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; createdAt: string });
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((f) => f.name)).size).toBe(COUNT);
    // The server's order: createdAt (microseconds in the database, milliseconds here), then name.
    const times = rows.map((f) => f.createdAt);
    expect(times).toEqual([...times].sort());
    const waits = r.stderr.split('\n').filter((l) => l.startsWith('flagctl: the server allows'));
    expect(waits.length).toBeGreaterThanOrEqual(1);
    for (const w of waits)
      expect(w).toMatch(
        /^flagctl: the server allows 3 searches a minute(?: and refused one \(HTTP 429\))?; waiting \d+ s \(page \d of 4\)$/,
      );
    const searches = debugLines(r.stderr).filter((l) => l.includes('/api/admin/search/features'));
    // At most one 429: the first of a window the headers could not warn about.
    expect(searches.filter((l) => / -> 429 /.test(l)).length).toBeLessThanOrEqual(1);
    expect(searches.filter((l) => / -> 200 /.test(l))).toHaveLength(4);
  }, 240_000);

  it('--max-wait below what the limit needs exits 1, naming the limit and SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE', async () => {
    const r = await flagctl(
      ['features', 'search', '--all', '-o', 'ndjson', '--max-wait', '5'],
      target(server, server.adminToken),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^flagctl: the server allows 3 searches a minute; finishing would mean waiting about \d+ s \(page \d of 4\), past the wait limit of 5 s \(--max-wait or FLAGCTL_MAX_WAIT\)\. On Unleash the limit is SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE\.\n/,
    );
  }, 120_000);
});

// The overview's search columns on the suite's 8.2.0 (its limit is raised, so no wait here).
const shared = inject('servers').find((s) => s.version === '8');
describe.runIf(shared)('overview search columns on the shared Unleash 8.2.0', () => {
  it('--columns with lifecycle fetches search (paged) and fills the column for every feature', async () => {
    const s = shared!;
    const r = await flagctl(
      ['project', 'overview', 'default', '-o', 'csv', '--columns', 'name,lifecycle,createdBy', '--debug'],
      target(s, s.adminToken),
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\r\n').filter(Boolean).slice(1);
    expect(rows).toHaveLength(s.seed.total);
    for (const row of rows) expect(row).toMatch(/,(initial|pre-live|live|completed),Unleash Admin Token User$/);
    expect(debugLines(r.stderr).filter((l) => l.includes('/api/admin/search/features')).length).toBe(
      Math.ceil(s.seed.total / 100),
    );
  });
});
