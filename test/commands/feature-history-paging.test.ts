import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// `feature history` prints every event the server holds, once, and says when --limit's default
// left some out: a count that is behind the list, an event that shifts from one page onto the
// next, and the default cut are not silent.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
const PATH = '/api/admin/search/events';
const event = (id: number) => ({
  id,
  type: 'feature-updated',
  createdBy: 'a',
  createdAt: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
  featureName: 'f',
  project: 'default',
});
/** ids from `newest` down to 1, newest first, as the server lists them. */
const newestFirst = (newest: number) => Array.from({ length: newest }, (_, i) => event(newest - i));
const ids = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: number }).id);

function serve(events: () => unknown[], total: (n: number) => number = (n) => n): void {
  server.route(PATH, (_req, res, url) => {
    const all = events();
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    sendJson(res, 200, { events: all.slice(offset, offset + limit), total: total(all.length) });
  });
}

describe('feature history paging tells the whole truth', () => {
  it('a total that is behind the list at a page boundary: the next page is asked for, and every event comes', async () => {
    serve(
      () => newestFirst(150),
      () => 100,
    );
    const r = await runCli(['feature', 'history', 'f', '--all', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual(newestFirst(150).map((e) => e.id));
  });

  it('an event that moved onto the next page (one was added meanwhile) is printed once', async () => {
    let pages = 0;
    // After the first page, a new event (151) comes in at the top: the rest shift down by one.
    serve(() => newestFirst(pages++ === 0 ? 150 : 151));
    const r = await runCli(['feature', 'history', 'f', '--all', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual(newestFirst(150).map((e) => e.id));
  });

  it('the default --limit says on stderr how many it left out; --limit given or --all says nothing', async () => {
    serve(() => newestFirst(30));
    const cut = await runCli(['feature', 'history', 'f', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(cut.code).toBe(0);
    expect(ids(cut.stdout)).toHaveLength(20);
    expect(cut.stderr).toBe('the newest 20 of 30 events shown; --all or --limit <n> for more\n');
    const asked = await runCli(['feature', 'history', 'f', '--limit', '20', '-o', 'ndjson', '--columns', 'id'], {
      env: env(),
    });
    expect(asked.stderr).toBe('');
    const all = await runCli(['feature', 'history', 'f', '--all', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(ids(all.stdout)).toHaveLength(30);
    expect(all.stderr).toBe('');
  });

  it('no note when the default limit shows them all', async () => {
    serve(() => newestFirst(20));
    const r = await runCli(['feature', 'history', 'f', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(ids(r.stdout)).toHaveLength(20);
    expect(r.stderr).toBe('');
  });
});
