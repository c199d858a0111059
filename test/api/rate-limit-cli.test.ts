import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { SkippingClock } from '../support/clock.js';
import { runCli as runCliNow, type TestIOOptions } from '../support/io.js';
import { serveProjects } from '../support/projects-fixture.js';
import { RateLimitWindow } from '../support/rate-limit-fixture.js';
import { SEARCH_PATH, makeFeatures, searchOver, serveStaleAges } from '../support/search-fixture.js';

// Every command that pages search goes through the one pacer (src/api/http/rate-limit.ts), and the
// wait limit is --max-wait or FLAGCTL_MAX_WAIT. A fixture window of 4 searches per 2 s, on a
// clock shared by flagctl (io.clock) and the fixture that jumps over each wait: no real waiting.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = (more: Record<string, string> = {}) => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...more });
const names = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { name: string }).name);

// One clock per test, for flagctl and every window the test sets up.
let windows: RateLimitWindow[] = [];
let clock = new SkippingClock();
beforeEach(() => {
  windows = [];
  clock = new SkippingClock(() => windows.some((w) => w.inFlight > 0));
});
function limited(features = makeFeatures(600)) {
  const limit = new RateLimitWindow(4, 2000, clock);
  windows.push(limit);
  server.route(SEARCH_PATH, limit.wrap(searchOver(features)));
  return { features, limit };
}
/** main() on the test's clock. */
const runCli = (argv: string[], opts: TestIOOptions = {}) => runCliNow(argv, { clock, ...opts });

const WAIT_LINE = /^flagctl: the server allows 4 searches every 2 s; waiting 2 s \(page 5 of 6\)$/;

describe('commands that page search keep to the rate limit and say when they wait', () => {
  it('features search --all: complete, in order, no 429, one wait line on a piped stderr', async () => {
    const { features, limit } = limited();
    const r = await runCli(['features', 'search', '--all', '-o', 'ndjson'], { env: env() });
    expect(r.code).toBe(0);
    expect(names(r.stdout)).toEqual(features.map((f) => f.name));
    expect(r.stderr.split('\n')).toEqual([expect.stringMatching(WAIT_LINE), '']);
    expect(limit.refused).toEqual([]);
  });

  it('features search --limit 550 (above one page) is paced alike', async () => {
    const { features } = limited();
    const r = await runCli(['features', 'search', '--limit', '550', '-o', 'ndjson'], { env: env() });
    expect(r.code).toBe(0);
    expect(names(r.stdout)).toEqual(features.slice(0, 550).map((f) => f.name));
    expect(r.stderr).toMatch(/^flagctl: the server allows 4 searches every 2 s; waiting 2 s \(page 5 of 6\)\n$/);
  });

  it('features stale is paced alike', async () => {
    const { features } = limited();
    serveStaleAges(server);
    const r = await runCli(['features', 'stale', '--max', '1000', '-o', 'ndjson'], { env: env() });
    expect(r.code).toBe(0);
    expect(names(r.stdout)).toEqual(features.map((f) => f.name));
    expect(r.stderr.split('\n')[0]).toMatch(WAIT_LINE);
  });

  it('project overview fetches search-only columns paced, and says so', async () => {
    const { features } = limited();
    server.json(
      '/api/admin/projects/default',
      {
        name: 'NotFoundError',
        message: 'The path you were looking for (/api/admin/projects/default) is not available.',
      },
      404,
    );
    server.json('/api/admin/projects/default/overview', { name: 'Default', environments: [] });
    server.json('/api/admin/projects/default/features', {
      features: features.map(({ name, type }) => ({ name, type })),
    });
    const r = await runCli(['project', 'overview', 'default', '-o', 'csv', '--columns', 'name,lifecycle'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\r\n').filter(Boolean)).toHaveLength(601);
    expect(r.stderr).toMatch(/(^|\n)flagctl: the server allows 4 searches every 2 s; waiting 2 s \(page 5 of 6\)\n$/);
  });

  it('refs reads the archived flags through search paced alike, and says so', async () => {
    const { limit } = limited();
    server.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
    server.json('/api/admin/projects/default/features', { features: [] });
    serveProjects(server, ['default']);
    const tree = mkdtempSync(join(tmpdir(), 'flagctl-refs-paced-'));
    try {
      const r = await runCli(['refs', tree, '--project', 'default', '-o', 'ndjson'], { env: env() });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      // refs says what it waits for (issue 22): the line goes on with its purpose.
      expect(r.stderr.split('\n')).toEqual([
        'flagctl: the server allows 4 searches every 2 s; waiting 2 s (page 5 of 6) before searching for the archived flags',
        '',
      ]);
      expect(limit.refused).toEqual([]);
      expect(
        server.requests.filter((q) => q.url.startsWith(SEARCH_PATH)).every((q) => q.url.includes('archived=IS%3Atrue')),
      ).toBe(true);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('on a terminal stderr the progress line counts down and no wait line is printed', async () => {
    limited();
    const r = await runCli(['features', 'search', '--all', '-o', 'ndjson'], { env: env(), stderrIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('400 of 600; the server allows 4 searches every 2 s; waiting 2 s (page 5 of 6)');
    expect(r.stderr).not.toContain('\n');
  });
});

describe('the wait limit', () => {
  const FAIL =
    'flagctl: the server allows 4 searches every 2 s; finishing would mean waiting about 2 s (page 5 of 6), past the wait limit of 1 s ' +
    '(--max-wait or FLAGCTL_MAX_WAIT). On Unleash the limit is SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE.\n' +
    'Raise --max-wait, narrow the search, or ask the server admin to raise SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE.\n';

  it('--max-wait: past it, exit 1 naming the server limit and SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE, without waiting first', async () => {
    const { limit } = limited();
    const r = await runCli(['features', 'search', '--all', '-o', 'ndjson', '--max-wait', '1'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(FAIL);
    expect(limit.events).toHaveLength(4);
    expect(names(r.stdout)).toHaveLength(400); // what came before the limit was written
  });

  it('FLAGCTL_MAX_WAIT sets it too; the flag wins', async () => {
    limited();
    const r = await runCli(['features', 'search', '--all', '-o', 'ndjson'], { env: env({ FLAGCTL_MAX_WAIT: '1' }) });
    expect([r.code, r.stderr]).toEqual([1, FAIL]);
    limited();
    const ok = await runCli(['features', 'search', '--all', '-o', 'ndjson', '--max-wait', '30'], {
      env: env({ FLAGCTL_MAX_WAIT: '1' }),
    });
    expect(ok.code).toBe(0);
  });

  it.each([['abc'], ['-1'], ['1.5'], ['90000']])(
    '--max-wait %s is a usage error and nothing is sent',
    async (value) => {
      const r = await runCli(['features', 'search', '--all', `--max-wait=${value}`], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--max-wait "${value}": expected a whole number of seconds from 0 to 86400, e.g. 600`);
      expect(server.requests).toEqual([]);
    },
  );

  it('a 429 carrying no headers still fails after the usual retries (nothing to pace on)', async () => {
    server.route(SEARCH_PATH, (_req, res) =>
      res.writeHead(429, { 'content-type': 'text/html' }).end('Too many requests'),
    );
    const r = await runCli(['features', 'search', '--retries', '0'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 429');
  });

  it('an answer without RateLimit headers is not paced at all', async () => {
    server.route(SEARCH_PATH, (_req, res, url) =>
      sendJson(res, 200, {
        features: makeFeatures(600).slice(
          Number(url.searchParams.get('offset')),
          Number(url.searchParams.get('offset')) + 100,
        ),
        total: 600,
      }),
    );
    const r = await runCli(['features', 'search', '--all', '-o', 'ndjson', '--max-wait', '0'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
