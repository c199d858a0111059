import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { SEARCH_PATH, makeFeatures, pageBounds, pageOf, serveStaleAges } from '../support/search-fixture.js';

// Paging is complete or it fails (README "Paging"): a short page is not the end, an empty page
// before the total, a repeated page or endless pages exit 1 naming the page and the counts, and
// a gate's verdict never rests on part of the list.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const cli = (argv: string[]) => runCli(argv, { env: env() });
const EVENTS_PATH = '/api/admin/search/events';
const all = makeFeatures(250);

describe('search paging', () => {
  it('a server that caps pages at 30 still gives all 250: the short page is not the end', async () => {
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset, limit } = pageBounds(url);
      sendJson(res, 200, { features: all.slice(offset, offset + Math.min(limit, 30)), total: all.length });
    });
    serveStaleAges(server);
    const r = await cli(['features', 'stale', '--max', '0', '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: 250 stale flags, more than the 0 allowed (--max)\n');
    const doc = JSON.parse(r.stdout);
    expect(doc.total).toBe(250);
    expect(doc.features.map((f: { name: string }) => f.name)).toEqual(all.map((f) => f.name));
  });

  it('an empty page 2 with total 250 exits 1 naming the page and the counts (not a passing gate)', async () => {
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset } = pageBounds(url);
      sendJson(res, 200, offset === 0 ? pageOf(all, url) : { features: [], total: 250 });
    });
    const r = await cli(['features', 'stale', '--max', '200', '-o', 'csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: search: page 2 (offset 100) was empty, but the server counts 250 items and flagctl has received 100; the answer is incomplete\n',
    );
  });

  it('an empty first page with total 5 exits 1', async () => {
    server.json(SEARCH_PATH, { features: [], total: 5 });
    const r = await cli(['features', 'stale']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: search: page 1 (offset 0) was empty, but the server counts 5 items and flagctl has received 0; the answer is incomplete\n',
    );
  });

  it('a server that ignores offset (page 1 every time) exits 1 instead of counting page 1 three times', async () => {
    server.route(SEARCH_PATH, (_req, res) => sendJson(res, 200, { features: all.slice(0, 100), total: 250 }));
    const r = await cli(['features', 'stale', '--max', '1000', '-o', 'csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^flagctl: search: page [23] \(offset \d+\) repeats page 1; the server seems to ignore offset, so the list cannot be read whole\n$/,
    );
  });

  it('a page of nothing but features already received exits 1: no progress', async () => {
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset } = pageBounds(url);
      sendJson(res, 200, { features: offset === 0 ? all.slice(0, 100) : all.slice(0, 100).reverse(), total: 250 });
    });
    const r = await cli(['features', 'search', '--all', '--concurrency', '1', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: search: page 2 (offset 100) holds only features already received; paging makes no progress\n',
    );
  });

  it('pages that overlap (offset 100 answers from 50) are not a shifted list: exit 1, not a pass on 150 of 200', async () => {
    // A server or cache that honours only part of the offset: page 2 repeats half of page 1,
    // and the total stays 200, so no feature was added before the page to shift the rest.
    const two = makeFeatures(200);
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset, limit } = pageBounds(url);
      const from = offset === 100 ? 50 : offset;
      const features = two.slice(from, from + limit);
      sendJson(res, 200, { features, total: features.length > 0 ? 200 : 0 });
    });
    for (const argv of [
      ['features', 'stale', '--max', '1000', '-o', 'csv'],
      ['features', 'search', '--fail-if-any', '--all', '-o', 'ndjson'],
    ]) {
      const r = await cli(argv);
      expect(r.stderr).toBe(
        'flagctl: search: received 150 distinct features, but the server counts 200 and no more were added while paging: 50 came twice, so pages overlapped and the answer is incomplete\n',
      );
      expect(r.code).toBe(1);
      server.requests.length = 0;
    }
  });

  it('--limit 0 (count only) is not a pass when the page holds a feature beside total 0', async () => {
    server.json(SEARCH_PATH, { features: all.slice(0, 1), total: 0 });
    const r = await cli(['features', 'search', '--fail-if-any', '--limit', '0', '-o', 'json']);
    expect(r.stderr).toBe(
      "flagctl: search: page 1 (offset 0) holds 1 items, more than its total of 0 leaves room for; the server's count is wrong, so flagctl cannot tell when it has them all\n",
    );
    expect(r.code).toBe(1);
  });

  it('total 2.5 is a contract break, not "1 of 2.5 matches shown"', async () => {
    server.json(SEARCH_PATH, { features: all.slice(0, 1), total: 2.5 });
    const r = await cli(['features', 'search']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: search: page 1 (offset 0) reports total 2.5, not a whole number of items; the answer breaks the API contract\n',
    );
  });

  it('a total lower than what the server holds does not stop --all silently', async () => {
    server.route(SEARCH_PATH, (_req, res, url) => sendJson(res, 200, { ...pageOf(all, url), total: 40 }));
    const r = await cli(['features', 'search', '--all', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "flagctl: search: page 1 (offset 0) holds 100 items, more than its total of 40 leaves room for; the server's count is wrong, so flagctl cannot tell when it has them all\n",
    );
  });

  it('a total lower than what the server holds (200 of 250): the full last page is followed by one more, and --all gives all 250', async () => {
    server.route(SEARCH_PATH, (_req, res, url) => {
      const page = pageOf(all, url);
      sendJson(res, 200, { ...page, total: page.features.length > 0 ? 200 : 0 });
    });
    const r = await cli(['features', 'search', '--all', '-o', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.features.map((f: { name: string }) => f.name)).toEqual(all.map((f) => f.name));
    expect(doc.total).toBe(250);
    // 100, 100 (full, at the count: ask once more), 50 (short: the end).
    expect(server.requests.map((q) => new URL(q.url, server.url).searchParams.get('offset'))).toEqual([
      '0',
      '100',
      '200',
    ]);
  });

  it('a full last page at a right count costs one request more, answered empty (as real servers answer past the end)', async () => {
    const exact = makeFeatures(200);
    server.route(SEARCH_PATH, (_req, res, url) => sendJson(res, 200, pageOf(exact, url)));
    const r = await cli(['features', 'stale', '--max', '1000', '-o', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\r\n')).toHaveLength(201);
    expect(server.requests.map((q) => new URL(q.url, server.url).searchParams.get('offset'))).toEqual([
      '0',
      '100',
      '200',
    ]);
  });

  it('a count that stays low while full pages keep coming stops at the hard bound', async () => {
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset, limit } = pageBounds(url);
      sendJson(res, 200, { features: makeFeatures(limit, offset + 1), total: 100 });
    });
    const r = await cli(['features', 'search', '--all', '--concurrency', '1', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: search: stopped at page 9 (offset 800): the first page counted 100 items, and flagctl reads at most twice that (plus 5 pages) while the total grows\n',
    );
  });

  it('a total that grows while paging is followed: 250, then 260', async () => {
    const grown = makeFeatures(260);
    server.route(SEARCH_PATH, (_req, res, url) =>
      sendJson(res, 200, pageOf(pageBounds(url).offset === 0 ? all : grown, url)),
    );
    const r = await cli(['features', 'search', '--all', '--concurrency', '1', '-o', 'ndjson']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(260);
  });

  it('a total that grows without end stops at twice the first total plus five pages', async () => {
    let served = 0;
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset, limit } = pageBounds(url);
      served++;
      sendJson(res, 200, { features: makeFeatures(limit, offset + 1), total: offset + 2 * limit });
    });
    const r = await cli(['features', 'search', '--all', '--concurrency', '1', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: search: stopped at page 11 (offset 1000): the first page counted 200 items, and flagctl reads at most twice that (plus 5 pages) while the total grows\n',
    );
    expect(served).toBeLessThanOrEqual(12);
  });
});

describe('api --paginate', () => {
  it('a server that caps pages at 30 (total 250) gives all 250: the short page is not the end', async () => {
    const things = Array.from({ length: 250 }, (_, i) => `t-${i + 1}`);
    server.route('/api/admin/things', (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      sendJson(res, 200, { things: things.slice(offset, offset + Math.min(limit, 30)), total: things.length });
    });
    const r = await cli(['api', '/api/admin/things', '--paginate', '-o', 'ndjson']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(things.map((t) => `"${t}"\n`).join(''));
    // Read on from what was received: 0, 30, 60, ... 240.
    expect(server.requests.map((q) => Number(new URL(q.url, server.url).searchParams.get('offset')))).toEqual(
      Array.from({ length: 9 }, (_, i) => i * 30),
    );
  });

  it('pages A, B, A, B exit 1 instead of looping forever', async () => {
    server.route('/api/admin/things', (_req, res, url) => {
      const odd = (Number(url.searchParams.get('offset')) / 2) % 2 === 1;
      sendJson(res, 200, { things: odd ? ['b1', 'b2'] : ['a1', 'a2'], total: 10 });
    });
    const r = await cli(['api', '/api/admin/things', '--paginate', '--query', 'limit=2', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: /api/admin/things: page 3 (offset 4) repeats page 1; the server seems to ignore offset, so the list cannot be read whole\n',
    );
    expect(r.stdout).toBe('"a1"\n"a2"\n"b1"\n"b2"\n');
  });

  it('an empty page before the total exits 1', async () => {
    server.route('/api/admin/things', (_req, res, url) => {
      sendJson(res, 200, { things: url.searchParams.get('offset') === '0' ? [1, 2] : [], total: 10 });
    });
    const r = await cli(['api', '/api/admin/things', '--paginate', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: /api/admin/things: page 2 (offset 2) was empty, but the server counts 10 items and flagctl has received 2; the answer is incomplete\n',
    );
  });
});

describe('feature history paging', () => {
  const event = (id: number) => ({
    id,
    type: 'feature-updated',
    createdBy: 'a',
    createdAt: '2025-01-01T00:00:00.000Z',
    featureName: 'f',
    project: 'default',
  });

  it('total 1e9 from a server that ignores offset exits 1 instead of never ending', async () => {
    server.route(EVENTS_PATH, (_req, res) =>
      sendJson(res, 200, { events: Array.from({ length: 100 }, (_, i) => event(i)), total: 1e9 }),
    );
    const r = await cli(['feature', 'history', 'f', '--all', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `flagctl: ${EVENTS_PATH}: page 2 (offset 100) repeats page 1; the server seems to ignore offset, so the list cannot be read whole\n`,
    );
  });

  it('an empty page before the total exits 1', async () => {
    server.route(EVENTS_PATH, (_req, res, url) => {
      const first = url.searchParams.get('offset') === '0';
      sendJson(res, 200, { events: first ? Array.from({ length: 100 }, (_, i) => event(i)) : [], total: 150 });
    });
    const r = await cli(['feature', 'history', 'f', '--all', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `flagctl: ${EVENTS_PATH}: page 2 (offset 100) was empty, but the server counts 150 items and flagctl has received 100; the answer is incomplete\n`,
    );
  });
});

describe('refs --fail-on archived', () => {
  const tree = mkdtempSync(join(tmpdir(), 'flagctl-paging-refs-'));
  writeFileSync(join(tree, 'app.ts'), "if (unleash.isEnabled('f-150')) {}\n");
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('does not pass when the page holding the archived flag never comes', async () => {
    server.json('/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'default' }] });
    server.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: 40 }] });
    server.json('/api/admin/projects/default/features', { version: 2, features: [] });
    // 250 archived flags; page 2 (where f-150 is) comes back empty.
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset } = pageBounds(url);
      sendJson(res, 200, offset === 0 ? pageOf(all, url) : { features: [], total: 250 });
    });
    const r = await cli(['refs', tree, '--fail-on', 'archived', '-o', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'search: page 2 (offset 100) was empty, but the server counts 250 items and flagctl has received 100; the answer is incomplete',
    );
    expect(r.stdout).toBe('');
  });
});
