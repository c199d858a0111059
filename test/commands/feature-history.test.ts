import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';

const events = JSON.parse(readFileSync(new URL('../fixtures/events-v8.json', import.meta.url), 'utf8')) as {
  events: { type: string; createdAt: string }[];
  total: number;
};
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const PATH = '/api/admin/search/events';

/** Answers like the real endpoint: offset/limit over the fixture's events, filtered by type. */
function eventsRoute(list = events.events) {
  server.route(PATH, (_req, res, url) => {
    const q = url.searchParams;
    const feature = q.get('feature');
    let found = feature === 'IS:search-ranking_v3' ? list : [];
    const type = q.get('type');
    if (type) {
      const types = type.replace(/^IS(_ANY_OF)?:/, '').split(',');
      found = found.filter((e) => types.includes(e.type));
    }
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 50);
    sendJson(res, 200, { events: found.slice(offset, offset + limit), total: found.length });
  });
}

describe('feature history', () => {
  it('pages newest first and shows when, who, type, env and a computed summary', async () => {
    eventsRoute();
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '--all'], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('WHEN\tWHO\tTYPE\tENV\tSUMMARY');
    expect(lines).toHaveLength(events.events.length + 1);
    expect(lines).toContain(
      `${events.events[7]!.createdAt}\tflagctl-e2e-admin\tfeature-strategy-update\tproduction\tstrategy "Gradual": title set to "Gradual"; rollout 5% → 50%; country IN: -DK`,
    );
    expect(r.stdout).not.toMatch(/\*\*|\]\(http/); // the server's markdown summary is never shown
    expect(server.requests.map((q) => new URL(q.url, 'http://x').searchParams.toString())).toEqual([
      'feature=IS%3Asearch-ranking_v3&offset=0&limit=100',
    ]);
  });

  it('--limit asks for that many; small pages are followed', async () => {
    eventsRoute();
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '-n', '3', '-o', 'csv', '--columns', 'type'], {
      env: env(),
    });
    expect(r.stdout).toBe(
      'type\r\nfeature-strategy-remove\r\nfeature-environment-variants-updated\r\nfeature-untagged\r\n',
    );
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toContain('limit=3');
  });

  it('--type and --since go to the server, and are checked again locally', async () => {
    // This server ignores every filter: the local check still keeps only what was asked.
    const list = events.events.map((e) =>
      e.type === 'feature-created' ? { ...e, createdAt: '2020-01-01T00:00:00.000Z' } : e,
    );
    server.route(PATH, (_req, res) => sendJson(res, 200, { events: list, total: list.length }));
    const since = events.events[7]!.createdAt.slice(0, 10);
    const r = await runCli(
      [
        'feature',
        'history',
        'search-ranking_v3',
        '--type',
        'feature-strategy-update,feature-created',
        '--since',
        since,
        '-o',
        'csv',
        '--columns',
        'type',
      ],
      { env: env() },
    );
    expect(r.code).toBe(0);
    const q = new URL(server.requests[0]!.url, 'http://x').searchParams;
    expect(q.get('type')).toBe('IS_ANY_OF:feature-strategy-update,feature-created');
    expect(q.get('from')).toBe(`IS:${since}`);
    expect(r.stdout).toBe('type\r\nfeature-strategy-update\r\n');
  });

  it('-o json passes the events through as the server sent them', async () => {
    eventsRoute();
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '-o', 'json', '--all'], { env: env() });
    expect(JSON.parse(r.stdout)).toEqual(events.events);
  });

  it('a feature the server has no events for exits 5', async () => {
    eventsRoute();
    const r = await runCli(['feature', 'history', 'nope'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: no feature named "nope": the server has no change events for it\n');
    expect(r.stdout).toBe('');
  });

  it('filters that match nothing on an existing feature print an empty list, exit 0', async () => {
    eventsRoute();
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '--type', 'feature-archived', '-o', 'json'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it.each([
    [['feature', 'history', 'f', '--all', '--limit', '5'], 'flagctl: give --limit or --all, not both\n'],
    [['feature', 'history', 'f', '--since', '2025-13-01'], /--since "2025-13-01": not a calendar date/],
    [['feature', 'history', 'f', '--since', 'yesterday'], /expected a date as YYYY-MM-DD/],
    [['feature', 'history', 'f', '--limit', '0'], /--limit "0": expected a whole number of events from 1 to 100000/],
    [
      ['feature', 'history', 'f', '--type', 'Feature Created'],
      /--type "Feature Created": unknown event type "Feature Created" \(flagctl's list holds the types of Unleash 6\.10\.1 and 8\.2\.0\); a feature's events are: .*feature-created/,
    ],
    [['feature', 'history', '..'], /is not a valid name/],
  ])('usage error, nothing sent: %j', async (argv, message) => {
    expectUsageError(await runCli(argv as string[], { env: env() }), message, server);
  });

  it('event text with terminal escapes is shown escaped', async () => {
    eventsRoute([
      {
        type: 'feature-tagged',
        createdAt: '2025-01-01T00:00:00.000Z',
        createdBy: 'mallory\u001b]0;pwned\u0007',
        data: { type: 'x', value: '\u001b[2J' },
      } as never,
    ]);
    const r = await runCli(['feature', 'history', 'search-ranking_v3'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\]|\u001b\[2J|\u0007/);
    expect(r.stdout).toContain('\\x1b[2J');
  });
});

describe('feature history paging', () => {
  it('a server that caps the page size below 100 still gives every event, in order', async () => {
    server.route(PATH, (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      sendJson(res, 200, { events: events.events.slice(offset, offset + 4), total: events.events.length });
    });
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '--all', '-o', 'json'], { env: env() });
    expect(JSON.parse(r.stdout)).toEqual(events.events);
    expect(server.requests.map((q) => new URL(q.url, 'http://x').searchParams.get('offset'))).toEqual([
      '0',
      '4',
      '8',
      '12',
    ]);
  });
});
