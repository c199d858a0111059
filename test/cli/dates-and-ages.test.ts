import { describe, expect, it } from 'vitest';
import { ManualClock } from '../support/clock.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { makeFeatures, SEARCH_PATH, searchOver, searchV8, serveStaleAges } from '../support/search-fixture.js';

// Dates and ages that scripts can use: every date option takes 30d, 2w, 12h (from the injected
// clock) as well as YYYY-MM-DD, and `features stale --stale-for` judges when a flag was marked
// stale from the change history, one event search per project.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const DAY = 86_400_000;
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (now: number) => ({ env: env(), clock: new ManualClock(now) });

const marked = { ...searchV8.features.find((f) => f.stale === true)!, createdAt: '2025-01-01T00:00:00.000Z' };
const MARKED_AT = '2026-01-10T08:00:00.000Z';
// Potentially stale: an experiment (40 days) created 100 days before NOW, so for 60 days.
const potentially = {
  ...marked,
  name: 'old-experiment',
  type: 'experiment',
  stale: false,
  createdAt: new Date(NOW - 100 * DAY).toISOString(),
};

function serveAges(
  events: { featureName: string; createdAt: string }[] = [{ featureName: marked.name, createdAt: MARKED_AT }],
): void {
  serveStaleAges(server, events);
}

// For the ages, the marked flag is of a type that never expires: only its marking counts.
const staleNames = async (args: string[], now: number) => {
  server.json(SEARCH_PATH, { features: [{ ...marked, type: 'permission' }, potentially], total: 2 });
  serveAges();
  const r = await runCli(['features', 'stale', '-o', 'json', ...args], at(now));
  expect(r.stderr).toBe('');
  server.reset();
  return (JSON.parse(r.stdout).features as { name: string }[]).map((f) => f.name);
};

describe('features stale --stale-for', () => {
  it('keeps a flag marked stale longer ago than the age (the event time counts), and one potentially stale for longer', async () => {
    const markedMs = Date.parse(MARKED_AT);
    // Marked 50 days before the clock: in with 49d, out with 51d (7w = 49 days).
    expect(await staleNames(['--stale-for', '49d'], markedMs + 50 * DAY)).toEqual([marked.name, potentially.name]);
    expect(await staleNames(['--stale-for', '7w'], markedMs + 50 * DAY)).toEqual([marked.name, potentially.name]);
    // Potentially stale for 60 days at NOW: 59d keeps it, 61d does not; the marking is 50 days
    // and 4 hours old then (1,204 hours).
    expect(await staleNames(['--stale-for', '59d'], NOW)).toEqual([potentially.name]);
    expect(await staleNames(['--stale-for', '61d'], NOW)).toEqual([]);
    expect(await staleNames(['--stale-for', '1203h'], NOW)).toEqual([marked.name, potentially.name]);
    expect(await staleNames(['--stale-for', '1205h'], NOW)).toEqual([potentially.name]);
  });

  it('json: staleSince from the event, potentiallyStale true or false, never null beside a reason', async () => {
    server.json(SEARCH_PATH, { features: [marked, potentially], total: 2 });
    serveAges();
    const r = await runCli(['features', 'stale', '-o', 'json'], at(NOW));
    const [a, b] = JSON.parse(r.stdout).features;
    expect(a).toMatchObject({
      name: marked.name,
      reason: 'marked stale',
      staleSince: MARKED_AT,
      potentiallyStale: true,
      potentiallyStaleSince: '2025-02-10T00:00:00.000Z',
    });
    expect(b).toMatchObject({
      name: potentially.name,
      staleSince: null,
      potentiallyStale: true,
      potentiallyStaleSince: new Date(NOW - 60 * DAY).toISOString(),
    });
    // A marked flag younger than its type's lifetime is not potentially stale: false, not null.
    server.reset();
    server.json(SEARCH_PATH, {
      features: [{ ...marked, createdAt: new Date(NOW - 10 * DAY).toISOString() }],
      total: 1,
    });
    serveAges();
    const young = await runCli(['features', 'stale', '-o', 'json'], at(NOW));
    expect(JSON.parse(young.stdout).features[0]).toMatchObject({
      potentiallyStale: false,
      potentiallyStaleSince: null,
      staleSince: MARKED_AT,
    });
  });

  it('one event search per project, not a request per flag', async () => {
    const many = makeFeatures(130).map((f) => ({ ...f, stale: true, project: 'default' }));
    server.route(SEARCH_PATH, searchOver(many));
    serveAges(many.map((f) => ({ featureName: f.name, createdAt: MARKED_AT })));
    const r = await runCli(
      ['features', 'stale', '--stale-for', '30d', '-o', 'ndjson'],
      at(Date.parse(MARKED_AT) + 31 * DAY),
    );
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(130);
    const events = server.requests.filter((q) => q.url.startsWith('/api/admin/search/events'));
    expect(events).toHaveLength(1);
    expect(new URL(events[0]!.url, 'http://x').searchParams.get('type')).toBe('IS_ANY_OF:feature-stale-on');
    expect(server.requests.filter((q) => q.url.startsWith('/api/admin/feature-types'))).toHaveLength(1);
  });

  it('a marked flag whose marking is no longer in the history is kept (its age cannot be told): the gate does not pass', async () => {
    server.json(SEARCH_PATH, { features: [marked], total: 1 });
    serveAges([]);
    const r = await runCli(['features', 'stale', '--stale-for', '30d', '--fail-on', 'stale', '-o', 'json'], at(NOW));
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).features[0]).toMatchObject({ name: marked.name, staleSince: null });
  });

  it('an age that is not one: exit 2 naming the forms, nothing sent', async () => {
    const r = await runCli(['features', 'stale', '--stale-for', '30'], at(NOW));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'flagctl: --stale-for "30": expected an age as a number and a unit: 30d (days), 2w (weeks), 12h (hours)\n',
    );
    expect(server.requests).toEqual([]);
  });
});

describe('every date option takes an age before the injected clock', () => {
  it('--created-before 30d and --created-since 2w are the UTC days they fall on', async () => {
    server.json(SEARCH_PATH, { features: [], total: 0 });
    await runCli(['features', 'search', '--created-before', '30d'], at(NOW));
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('createdAt')).toBe('IS_BEFORE:2026-01-30');
    server.reset();
    server.json(SEARCH_PATH, { features: [], total: 0 });
    await runCli(['features', 'search', '--created-at', 'IS_ON_OR_AFTER:2w'], at(NOW));
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('createdAt')).toBe(
      'IS_ON_OR_AFTER:2026-02-15',
    );
    server.reset();
    server.json(SEARCH_PATH, { features: [], total: 0 });
    await runCli(['features', 'search', '--created-since', '13h'], at(NOW));
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('createdAt')).toBe(
      'IS_ON_OR_AFTER:2026-02-28',
    );
  });

  it('feature history --since 2w and insights --since 1d --until 30d', async () => {
    server.json('/api/admin/search/events', { events: [], total: 0 });
    await runCli(['feature', 'history', 'x', '--since', '2w'], at(NOW));
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('from')).toBe('IS:2026-02-15');
    server.reset();
    const r = await runCli(['insights', '--since', '1d', '--until', '30d'], at(NOW));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('flagctl: --since "2026-02-28" is after --until "2026-01-30"\n');
  });

  it('a date that is neither: exit 2 naming both forms', async () => {
    const r = await runCli(['feature', 'history', 'x', '--since', 'yesterday'], at(NOW));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'flagctl: --since "yesterday": expected a date as YYYY-MM-DD, e.g. 2025-01-31, or an age before now: 30d, 2w, 12h\n',
    );
  });
});
