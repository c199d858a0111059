import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// insights.json is a contract fixture: no open-source server serves GET /api/admin/insights,
// so it follows the Enterprise response schema (the OSS frontend's openapi models): eight
// weekly points of every array, two projects, three environment types, plus what newer
// servers add (lifecycleTrends, creationArchiveTrends, technicalDebt). insights-404.json is
// what 6.10.1 and 8.2.0 really answer.
const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const insights = load('insights.json');
const notAvailable = load('insights-404.json');

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const PATH = '/api/admin/insights';
const server = useFixtureServer();

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const SPARK = /[▁▂▃▄▅▆▇█]{8}/;
const query = (i = 0) => new URL(server.requests[i]!.url, server.url).searchParams;

describe('insights on a terminal', () => {
  it('renders every section: a table and a chart each', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    const out = strip(r.stdout);
    for (const title of [
      'Users: total, active and inactive',
      'Flags: total, active, stale and potentially stale',
      'Projects: health, time to production and members per week',
      'Metrics: requests per project per week, exposed and not exposed',
      'Environments: configuration updates per environment type per week',
    ]) {
      expect(out).toContain(title);
    }
    // users and flags: one sparkline per series over the eight weeks
    expect(out).toMatch(/ {2}total {5}▁▂▃▄▅▆▇█ {2}118 → 139 \(min 118, max 139\)/);
    expect(out).toMatch(/ {2}inactive {2}[▁-█]{8} {2}32 → 38/);
    expect(out).toMatch(/ {2}potentiallyStale {2}[▁-█]{8} {2}14 → 17/);
    expect(out).toContain('2025-01-05 … 2025-02-23, 8 points');
    // projects: per project, health and time to production per week, with members
    expect(out).toContain('checkout (2025-01 … 2025-08, 10 members)');
    expect(out).toContain('default (2025-01 … 2025-08, 24 members)');
    expect(out).toMatch(/health {14}▁▂▃▄▅▆▇█ {2}71% → 84%/);
    expect(out).toMatch(/time to production {2}█▇ [▁-█]{5} {2}14\.5 → 8\.2 days/); // the week with no value is a gap
    // metrics: exposed and not exposed bars per project per week, plus apps, flags and environments
    expect(out).toContain('█ exposed  ░ not exposed');
    expect(out).toContain('default (latest week: 4 apps, 68 flags, 3 environments)');
    expect(out).toContain('checkout (latest week: 2 apps, 17 flags, 2 environments)');
    expect(out).toMatch(/2025-08 +█+░+ +51,730 \(exposed 32,331, not 19,399\)/);
    // environments: updates per environment type per week
    expect(out).toMatch(/development +[▁-█]{8} {2}405 updates in 8 weeks, last 43/);
    expect(out).toMatch(/production +[▁-█]{8} {2}\d+ updates in 8 weeks/);
    expect(out).toMatch(/test +[▁-█]{8} {2}\d+ updates in 8 weeks/);
    // tables: dates as days, every row
    expect(out).toMatch(/│ 2025-02-23 │ 139 +│ 101 +│ 38 +│/);
    expect(out).toMatch(/│ 2025-03 +│ checkout +│ 75 +│ - +│/);
    expect(r.stderr).toBe(
      'flagctl: note: the server also sent lifecycleTrends (16 rows), creationArchiveTrends (16 rows); -o json shows them\n',
    );
  });

  it('--no-chart keeps the tables and drops the charts', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights', '--no-chart'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(SPARK);
    expect(r.stdout).not.toContain('░');
    expect(strip(r.stdout)).toMatch(/│ 2025-02-23 │ 139 +│/);
  });

  it('--section picks sections, in the order given, repeatable or comma-separated', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights', '--section', 'environments', '--section', 'users,flags'], {
      env: env(),
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    const out = strip(r.stdout);
    const at = (s: string) => out.indexOf(s);
    expect(at('Environments:')).toBeGreaterThanOrEqual(0);
    expect(at('Environments:')).toBeLessThan(at('Users:'));
    expect(at('Users:')).toBeLessThan(at('Flags:'));
    expect(out).not.toContain('Projects:');
    expect(out).not.toContain('Metrics:');
    expect(r.stderr).toBe('');
  });

  it('an empty array reads "no data" (a missing one is a contract break: edges-values.test.ts)', async () => {
    server.json(PATH, { ...insights, userTrends: [], flagTrends: [], projectFlagTrends: [] });
    const r = await runCli(['insights', '--section', 'users,flags,projects'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(strip(r.stdout).match(/no data/g)).toHaveLength(3);
  });

  it('server strings are made safe in tables and charts', async () => {
    const evil = 'x\u001b]0;pwned\u0007';
    server.json(PATH, {
      ...insights,
      projectFlagTrends: insights.projectFlagTrends.map((p: object) => ({ ...p, project: evil })),
    });
    const r = await runCli(['insights', '--section', 'projects'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\]0;|\u0007/);
    expect(r.stdout).toContain('x\\x1b]0;pwned\\x07');
  });
});

describe('insights when piped', () => {
  it('prints each section as tab-separated rows, with no chart and no colour', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights'], { env: { ...env(), FORCE_COLOR: '0' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).not.toMatch(SPARK);
    expect(r.stdout).toContain(
      'Users: total, active and inactive\nDATE\tTOTAL\tACTIVE\tINACTIVE\n2025-01-05T23:59:59.999Z\t118\t86\t32\n',
    );
    expect(r.stdout).toContain('WEEK\tENVIRONMENTTYPE\tTOTALUPDATES\n');
  });
});

describe('insights formats', () => {
  it("-o json prints the server's document, unknown arrays and fields included", async () => {
    server.json(PATH, { ...insights, futureTrends: [{ week: '2025-01', anything: 1 }] });
    const r = await runCli(['insights', '-o', 'json'], { env: env() });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const doc = JSON.parse(r.stdout);
    expect(doc).toEqual({ ...insights, futureTrends: [{ week: '2025-01', anything: 1 }] });
    expect(doc.projectFlagTrends[0].technicalDebt).toBe(29);
  });

  it('-o json with --section prints only those arrays', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights', '-o', 'json', '--section', 'users', '--section', 'metrics'], { env: env() });
    expect(JSON.parse(r.stdout)).toEqual({
      userTrends: insights.userTrends,
      metricsSummaryTrends: insights.metricsSummaryTrends,
    });
  });

  it('-o csv with one --section gives its rows', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights', '--section', 'users', '-o', 'csv'], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('date,total,active,inactive');
    expect(lines[1]).toBe('2025-01-05T23:59:59.999Z,118,86,32');
    expect(lines).toHaveLength(insights.userTrends.length + 1);
  });

  it('-o csv --columns picks the section columns', async () => {
    server.json(PATH, insights);
    const r = await runCli(
      ['insights', '--section', 'projects', '-o', 'csv', '--columns', 'week,project,technicalDebt'],
      { env: env() },
    );
    expect(r.stdout.split('\r\n').slice(0, 3)).toEqual([
      'week,project,technicalDebt',
      '2025-01,checkout,29',
      '2025-01,default,12',
    ]);
  });

  it('-o ndjson gives the rows as sent, fields beyond the spec kept', async () => {
    server.json(PATH, insights);
    const r = await runCli(['insights', '--section', 'projects', '-o', 'ndjson'], { env: env() });
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(insights.projectFlagTrends);
  });

  it.each([
    [
      ['-o', 'csv'],
      '-o csv gives the rows of one section: pick one with --section (users, flags, projects, metrics, environments)',
    ],
    [
      ['-o', 'ndjson', '--section', 'users', '--section', 'flags'],
      '-o ndjson gives the rows of one section: pick one with --section',
    ],
    [['--columns', 'total'], '--columns applies to one section: pick one with --section'],
    [
      ['--section', 'users', '--columns', 'nope'],
      '--columns: unknown column "nope"; accepted: date, total, active, inactive',
    ],
    [['--section', 'apps'], '--section "apps": expected one of users, flags, projects, metrics, environments'],
  ])('%j is a usage error and nothing is sent', async (args, message) => {
    const r = await runCli(['insights', ...args], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });
});

describe('insights dates', () => {
  it('sends only the dates given', async () => {
    server.json(PATH, insights);
    await runCli(['insights', '-o', 'json'], { env: env() });
    expect([...query().keys()]).toEqual([]);
    server.reset();
    server.json(PATH, insights);
    await runCli(['insights', '-o', 'json', '--from', '2025-01-01'], { env: env() });
    expect(server.requests[0]!.url).toBe('/api/admin/insights?from=2025-01-01');
    server.reset();
    server.json(PATH, insights);
    await runCli(['insights', '-o', 'json', '--from', '2024-02-29', '--to', '2024-02-29'], { env: env() });
    expect([query().get('from'), query().get('to')]).toEqual(['2024-02-29', '2024-02-29']);
  });

  it.each([
    ['--from', '2025-02-30', 'not a calendar date'],
    ['--from', '2023-02-29', 'not a calendar date'],
    ['--to', '2025-13-01', 'not a calendar date'],
    ['--to', '2025-00-10', 'not a calendar date'],
    ['--from', '2025-1-5', 'expected a date as YYYY-MM-DD'],
    ['--from', 'yesterday', 'expected a date as YYYY-MM-DD'],
    ['--to', '2025-01-01T00:00:00Z', 'expected a date as YYYY-MM-DD'],
  ])('%s %s exits 2 and sends nothing', async (flag, value, message) => {
    const r = await runCli(['insights', flag, value], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${flag} "${value}": ${message}`);
    expect(server.requests).toEqual([]);
  });

  it('--from after --to exits 2 and sends nothing', async () => {
    const r = await runCli(['insights', '--from', '2025-03-01', '--to', '2025-02-28'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--from "2025-03-01" is after --to "2025-02-28"');
    expect(server.requests).toEqual([]);
  });
});

describe('insights on servers without them', () => {
  it('exits 5 saying the server does not provide instance insights (the real 404 of 6.10.1 and 8.2.0)', async () => {
    server.json(PATH, notAvailable, 404);
    const r = await runCli(['insights'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'flagctl: this server does not provide instance insights: it answered GET /api/admin/insights with 404 "path not available"\n' +
        'Instance insights are part of Unleash Enterprise; open-source servers do not have this endpoint.\n',
    );
  });

  it('another 404 keeps the server message', async () => {
    server.json(PATH, { name: 'NotFoundError', message: 'Could not find the insights for this instance' }, 404);
    const r = await runCli(['insights'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'flagctl: not found (HTTP 404 NotFoundError): Could not find the insights for this instance\n',
    );
  });

  it('4 on 403, naming the permission', async () => {
    server.json(PATH, { name: 'PermissionError', message: 'You need permission=ADMIN to perform this action' }, 403);
    const r = await runCli(['insights'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('permission=ADMIN');
  });
});
