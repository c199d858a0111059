import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { useFixtureServer, sendJson } from '../support/fixture-server.js';
import { runCli, testIO } from '../support/io.js';
import {
  makeFeatures,
  pageBounds,
  pageOf,
  SEARCH_PATH,
  searchErrors,
  searchOver,
  searchV6,
  searchV8,
} from '../support/search-fixture.js';
import { serveEnvironments } from '../support/projects-fixture.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const search = (args: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['features', 'search', ...args], { env: env(), ...opts });
const sent = () => server.requests.map((r) => new URL(r.url, 'http://x').searchParams);
const names = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { name: string }).name);

describe('features search: output', () => {
  it('piped table: the default columns, tab-separated, plain environments, ISO times', async () => {
    server.json(SEARCH_PATH, searchV8);
    const r = await search([]);
    expect(r.code).toBe(0);
    const [head, first] = r.stdout.split('\n');
    expect(head).toBe('NAME\tTYPE\tPROJECT\tSTALE\tLIFECYCLE\tENVIRONMENTS\tCREATEDAT');
    const f = searchV8.features[0]!;
    expect(first).toBe(
      `new-checkout-flow\trelease\tdefault\tfalse\tinitial\tdevelopment on, production on\t${f.createdAt}`,
    );
    expect(r.stdout).not.toContain('\u001b');
    expect(sent()[0]!.toString()).toBe('offset=0&limit=50');
  });

  it('terminal table: environments as name ✓ / ✗ in colour, relative times', async () => {
    server.json(SEARCH_PATH, searchV8);
    const r = await search([], { env: { ...env(), FORCE_COLOR: '1' }, stdoutIsTTY: true });
    expect(r.code).toBe(0);
    const plain = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toContain('development ✓ production ✓');
    expect(plain).toContain('development ✓ production ✗');
    expect(r.stdout).toContain('\u001b[32m✓');
    expect(plain).toMatch(/ago|just now/);
  });

  it('-o json is one {features, total} document with the server total', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(300)));
    const r = await search(['-o', 'json']);
    const doc = JSON.parse(r.stdout);
    expect(doc).toEqual({ features: makeFeatures(50), total: 300 });
    expect(r.stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
  });

  it('-o json with no match is {features: [], total: 0}', async () => {
    server.json(SEARCH_PATH, { features: [], total: 0 });
    const r = await search(['-o', 'json']);
    expect(r.stdout).toBe(`${JSON.stringify({ features: [], total: 0 }, null, 2)}\n`);
    expect(r.code).toBe(0);
  });

  it('--columns reaches every field, including per-environment counters and lastSeenAt', async () => {
    const f = structuredClone(searchV8.features[0]!) as any;
    f.environments[1].yes = 7;
    f.environments[1].no = 3;
    f.environments[1].lastSeenAt = '2026-01-02T03:04:05.000Z';
    server.json(SEARCH_PATH, { features: [f], total: 1 });
    // `nowhere` is an environment of the server that the feature lacks: its cell is empty.
    serveEnvironments(server, ['development', 'production', 'nowhere']);
    const cols =
      'name,tags,segments,createdById,env:production.yes,env:production.no,env:production.lastSeenAt,env:nowhere.enabled';
    const r = await search(['-o', 'csv', '--columns', cols]);
    expect(r.stdout).toBe(
      // -42 (the API-token user) gets the spreadsheet formula guard like any leading minus.
      `${cols}\r\nnew-checkout-flow,"team:payments, simple:checkout",beta-testers,'-42,7,3,2026-01-02T03:04:05.000Z,\r\n`,
    );
  });

  it('markdown escapes what GitHub would render (~ strikes, _ emphasises, | splits, < is HTML)', async () => {
    const f = { ...searchV8.features[0]!, name: 'a~b_c~d', description: 'x|y <b>z</b> *w*' };
    server.json(SEARCH_PATH, { features: [f], total: 1 });
    const r = await search(['-o', 'markdown', '--columns', 'name,description']);
    expect(r.stdout).toBe(
      '| name | description |\n| --- | --- |\n| a\\~b\\_c\\~d | x\\|y \\<b\\>z\\</b\\> \\*w\\* |\n',
    );
  });

  it('markdown defuses @mentions and #123 issue references', async () => {
    const f = { ...searchV8.features[0]!, name: 'ping', description: 'ask @octocat about #42, mail a@b' };
    server.json(SEARCH_PATH, { features: [f], total: 1 });
    const r = await search(['-o', 'markdown', '--columns', 'description']);
    expect(r.stdout).toBe('| description |\n| --- |\n| ask @\u2060octocat about #\u206042, mail a@\u2060b |\n');
  });

  it('ndjson and csv put one feature per line', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(3)));
    const nd = await search(['-o', 'ndjson']);
    expect(names(nd.stdout)).toEqual(['f-001', 'f-002', 'f-003']);
    const csv = await search(['-o', 'csv', '--columns', 'name,type']);
    expect(csv.stdout).toBe('name,type\r\nf-001,release\r\nf-002,release\r\nf-003,release\r\n');
  });

  it('6.10.1 results (no favorite field) print the same', async () => {
    server.json(SEARCH_PATH, searchV6);
    const r = await search(['-o', 'csv', '--columns', 'name,favorite,stale']);
    expect(r.stdout).toBe(
      'name,favorite,stale\r\nnew-checkout-flow,,false\r\nlegacy-search_v1,,true\r\npayments.kill-switch,,false\r\npromo-banner.black-friday,,false\r\n',
    );
  });

  it('says on stderr when the default page left matches out', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(60)));
    const r = await search(['-o', 'ndjson']);
    expect(names(r.stdout)).toHaveLength(50);
    expect(r.stderr).toBe('50 of 60 matches shown; --all or --limit <n> for more\n');
  });
});

describe('features search: --limit and paging', () => {
  it('--limit 250 gives exactly 250, in pages the server accepts (at most 100)', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(300)));
    const r = await search(['--limit', '250', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(names(r.stdout)).toEqual(makeFeatures(250).map((f) => f.name));
    const pages = sent().map((q) => [q.get('offset'), q.get('limit')]);
    expect(pages.sort()).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '50'],
    ]);
  });

  it('--limit gives all there are when fewer match, without asking past the end', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(120)));
    const r = await search(['--limit', '250', '-o', 'ndjson']);
    expect(names(r.stdout)).toHaveLength(120);
    expect(
      sent()
        .map((q) => q.get('offset'))
        .sort(),
    ).toEqual(['0', '100']);
  });

  it('--offset starts later; --limit 0 only counts', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(120)));
    const r = await search(['--offset', '110', '--limit', '5', '-o', 'ndjson']);
    expect(names(r.stdout)).toEqual(['f-111', 'f-112', 'f-113', 'f-114', 'f-115']);
    server.requests.length = 0;
    const c = await search(['--limit', '0', '-o', 'json']);
    expect(JSON.parse(c.stdout)).toEqual({ features: [], total: 120 });
    expect(sent().map((q) => q.toString())).toEqual(['offset=0&limit=1']);
  });

  it('an offset past the end still reports the real total (the page there says 0)', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(30)));
    const r = await search(['--offset', '500', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual({ features: [], total: 30 });
  });

  it('--all keeps exactly --concurrency pages in flight and prints every match once, in order', async () => {
    const all = makeFeatures(730);
    const LAST = 700;
    let open = 0;
    let most = 0;
    const held: (() => void)[] = [];
    server.route(SEARCH_PATH, (_req, res, url) => {
      open++;
      most = Math.max(most, open);
      const answer = () => {
        open--;
        sendJson(res, 200, pageOf(all, url));
      };
      const { offset } = pageBounds(url);
      if (offset === 0) return answer();
      // Pages wait until three are in flight together (or the last one has been asked for),
      // then are answered latest first. A CLI that fetched fewer at a time would wait here
      // until its --timeout and fail; one that fetched more sends its fourth while three
      // wait, raising `most` above 3 (the short grace before answering only gives it the
      // chance: a correct CLI passes however long it is).
      held.push(answer);
      if (held.length === 3 || offset === LAST) {
        const batch = held.splice(0).reverse();
        setTimeout(() => batch.forEach((a) => a()), 50);
      }
    });
    const r = await search(['--all', '--concurrency', '3', '-o', 'ndjson', '--timeout', '3', '--retries', '0']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(names(r.stdout)).toEqual(all.map((f) => f.name));
    expect(most).toBe(3);
    expect(sent().every((q) => Number(q.get('limit')) <= 100)).toBe(true);
    expect(sent().map((q) => Number(q.get('offset')))).toEqual([0, 100, 200, 300, 400, 500, 600, 700]);
  });

  it('--all streams: rows are written before the last page has been answered', async () => {
    const all = makeFeatures(250);
    const io = testIO({ env: env() });
    let sawRowsFirst = false;
    server.route(SEARCH_PATH, (_req, res, url) => {
      if (pageBounds(url).offset < 200) return sendJson(res, 200, pageOf(all, url));
      const waitForRows = setInterval(() => {
        if (!io.out.text.includes('f-100')) return;
        sawRowsFirst = true;
        clearInterval(waitForRows);
        sendJson(res, 200, pageOf(all, url));
      }, 5);
    });
    const code = await main(['features', 'search', '--all', '-o', 'ndjson'], io);
    expect(code).toBe(0);
    expect(sawRowsFirst).toBe(true);
    expect(names(io.out.text)).toHaveLength(250);
  });

  it('a feature that shows up twice while paging is printed once, and --limit still gives that many', async () => {
    // As if a feature sorted in before position 100 after the first page: later pages shift by one.
    const all = makeFeatures(260);
    const shifted = [...all.slice(0, 100), all[99]!, ...all.slice(100)];
    server.route(SEARCH_PATH, (_req, res, url) => {
      const { offset, limit } = pageBounds(url);
      const list = offset >= 100 ? shifted : all;
      sendJson(res, 200, { features: list.slice(offset, offset + limit), total: list.length });
    });
    const every = await search(['--all', '-o', 'ndjson']);
    expect(names(every.stdout)).toEqual(all.map((f) => f.name));
    const some = await search(['--limit', '150', '-o', 'ndjson']);
    expect(names(some.stdout)).toEqual(all.slice(0, 150).map((f) => f.name));
  });

  it('-o json --all is still one {features, total} document', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(230)));
    const r = await search(['--all', '-o', 'json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.total).toBe(230);
    expect(doc.features.map((f: { name: string }) => f.name)).toEqual(makeFeatures(230).map((f) => f.name));
  });

  it('shows "n of total" on a terminal stderr, and nothing when stderr is not a terminal', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(250)));
    const tty = await search(['--all', '-o', 'ndjson'], { stderrIsTTY: true });
    expect(tty.stderr).toContain('100 of 250');
    expect(tty.stderr).toContain('250 of 250');
    expect(tty.stderr.endsWith('\r\u001b[K')).toBe(true);
    const piped = await search(['--all', '-o', 'ndjson']);
    expect(piped.stderr).toBe('');
  });
});

describe('features search: --fail-if-any', () => {
  it('exits 3 after printing when something matches', async () => {
    server.json(SEARCH_PATH, searchV8);
    const r = await search(['--state', 'stale', '--fail-if-any', '-o', 'ndjson']);
    expect(r.code).toBe(3);
    expect(names(r.stdout)).toHaveLength(4);
    expect(r.stderr).toContain('flagctl: 4 features match (--fail-if-any)');
  });

  it('exits 0 when nothing matches', async () => {
    server.json(SEARCH_PATH, { features: [], total: 0 });
    const r = await search(['--state', 'stale', '--fail-if-any']);
    expect(r.code).toBe(0);
  });

  it('a failed request is 1 or 4, never 3', async () => {
    server.json(SEARCH_PATH, { name: 'AuthenticationRequired', message: 'You must log in' }, 401);
    expect((await search(['--fail-if-any'])).code).toBe(4);
    server.reset();
    server.json(SEARCH_PATH, searchErrors.statusNotArray400, 400);
    const bad = await search(['--fail-if-any']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('The `/query/status` property must be array');
  });
});

describe('features search: server quirks', () => {
  it('6.10.1 failing favoritesFirst for an API token is exit 1 with a way out, not a wall of SQL', async () => {
    server.json(SEARCH_PATH, searchErrors.favoritesFirstV6500, 500);
    const r = await search(['--favorites-first']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Unleash 6 cannot order favourites for an API token');
    expect(r.stderr).toContain('personal access token');
    expect(r.stderr).not.toContain('ranked_features');
  });
});
