import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { displayWidth } from '../../src/output/width.js';

// Issue 27, the tables: long ones, wide ones, and what their cells hold. Terminal cases run
// with stdoutIsTTY (the io of test/support/io.ts), as on a terminal of io.columns cells.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const v6 = load('overview-v6.json');
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const OVERVIEW = '/api/admin/projects/default';
const SEARCH = '/api/admin/search/features';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, NO_COLOR: '1' });
const tty = { stdoutIsTTY: true, columns: 100 };

const feature = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'release',
  project: 'default',
  stale: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  environments: [{ name: 'production', enabled: true }],
  ...extra,
});

const tableLines = (out: string) => out.split('\n').filter((l) => /^[┌├│└]/.test(l));

describe('item 1: a terminal table of 130,000 rows', () => {
  it('project overview draws every row, and says how to get them another way', async () => {
    const features = Array.from({ length: 130_000 }, (_, i) => feature(`flag-${i}`));
    server.json(OVERVIEW, { ...v6, features });
    const r = await runCli(['project', 'overview', 'default'], { env: env(), ...tty });
    expect(r.stderr).not.toContain('Maximum call stack');
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('│ flag-'));
    expect(rows).toHaveLength(130_000);
    expect(rows.at(-1)).toMatch(/^│ flag-129999 /);
    expect(r.stdout.trimEnd().endsWith('┘')).toBe(true);
    expect(r.stderr).toContain('130000 rows; -o csv gives them whole');
  }, 120_000);

  it('features search --all names both ways out of a long table: -o csv and --limit', async () => {
    const features = Array.from({ length: 1_200 }, (_, i) => feature(`flag-${i}`));
    server.route(SEARCH, (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ features: features.slice(offset, offset + limit), total: features.length }));
    });
    const r = await runCli(['features', 'search', '--all'], { env: env(), ...tty });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('│ flag-'))).toHaveLength(1_200);
    expect(r.stderr).toContain(
      'flagctl: note: 1200 rows; -o csv gives them whole, for a spreadsheet or a pager; --limit <n> shows the first n\n',
    );
  });

  it('insights --no-chart with a series of 130,000 points', async () => {
    const userTrends = Array.from({ length: 130_000 }, (_, i) => ({
      date: new Date(Date.UTC(2000, 0, 1) + i * 864e5).toISOString(),
      total: i,
      active: i,
      inactive: 0,
    }));
    server.json('/api/admin/insights', {
      userTrends,
      flagTrends: [],
      projectFlagTrends: [],
      metricsSummaryTrends: [],
      environmentTypeTrends: [],
    });
    const r = await runCli(['insights', '--section', 'users', '--no-chart'], { env: env(), ...tty });
    expect([r.code, r.stderr.includes('Maximum call stack')]).toEqual([0, false]);
    expect(r.stdout.split('\n').filter((l) => /^│ \d{4}-/.test(l))).toHaveLength(130_000);
  }, 120_000);
});

describe('item 2: a terminal table fits the terminal', () => {
  it('a 100,000-character name is cut with an ellipsis on a terminal and kept whole when piped', async () => {
    const long = `x${'y'.repeat(99_998)}z`;
    server.json(SEARCH, { features: [feature(long), feature('short')], total: 2 });
    const r = await runCli(['features', 'search'], { env: env(), ...tty });
    expect(r.code).toBe(0);
    const lines = tableLines(r.stdout);
    expect(lines.length).toBe(6);
    for (const l of lines) expect(displayWidth(l)).toBe(100);
    expect(r.stdout).toMatch(/│ xyyy+… │/);
    expect(r.stderr).toContain("cells cut to fit the terminal's 100 columns");

    server.json(SEARCH, { features: [feature(long)], total: 1 });
    const piped = await runCli(['features', 'search'], { env: env() });
    expect(piped.stdout).toContain(long);
  });

  it('200 environments do not widen the table past the terminal', async () => {
    const environments = Array.from({ length: 200 }, (_, i) => ({ name: `env-${i}`, enabled: i % 2 === 0 }));
    server.json(SEARCH, { features: [feature('many-envs', { environments })], total: 1 });
    const r = await runCli(['features', 'search'], { env: env(), ...tty });
    expect(r.code).toBe(0);
    for (const l of tableLines(r.stdout)) expect(displayWidth(l)).toBe(100);
  });

  it('wide characters and emoji count as two cells, so borders line up', async () => {
    server.json(SEARCH, { features: [feature('チェックアウト'), feature('cart-🛒'), feature('plain')], total: 3 });
    const r = await runCli(['features', 'search', '--columns', 'name,type'], { env: env(), ...tty });
    const widths = new Set(tableLines(r.stdout).map(displayWidth));
    expect(widths.size).toBe(1);
  });
});

describe('item 5: overview statistics never run together', () => {
  it('a small current and a large past figure stay apart', async () => {
    const stats = {
      ...v6.stats,
      createdCurrentWindow: 5,
      createdPastWindow: 1234567890,
      archivedCurrentWindow: 123456789012,
    };
    server.json(OVERVIEW, { ...v6, stats });
    const r = await runCli(['project', 'overview', 'default'], { env: env(), ...tty });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('51234567890');
    expect(r.stdout).toMatch(/Features created +5 +1234567890\n/);
    expect(r.stdout).toMatch(/Features archived +123456789012 +0\n/);
  });
});

describe('item 7: zero-width and other invisible format characters are escaped', () => {
  const names = [
    'new\u200bcheckout',
    'new\u200ccheckout',
    'new\u200dcheckout',
    '\ufeffnewcheckout',
    'new\u2060checkout',
  ];
  it.each([
    ['a terminal table', [], tty],
    ['a piped table', [], {}],
    ['markdown', ['-o', 'markdown'], {}],
  ])('in %s', async (_what, args, io) => {
    server.json(SEARCH, { features: names.map((n) => feature(n)), total: names.length });
    const r = await runCli(['features', 'search', ...args], { env: env(), ...io });
    expect(r.code).toBe(0);
    // Markdown escapes the backslash too, so GitHub shows `new\u200bcheckout`.
    for (const code of ['200b', '200c', '200d', '2060'])
      expect(r.stdout).toMatch(new RegExp(`new\\\\{1,2}u${code}checkout`));
    expect(r.stdout).toMatch(/\\{1,2}ufeffnewcheckout/);
    expect(r.stdout).not.toMatch(/[\u200b-\u200d\ufeff]|new\u2060/);
  });
});

describe('item 12: an empty environments list', () => {
  it('shows - in the environments cell', async () => {
    server.json(SEARCH, { features: [feature('no-envs', { environments: [] })], total: 1 });
    const r = await runCli(['features', 'search', '--columns', 'name,environments'], { env: env(), ...tty });
    expect(r.stdout).toMatch(/│ no-envs +│ - +│/);
  });
});

describe('display width, remembered for repeated cells', () => {
  it("gives the same width the first time and after, also past the memory's size", () => {
    const texts = ['✓ prod', '한국어', 'e\u0301x', '🇫🇷 fr', 'ok'];
    const first = texts.map((t) => displayWidth(t));
    expect(first).toEqual([6, 6, 2, 5, 2]);
    for (let i = 0; i < 5000; i++) displayWidth(`✓ cell ${i}`); // fills and empties the memory
    expect(texts.map((t) => displayWidth(t))).toEqual(first);
  });
});
