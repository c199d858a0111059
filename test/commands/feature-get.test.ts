import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFixtureServer, sendJson } from '../support/fixture-server.js';
import { ownRequests, serveProjects } from '../support/projects-fixture.js';
import { ManualClock } from '../support/clock.js';
import { runCli } from '../support/io.js';

const feature = JSON.parse(readFileSync(new URL('../fixtures/feature.json', import.meta.url), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const PATH = '/api/admin/projects/default/features/checkout-v2';

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const ESC = '\u001b';
// The fixture's strategy uses segment 1: the record view fetches segment names (issue 22).
beforeEach(() => void server.json('/api/admin/segments', { segments: [{ id: 1, name: 'beta-users' }] }));

describe('feature get', () => {
  it('sends the raw token, accept and user-agent headers', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    const h = server.requests[0]!.headers;
    expect(h.authorization).toBe(TOKEN);
    expect(h.accept).toBe('application/json');
    expect(h['user-agent']).toMatch(/^flagctl\/\S+$/);
    expect(server.requests[0]!.url).toBe(`${PATH}?variantEnvironments=true`);
  });

  it('-o json prints the server document exactly, unknown fields included', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(r.stderr).toBe('');
  });

  it('table on a terminal is a record of every part of the feature', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2'], {
      env: { ...env(), FORCE_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    const plain = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(r.stdout).toContain(`${ESC}[`); // coloured
    for (const text of [
      'checkout-v2',
      'release',
      'New checkout flow',
      'live since 2026-02-01T00:00:00.000Z',
      'by Alice (id 1)',
      'team:growth, simple:beta',
      'payments (enabled, variants: a, b)',
      'checkout-v2-child',
      'Alice, unknown',
      'Environment development (development): enabled',
      'Environment production (production): disabled, last seen never',
      'Gradual rollout to web [flexibleRollout]',
      'rollout=50%',
      'segments: beta-users (id 1)',
      'appName IN [web, ios]',
      'NOT email STR_ENDS_WITH [@example.com] (case-insensitive)',
      'cartItems NUM_GT [5]',
      'blue, 50%, variable, stickiness default, payload json {"color":"blue"}',
      'green, 50%, variable, stickiness default, payload number 42',
      '2. default (disabled)',
      'control, 100%, variable, stickiness userId, payload string ctl',
      'override userId: 1, 2',
    ]) {
      expect(plain).toContain(text);
    }
  });

  it('table when piped has no colour and ISO times', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env(), stdoutIsTTY: false });
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toContain('since 2026-02-01T00:00:00.000Z');
    expect(r.stdout).not.toMatch(/ ago\b/);
  });

  it('NO_COLOR and --no-color turn colour off on a terminal', async () => {
    server.json(PATH, feature);
    const a = await runCli(['feature', 'get', 'checkout-v2'], { env: { ...env(), NO_COLOR: '1' }, stdoutIsTTY: true });
    const b = await runCli(['feature', 'get', 'checkout-v2', '--no-color'], { env: env(), stdoutIsTTY: true });
    expect(a.code).toBe(0);
    expect(a.stdout).not.toContain(ESC);
    expect(b.stdout).not.toContain(ESC);
    expect(a.stdout).toMatch(/ ago\)/); // still human times: only colour is off
  });

  it('-o csv gives one RFC 4180 row per environment', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'csv'], { env: env() });
    expect(r.stdout).toBe(
      'name,project,environment,type,enabled,strategies,variants,lastSeenAt\r\n' +
        'checkout-v2,default,development,development,true,2,0,2026-11-20T10:00:00.000Z\r\n' +
        'checkout-v2,default,production,production,false,0,1,\r\n',
    );
  });

  it('-o ndjson gives one object per environment', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'ndjson'], { env: env() });
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        name: 'checkout-v2',
        project: 'default',
        environment: 'development',
        type: 'development',
        enabled: true,
        strategies: 2,
        variants: 0,
        lastSeenAt: '2026-11-20T10:00:00.000Z',
      },
      {
        name: 'checkout-v2',
        project: 'default',
        environment: 'production',
        type: 'production',
        enabled: false,
        strategies: 0,
        variants: 1,
        lastSeenAt: null,
      },
    ]);
  });

  it('--columns and --no-headers pick csv and table columns', async () => {
    server.json(PATH, feature);
    const csv = await runCli(
      ['feature', 'get', 'checkout-v2', '-o', 'csv', '--columns', 'environment,enabled', '--no-headers'],
      { env: env() },
    );
    expect(csv.stdout).toBe('development,true\r\nproduction,false\r\n');
    server.json(PATH, feature);
    const table = await runCli(['feature', 'get', 'checkout-v2', '--columns', 'environment,enabled'], { env: env() });
    expect(table.stdout).toBe('ENVIRONMENT\tENABLED\ndevelopment\ttrue\nproduction\tfalse\n');
  });

  it('an unknown column is a usage error naming the accepted ones, and nothing is sent', async () => {
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'csv', '--columns', 'nope'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--columns: unknown column "nope"; accepted: name, project, environment');
    expect(server.requests).toEqual([]);
  });

  it('accepts null where the spec says boolean or array', async () => {
    const nulls = {
      ...feature,
      archived: null,
      stale: null,
      tags: null,
      children: null,
      dependencies: null,
      environments: [{ ...feature.environments[0], strategies: null, variants: null, enabled: null }],
    };
    server.json(PATH, nulls);
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Environment development');
  });

  it('uses --project, then the profile default, then `default`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-cfg-'));
    try {
      const profile = (project?: string) =>
        writeFileSync(
          join(dir, 'config.json'),
          JSON.stringify({ version: 1, profiles: { default: { url: server.url, token: TOKEN, project } } }),
          { mode: 0o600 },
        );
      const get = (args: string[] = []) =>
        runCli(['feature', 'get', 'checkout-v2', '-o', 'json', ...args], { env: { FLAGCTL_CONFIG_DIR: dir } });
      const asked = () => ownRequests(server.requests).map((q) => q.url.split('?')[0]);
      serveProjects(server);
      server.json('/api/admin/projects/web/features/checkout-v2', feature);
      server.json('/api/admin/projects/mobile/features/checkout-v2', feature);
      server.json(PATH, feature);

      profile('web');
      expect((await get(['--project', 'mobile'])).code).toBe(0);
      expect((await get()).code).toBe(0);
      profile(undefined);
      expect((await get()).code).toBe(0);
      expect(asked()).toEqual([
        '/api/admin/projects/mobile/features/checkout-v2',
        '/api/admin/projects/web/features/checkout-v2',
        PATH,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['a b', '/api/admin/projects/default/features/a%20b'],
    ['a/b', '/api/admin/projects/default/features/a%2Fb'],
    ['a.b~c', '/api/admin/projects/default/features/a.b~c'],
    ['ünï', '/api/admin/projects/default/features/%C3%BCn%C3%AF'],
    ['..%2F', '/api/admin/projects/default/features/..%252F'],
  ])('percent-encodes the name %j so it reaches its own URL', async (name, path) => {
    server.json(path, { ...feature, name });
    const r = await runCli(['feature', 'get', name, '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(server.requests[0]!.url).toBe(`${path}?variantEnvironments=true`);
  });

  it.each(['..', '.'])('refuses the name %j locally, sending nothing', async (name) => {
    const r = await runCli(['feature', 'get', name], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot be used in a URL path/);
    expect(server.requests).toEqual([]);
  });

  it('keeps a base URL path prefix', async () => {
    server.json(`/unleash${PATH}`, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], {
      env: { ...env(), FLAGCTL_URL: `${server.url}/unleash/` },
    });
    expect(r.code).toBe(0);
  });
});

describe('exit codes and messages', () => {
  it('0 on success with nothing on stderr', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('2 on a bad flag, with a suggestion, sending nothing', async () => {
    const r = await runCli(['feature', 'get', 'checkout-v2', '--projct', 'x'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--projct'");
    expect(r.stderr).toContain('--project');
    expect(server.requests).toEqual([]);
  });

  it('2 on a bad format', async () => {
    const r = await runCli(['feature', 'get', 'x', '-o', 'xml'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-o/--output: unknown format "xml"; accepted: table, json, ndjson, csv, markdown, yaml');
  });

  it.each([['abc'], ['-1'], ['0'], ['99999']])('2 on --timeout %s', async (t) => {
    const r = await runCli(['feature', 'get', 'x', '--timeout', t], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--timeout "${t}"`);
    expect(server.requests).toEqual([]);
  });

  it('4 on 401 with a login hint', async () => {
    server.json(PATH, { id: 'e1', name: 'AuthenticationRequired', message: 'You must log in to use Unleash.' }, 401);
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      'authentication failed (HTTP 401 AuthenticationRequired): You must log in to use Unleash.',
    );
    expect(r.stderr).toContain('flagctl auth login');
    expect(r.stdout).toBe('');
  });

  it("4 on 403, showing the server's message naming the permission", async () => {
    server.json(
      PATH,
      { id: 'e2', name: 'PermissionError', message: 'You need permission=READ_FEATURE to perform this action' },
      403,
    );
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('permission denied (HTTP 403 PermissionError): You need permission=READ_FEATURE');
  });

  it("5 on 404, showing the server's message", async () => {
    server.json(PATH, { id: 'e3', name: 'NotFoundError', message: 'Could not find feature checkout-v2' }, 404);
    // After a 404 flagctl looks in the archive (issue 35): not there either.
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: not found (HTTP 404 NotFoundError): Could not find feature checkout-v2\n');
  });

  it('1 on a 500, with the details of the error body', async () => {
    server.json(PATH, { name: 'InternalError', message: 'boom', details: [{ message: 'db down' }] }, 500);
    const r = await runCli(['feature', 'get', 'checkout-v2', '--retries', '0'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('server error (HTTP 500 InternalError): boom; db down');
  });

  it('1 on a body that is not JSON, naming status and content type, without dumping it', async () => {
    server.route(PATH, (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>secret page</html>'),
    );
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 200 with text/html, not JSON');
    expect(r.stderr).not.toContain('secret page');
    expect(r.stdout).toBe('');
  });

  it('1 on truncated JSON', async () => {
    server.route(PATH, (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"checkout'),
    );
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('(HTTP 200, application/json) is not valid JSON');
  });

  it('1 on a 200 of the wrong shape', async () => {
    server.json(PATH, { features: [] });
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not the expected shape at name/);
    expect(r.stdout).toBe('');
  });

  it('1 on a refused connection', async () => {
    const r = await runCli(['feature', 'get', 'x'], {
      env: { FLAGCTL_URL: 'http://127.0.0.1:9', FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('connection refused');
  });

  it('1 on a timeout, saying which one fired', async () => {
    server.route(PATH, () => {
      /* never answers */
    });
    const r = await runCli(['feature', 'get', 'checkout-v2', '--timeout', '0.3', '--retries', '0'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timeout: the server sent no response headers within 0.3s');
  });

  it('no stack trace without --debug', async () => {
    server.json(PATH, {}, 500);
    const r = await runCli(['feature', 'get', 'checkout-v2', '--retries', '0'], { env: env() });
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the token never shows', () => {
  it('--debug logs method, URL, status and timing with no token', async () => {
    server.json(PATH, feature);
    const r = await runCli(['feature', 'get', 'checkout-v2', '--debug'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`debug: GET ${server.url}${PATH}\\?variantEnvironments=true -> 200 \\(\\d+ ms`),
    );
    expect(r.stderr + r.stdout).not.toContain(TOKEN.slice(4));
  });

  it('an error echoing the token is masked', async () => {
    server.json(PATH, { name: 'BadDataError', message: `token ${TOKEN} is wrong` }, 400);
    const r = await runCli(['feature', 'get', 'checkout-v2', '--debug'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('token *:*.**** is wrong');
    expect(r.stderr).not.toContain(TOKEN.slice(4));
  });

  it('there is no --token flag', async () => {
    const r = await runCli(['feature', 'get', 'x', '--token', TOKEN], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain(TOKEN);
  });
});

describe('hostile server strings', () => {
  it('escape sequences in names and descriptions are neutralised in the table', async () => {
    server.json(PATH, {
      ...feature,
      description: `\u001b]0;pwned\u0007\u001b[2J evil\r\nline`,
      tags: [{ type: 'team', value: '\u001b[31mred' }],
    });
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b[\][][0-9;]*[A-Za-z]?pwned|\u001b\[2J|\u0007/);
    expect(r.stdout).toContain('\\x1b]0;pwned\\x07\\x1b[2J evil\\r\\nline');
    expect(r.stdout).toContain('team:\\x1b[31mred');
  });
});

it('sends the feature request only once on success', async () => {
  server.route(PATH, (_req, res) => sendJson(res, 200, feature));
  await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
  expect(server.requests.filter((q) => q.url.startsWith(PATH))).toHaveLength(1);
});

describe('record view completes what real servers leave out', () => {
  const bare = {
    ...feature,
    tags: undefined,
    environments: feature.environments.map((e: Record<string, unknown>) => ({ ...e, variants: undefined })),
  };

  it('fetches tags and per-environment variants for the table view', async () => {
    server.json(PATH, bare);
    server.json('/api/admin/features/checkout-v2/tags', { version: 1, tags: [{ type: 'team', value: 'fetched' }] });
    server.json(`${PATH}/environments/development/variants`, { version: 1, variants: [] });
    server.json(`${PATH}/environments/production/variants`, {
      version: 1,
      variants: [
        {
          name: 'prod-only',
          weight: 1000,
          weightType: 'variable',
          stickiness: 'default',
          overrides: [{ contextName: 'country', values: ['SE'] }],
        },
      ],
    });
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('team:fetched');
    expect(r.stdout).toMatch(
      /Environment production[^\n]*\n(.*\n)* {2}Variants:\n {4}prod-only, 100%, variable, stickiness default\n {6}override country: SE/,
    );
    expect(server.requests).toHaveLength(5); // the feature, its tags, two environments' variants, the segments
  });

  it('still renders when those extra reads are refused', async () => {
    server.json(PATH, bare);
    for (const p of [
      '/api/admin/features/checkout-v2/tags',
      `${PATH}/environments/development/variants`,
      `${PATH}/environments/production/variants`,
    ]) {
      server.json(p, { name: 'PermissionError', message: 'no' }, 403);
    }
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Tags {12}-/);
  });

  it('-o json never adds them: it is the server document', async () => {
    server.json(PATH, bare);
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], { env: env() });
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(bare)));
    expect(server.requests).toHaveLength(1);
  });
});

it('without a top-level enabled (as real servers send), the record shows each environment', async () => {
  const { enabled: _e, ...doc } = { ...feature, enabled: undefined };
  server.json(PATH, doc);
  const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
  expect(r.stdout).toMatch(/^Enabled {9}development on, production off$/m);
});

describe('spinner', () => {
  /** A terminal whose clock moves only when the test says so; the spinner records what it shows. */
  function terminal(stderrIsTTY = true) {
    const clock = new ManualClock();
    const shown: string[] = [];
    const spinner = async (text: string) => {
      shown.push(text);
      return { stop: () => void shown.push('stop') };
    };
    return { clock, shown, opts: { env: env(), stderrIsTTY, clock, spinner } };
  }

  /** A route that answers only when released, and says when the request has arrived. */
  function held() {
    let release!: () => void;
    const arrived = new Promise<void>((ok) =>
      server.route(PATH, (_req, res) => {
        release = () => sendJson(res, 200, feature);
        ok();
      }),
    );
    return { arrived, release: () => release() };
  }

  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('appears on a terminal stderr only once a request has taken ~150 ms, and stdout stays data', async () => {
    server.json(PATH, feature);
    const fast = terminal();
    const quick = await runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], fast.opts);
    expect(quick.stderr).toBe('');
    expect(fast.shown).toEqual([]);

    server.reset();
    const route = held();
    const slow = terminal();
    const pending = runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], slow.opts);
    await route.arrived;
    slow.clock.advance(149);
    await settle();
    expect(slow.shown).toEqual([]);
    slow.clock.advance(1);
    await settle();
    expect(slow.shown).toEqual(['Fetching checkout-v2']);
    route.release();
    const r = await pending;
    expect(slow.shown).toEqual(['Fetching checkout-v2', 'stop']);
    expect(JSON.parse(r.stdout)).toEqual(feature);
  });

  it('never appears when stderr is not a terminal', async () => {
    const route = held();
    const t = terminal(false);
    const pending = runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], t.opts);
    await route.arrived;
    t.clock.advance(10_000);
    route.release();
    const r = await pending;
    expect(r.stderr).toBe('');
    expect(t.shown).toEqual([]);
    expect(t.clock.pending).toBe(0);
  });
});
