import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/http/client.js';
import { paginate, pagedShape } from '../../src/api/raw.js';
import { apiTarget } from '../../src/commands/api/target.js';
import { UsageError } from '../../src/errors.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';

const BASE = 'https://unleash.example.com/prefix';

describe('flagctl api: which paths it sends', () => {
  it('takes a path below /api/, with its query, and appends --query pairs', () => {
    const t = apiTarget('/api/admin/search/events?feature=IS:x&limit=5', BASE, [
      'offset=10',
      'type=IS:feature-created',
    ]);
    expect(t.path).toBe('/api/admin/search/events');
    expect(t.query.toString()).toBe('feature=IS%3Ax&limit=5&offset=10&type=IS%3Afeature-created');
  });
  it('accepts an absolute URL inside the profile base URL and keeps only its path', () => {
    expect(apiTarget(`${BASE}/api/admin/segments?x=1`, BASE)).toEqual({
      path: '/api/admin/segments',
      query: new URLSearchParams('x=1'),
    });
  });
  it.each([
    ['admin/segments', 'must start with /api/'],
    ['/health', 'must start with /api/'],
    ['/api/../health', '"." and ".." segments are refused'],
    ['/api/admin/%2e%2e/%2E%2E/x', '"." and ".." segments are refused'],
    ['/api/admin/segments#x', 'fragment'],
    ['/api/admin/seg ments', 'percent-encoded'],
    ['https://evil.example.net/api/admin/segments', 'is not on the server flagctl is set up for'],
    ['http://unleash.example.com/prefix/api/admin/segments', 'is not on the server'],
    ['https://unleash.example.com/other/api/admin/segments', 'is not on the server'],
    ['https://unleash.example.com.evil.net/prefix/api/x', 'is not on the server'],
    ['javascript:alert(1)', 'is not on the server'],
  ])('refuses %s', (input, message) => {
    expect(() => apiTarget(input, BASE)).toThrow(UsageError);
    expect(() => apiTarget(input, BASE)).toThrow(message);
  });
  it('refuses a --query without a key', () => {
    expect(() => apiTarget('/api/admin/segments', BASE, ['limit'])).toThrow('--query "limit": expected key=value');
    expect(() => apiTarget('/api/admin/segments', BASE, ['=5'])).toThrow('--query "=5"');
  });
});

describe('paged shapes', () => {
  it('a list with a total, by its one array or the array named like the path', () => {
    expect(pagedShape({ events: [1], total: 3 }, '/api/admin/search/events')).toEqual({
      key: 'events',
      items: [1],
      total: 3,
    });
    expect(pagedShape({ features: [1], other: [], total: 3 }, '/api/admin/search/features')).toMatchObject({
      key: 'features',
    });
    expect(pagedShape({ a: [1], b: [], total: 3 }, '/api/admin/x')).toBeUndefined();
    expect(pagedShape({ segments: [] }, '/api/admin/segments')).toBeUndefined();
    expect(pagedShape([1, 2], '/api/admin/x')).toBeUndefined();
  });
});

describe('paginate', () => {
  const server = useFixtureServer();
  const client = () =>
    new ApiClient({ baseUrl: server.url, token: 't', userAgent: 'test', timeoutMs: 2000, attempts: 1 });
  const items = Array.from({ length: 7 }, (_, i) => ({ id: i }));

  /** A list endpoint that, like search, caps the page size at 2 whatever the limit asked. */
  function list(cap = 2) {
    server.route('/api/admin/things', (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Math.min(Number(url.searchParams.get('limit')), cap);
      sendJson(res, 200, { things: items.slice(offset, offset + limit), total: items.length });
    });
  }

  it('follows offset by the items received, until total, keeping the other query parameters', async () => {
    list();
    const c = client();
    const r = await paginate(c, apiTarget('/api/admin/things?q=1', server.url));
    expect(r.paged).toBe(true);
    const got: unknown[] = [];
    if (r.paged) for await (const x of r.items) got.push(x);
    await c.close();
    expect(got).toEqual(items);
    expect(server.requests.map((q) => q.url)).toEqual([
      '/api/admin/things?q=1&offset=0&limit=100',
      '/api/admin/things?q=1&offset=2&limit=100',
      '/api/admin/things?q=1&offset=4&limit=100',
      '/api/admin/things?q=1&offset=6&limit=100',
    ]);
  });

  it('starts at a given offset and uses a given limit as the page size', async () => {
    list(10);
    const c = client();
    const r = await paginate(c, apiTarget('/api/admin/things', server.url, ['offset=3', 'limit=3']));
    const got: unknown[] = [];
    if (r.paged) for await (const x of r.items) got.push(x);
    await c.close();
    expect(got).toEqual(items.slice(3));
    expect(server.requests.map((q) => q.url)).toEqual([
      '/api/admin/things?offset=3&limit=3',
      '/api/admin/things?offset=6&limit=3',
    ]);
  });

  it('hands back a document that is not a page', async () => {
    server.json('/api/admin/segments', { segments: [{ id: 1 }] });
    const c = client();
    const r = await paginate(c, apiTarget('/api/admin/segments', server.url));
    await c.close();
    expect(r).toEqual({ paged: false, body: { segments: [{ id: 1 }] } });
  });

  it('stops with an error when a server ignores offset', async () => {
    server.route('/api/admin/things', (_req, res) => sendJson(res, 200, { things: [1, 2], total: 10 }));
    const c = client();
    const r = await paginate(c, apiTarget('/api/admin/things', server.url));
    const drain = async () => {
      if (r.paged) for await (const _ of r.items);
    };
    await expect(drain()).rejects.toThrow(
      '/api/admin/things: page 2 (offset 2) repeats page 1; the server seems to ignore offset',
    );
    await c.close();
  });
});
