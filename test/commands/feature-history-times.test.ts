import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// `feature history` reads event times as times: --since, checked again locally, compares the
// instant (a time with an offset is not its first ten characters), and a list that is not
// newest first is said on stderr, since "the newest n" then is not what --limit shows.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
const event = (id: number, createdAt: string) => ({
  id,
  type: 'feature-updated',
  createdBy: 'a',
  createdAt,
  featureName: 'f',
  project: 'default',
});
const ids = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: number }).id);

function serve(events: unknown[]): void {
  server.route('/api/admin/search/events', (_req, res) => sendJson(res, 200, { events, total: events.length }));
}

describe('feature history, event times', () => {
  it('--since compares instants: 23:30 at -02:00 on the 1st is the 2nd in UTC', async () => {
    serve([
      event(3, '2025-01-01T23:30:00.000-02:00'),
      event(2, '2025-01-01T20:00:00.000Z'),
      event(1, '2024-12-31T23:00:00.000Z'),
    ]);
    const r = await runCli(['feature', 'history', 'f', '--since', '2025-01-02', '-o', 'ndjson', '--columns', 'id'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual([3]);
  });

  it('an event time that is no time is kept by --since (the server chose it), not judged by its letters', async () => {
    serve([event(2, 'not a date'), event(1, '2024-12-31T23:00:00.000Z')]);
    const r = await runCli(['feature', 'history', 'f', '--since', '2025-01-02', '-o', 'ndjson', '--columns', 'id'], {
      env: env(),
    });
    expect(ids(r.stdout)).toEqual([2]);
  });

  it('events not newest first are printed as sent, with a note naming the first out of order', async () => {
    serve([
      event(1, '2024-01-01T00:00:00.000Z'),
      event(2, '2025-01-01T00:00:00.000Z'),
      event(3, '2023-01-01T00:00:00.000Z'),
    ]);
    const r = await runCli(['feature', 'history', 'f', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual([1, 2, 3]);
    expect(r.stderr).toBe(
      'flagctl: note: the server did not list the events newest first (event 2 at 2025-01-01T00:00:00.000Z comes after one at 2024-01-01T00:00:00.000Z); --limit may not have shown the newest\n',
    );
  });

  it('newest first, equal times included, says nothing', async () => {
    serve([
      event(3, '2025-01-01T00:00:00.000Z'),
      event(2, '2025-01-01T00:00:00.000Z'),
      event(1, '2024-01-01T00:00:00.000Z'),
    ]);
    const r = await runCli(['feature', 'history', 'f', '-o', 'ndjson', '--columns', 'id'], { env: env() });
    expect(r.stderr).toBe('');
  });
});
