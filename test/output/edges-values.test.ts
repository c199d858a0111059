import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { ManualClock } from '../support/clock.js';
import { runCli } from '../support/io.js';
import { serveEnvironments } from '../support/projects-fixture.js';

// Issue 27, the values: nulls, odd dates, lists, free-form parameters, names that cannot be
// paths, required fields. Through main() against a strict fixture, on a terminal where it matters.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const base = load('feature.json');
const v6 = load('overview-v6.json');
const insights = load('insights.json');
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const PATH = '/api/admin/projects/default/features/checkout-v2';
const SEARCH = '/api/admin/search/features';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, NO_COLOR: '1' });
const clock = () => {
  const c = new ManualClock();
  c.advance(Date.parse('2026-11-23T00:00:00Z'));
  return c;
};
const tty = () => ({ env: env(), stdoutIsTTY: true, clock: clock() });

/** The fixture feature with one environment changed; no strategies, so no other request. */
const withEnv = (e: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...base,
  ...extra,
  environments: [{ name: 'dev', type: 'development', strategies: [], variants: [], ...e }],
});
const strategyFeature = (st: Record<string, unknown>) =>
  withEnv({ enabled: true, strategies: [{ name: 'flexibleRollout', segments: [], ...st }] });
const searchFeature = (extra: Record<string, unknown>) => ({
  name: 'f',
  type: 'release',
  project: 'default',
  stale: false,
  createdAt: null,
  environments: [],
  ...extra,
});

describe('item 3: enabled null is unknown, never off', () => {
  it('feature get says "unknown", not off or disabled', async () => {
    server.json(PATH, withEnv({ enabled: null }, { enabled: undefined }));
    const r = await runCli(['feature', 'get', 'checkout-v2'], tty());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Enabled {9}dev unknown$/m);
    expect(r.stdout).toContain('Environment dev (development): state unknown');
    expect(r.stdout).not.toMatch(/dev off|disabled/);
  });

  it('the search table says "unknown", not ✗, and csv says unknown, not off', async () => {
    server.json(SEARCH, { features: [searchFeature({ environments: [{ name: 'dev', enabled: null }] })], total: 1 });
    const r = await runCli(['features', 'search'], tty());
    expect(r.stdout).toContain('dev unknown');
    expect(r.stdout).not.toContain('✗');
    server.json(SEARCH, { features: [searchFeature({ environments: [{ name: 'dev', enabled: null }] })], total: 1 });
    const csv = await runCli(['features', 'search', '-o', 'csv', '--columns', 'name,environments'], { env: env() });
    expect(csv.stdout).toBe('name,environments\r\nf,dev unknown\r\n');
  });
});

describe('item 4: a date that is no calendar time is shown as given, once, with no age', () => {
  it.each(['2024-02-30T00:00:00Z', '1', 'not-a-date'])('%s in feature get', async (date) => {
    server.json(PATH, withEnv({ enabled: true }, { createdAt: date }));
    const r = await runCli(['feature', 'get', 'checkout-v2'], tty());
    const created = r.stdout.split('\n').find((l) => l.startsWith('Created'))!;
    expect(created).toBe(`Created         ${date} by Alice (id 1)`);
  });

  it('in a search table cell', async () => {
    server.json(SEARCH, {
      features: [
        searchFeature({ createdAt: '2024-02-30T00:00:00Z' }),
        searchFeature({ name: 'g', createdAt: '2026-11-20T00:00:00Z' }),
      ],
      total: 2,
    });
    const r = await runCli(['features', 'search', '--columns', 'name,createdAt'], tty());
    expect(r.stdout).toMatch(/│ f +│ 2024-02-30T00:00:00Z │/);
    expect(r.stdout).toMatch(/│ g +│ 3d ago +│/);
  });
});

describe('item 6: constraint values show where they begin and end', () => {
  it('quotes values holding separators, brackets, spaces, and the empty string', async () => {
    server.json(
      PATH,
      strategyFeature({
        constraints: [
          { contextName: 'a', operator: 'IN', values: ['a, b', 'c]'] },
          { contextName: 'b', operator: 'IN', values: ['', ' '] },
          { contextName: 'c', operator: 'STR_CONTAINS', value: '', values: [] },
          { contextName: 'd', operator: 'IN', values: ['web', 'ios'] },
        ],
      }),
    );
    const r = await runCli(['feature', 'get', 'checkout-v2'], tty());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('a IN ["a, b", "c]"]');
    expect(r.stdout).toContain('b IN ["", " "]');
    expect(r.stdout).toContain('c STR_CONTAINS [""]');
    expect(r.stdout).toContain('d IN [web, ios]');
  });
});

describe('item 8: parameters that are not strings are JSON', () => {
  it('in feature get', async () => {
    server.json(PATH, strategyFeature({ parameters: { o: { a: 1 }, list: [1, 'x'], rollout: 50, groupId: 'g' } }));
    const r = await runCli(['feature', 'get', 'checkout-v2'], tty());
    expect(r.stdout).toContain('parameters: o={"a":1}, list=[1,"x"], rollout=50%, groupId=g');
    expect(r.stdout).not.toContain('[object Object]');
  });

  it("in the overview's default strategy", async () => {
    const environments = [
      { environment: 'production', defaultStrategy: { name: 'flexibleRollout', parameters: { o: { a: 1 } } } },
    ];
    server.json('/api/admin/projects/default', { ...v6, environments });
    const r = await runCli(['project', 'overview', 'default'], tty());
    expect(r.stdout).toContain('parameters: o={"a":1}');
  });
});

describe('item 9 and issue 22: what the record view fetches', () => {
  it('an environment named ".." is shown, with what cannot be fetched left out, exit 0', async () => {
    server.json(PATH, { ...base, tags: [], environments: [{ name: '..', enabled: true, strategies: [] }] });
    const r = await runCli(['feature', 'get', 'checkout-v2'], tty());
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('Environment ..: enabled');
  });

  it('segments are shown by name, fetched before anything is printed', async () => {
    server.json(PATH, strategyFeature({ segments: [1, 7] }));
    server.json('/api/admin/segments', { segments: [{ id: 1, name: 'beta-users' }] });
    const r = await runCli(['feature', 'get', 'checkout-v2'], tty());
    expect(r.stdout).toContain('segments: beta-users (id 1), id 7');
  });
});

describe('item 10: insights without a required array is a contract break', () => {
  it('exits 1 naming the field, and prints nothing', async () => {
    const { flagTrends: _gone, ...doc } = insights;
    server.json('/api/admin/insights', doc);
    const r = await runCli(['insights', '--section', 'users', '-o', 'json'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('flagTrends');
  });

  it('and so is a null one', async () => {
    server.json('/api/admin/insights', { ...insights, userTrends: null });
    const r = await runCli(['insights'], tty());
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain('userTrends');
  });
});

describe('item 12: chart wording', () => {
  it('one point, one week, one update; a series without values is "not reported"', async () => {
    const doc = {
      ...insights,
      userTrends: [{ date: '2025-01-05T23:59:59Z', total: 1, active: 1, inactive: 0 }],
      flagTrends: [{ date: '2025-01-05T23:59:59Z', total: null, active: null, stale: null, potentiallyStale: null }],
      environmentTypeTrends: [
        { date: '2025-01-05', week: '2025-01', environmentType: 'production', totalUpdates: 1 },
        { date: '2025-01-05', week: '2025-01', environmentType: 'development', totalUpdates: null },
      ],
    };
    server.json('/api/admin/insights', doc);
    const r = await runCli(['insights', '--section', 'users,flags,environments'], tty());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2025-01-05 … 2025-01-05, 1 point\n');
    expect(r.stdout).toContain('1 update in 1 week, last 1');
    expect(r.stdout).toMatch(/development +not reported/);
    expect(r.stdout).toMatch(/potentiallyStale +not reported/);
    expect(r.stdout).not.toMatch(/1 points|1 weeks|no values|0 updates/);
  });
});

describe('one rendering of unknown in every format', () => {
  // An environment whose enabled is null is `unknown` (a blank or `-` could be read as off, and
  // a spreadsheet takes an empty cell for FALSE); any other value the server left out or sent
  // as null is `-` in tables and markdown, and an empty cell in csv (docs/output-formats.md).
  const cols = ['--columns', 'name,env:dev.enabled,env:dev.yes,environments,tags,description'];
  const rows = () => {
    serveEnvironments(server, ['dev', 'prod']);
    server.json(SEARCH, {
      features: [
        searchFeature({
          name: 'a',
          environments: [{ name: 'dev', enabled: null, yes: null }],
          tags: [],
          description: null,
        }),
        searchFeature({ name: 'b', environments: [], tags: [], description: '' }),
      ],
      total: 2,
    });
  };

  it('piped table', async () => {
    rows();
    const r = await runCli(['features', 'search', ...cols], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(1, 3)).toEqual(['a\tunknown\t-\tdev unknown\t-\t-', 'b\t-\t-\t-\t-\t-']);
  });

  it('terminal table', async () => {
    rows();
    const r = await runCli(['features', 'search', ...cols], { ...tty(), columns: 200 });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/│ a +│ unknown +│ - +│ dev unknown +│ - +│ - +│/);
    expect(r.stdout).toMatch(/│ b +│ - +│ - +│ - +│ - +│ - +│/);
  });

  it('markdown', async () => {
    rows();
    const r = await runCli(['features', 'search', '-o', 'markdown', ...cols], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(2, 4)).toEqual([
      '| a | unknown | - | dev unknown | - | - |',
      '| b | - | - | - | - | - |',
    ]);
  });

  it('csv: unknown for a state, an empty cell for anything else', async () => {
    rows();
    const r = await runCli(['features', 'search', '-o', 'csv', ...cols], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'name,env:dev.enabled,env:dev.yes,environments,tags,description\r\na,unknown,,dev unknown,,\r\nb,,,,,\r\n',
    );
  });

  it('an environment the feature does not have is -, not unknown', async () => {
    rows();
    const r = await runCli(['features', 'search', '--columns', 'name,env:prod.enabled'], { env: env() });
    expect(r.stdout).toBe('NAME\tENV:PROD.ENABLED\na\t-\nb\t-\n');
  });

  it('json keeps the null', async () => {
    rows();
    const r = await runCli(['features', 'search', '-o', 'json', ...cols], { env: env() });
    expect(JSON.parse(r.stdout).features[0]).toMatchObject({ 'env:dev.enabled': null, 'env:dev.yes': null });
  });
});
