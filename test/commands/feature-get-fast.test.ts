import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { featureGetFast } from '../../src/startup/feature-get.js';
import { ManualClock } from '../support/clock.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { testIO, type TestIOOptions } from '../support/io.js';
import { serveProjects } from '../support/projects-fixture.js';
import { readFileSync } from 'node:fs';

// `feature get` has a fast path without commander (src/startup/feature-get.ts, dist/feature-get.cjs),
// which bin/flagctl tries first. Any difference from the whole CLI is a defect: for each command
// line, it either runs the command with the very stdout, stderr and exit code of the CLI, or
// declines having sent and printed nothing (then the CLI runs it, as bin/flagctl does).

const feature = JSON.parse(readFileSync(new URL('../fixtures/feature.json', import.meta.url), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const base = (project: string, name: string) => `/api/admin/projects/${project}/features/${name}`;
const config = mkdtempSync(join(tmpdir(), 'flagctl-fast-'));
writeFileSync(
  join(config, 'config.json'),
  JSON.stringify({
    version: 1,
    defaultProfile: 'main',
    profiles: {
      main: { url: 'http://127.0.0.1:1', token: 'main-token-0123456789', project: 'web' },
      other: { url: 'x', token: 't' },
    },
  }),
  { mode: 0o600 },
);
afterAll(() => rmSync(config, { recursive: true, force: true }));

function serve() {
  server.json(base('default', 'checkout-v2'), feature);
  server.json(base('web', 'checkout-v2'), { ...feature, project: 'web' });
  // A project that does not exist: its feature path answers 404, then the project list says so.
  server.json(base('nope', 'checkout-v2'), { message: 'Could not find feature checkout-v2' }, 404);
  server.json(base('default', 'missing'), { name: 'NotFoundError', message: 'Could not find feature missing' }, 404);
  // After a 404 both paths look in the archive (issue 35): not there either.
  server.json('/api/admin/search/features', { features: [], total: 0 });
  server.json(base('default', 'bad-shape'), {
    ...feature,
    environments: [{ name: 'e', strategies: [{ name: 's', segments: ['1'] }] }],
  });
  server.json(base('default', 'failing'), { message: 'relation "features" does not exist' }, 500);
  server.route(base('default', 'busy'), (_req, res) => sendJson(res, 503, { message: 'busy' }));
  server.route(base('default', 'html'), (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
  );
  server.json('/api/admin/segments', { segments: [{ id: 1, name: 'beta-users' }] });
  serveProjects(server);
}

type Case = [string, string[], TestIOOptions?];
/** The fixture's URL, known only once it runs: put in place by `resolved`. */
const SERVER = '<url>';
const resolved = (argv: string[], opts: TestIOOptions = {}): [string[], TestIOOptions] => [
  argv.map((a) => (a === SERVER ? server.url : a)),
  {
    ...opts,
    env: Object.fromEntries(Object.entries(opts.env ?? {}).map(([k, v]) => [k, v === SERVER ? server.url : v])),
  },
];
const env = (more: Record<string, string> = {}) => ({
  env: { FLAGCTL_URL: SERVER, FLAGCTL_TOKEN: TOKEN, FLAGCTL_CONFIG_DIR: '/nonexistent', ...more },
});

/** Command lines the fast path runs itself. */
const RUNS: Case[] = [
  ['-o json', ['feature', 'get', 'checkout-v2', '-o', 'json'], env()],
  ['the table, piped', ['feature', 'get', 'checkout-v2'], env()],
  [
    'the table on a colour terminal',
    ['feature', 'get', 'checkout-v2'],
    { ...env({ FORCE_COLOR: '1' }), stdoutIsTTY: true },
  ],
  [
    '--no-color on a terminal',
    ['feature', 'get', 'checkout-v2', '--no-color'],
    { ...env({ FORCE_COLOR: '1' }), stdoutIsTTY: true },
  ],
  [
    '--output=csv, --columns, --no-headers',
    ['feature', 'get', 'checkout-v2', '--output=csv', '--columns', 'environment,enabled', '--no-headers'],
    env(),
  ],
  ['ndjson, markdown and --csv-raw', ['feature', 'get', 'checkout-v2', '-o', 'ndjson', '--csv-raw'], env()],
  ['markdown', ['feature', 'get', 'checkout-v2', '-o', 'markdown'], env()],
  ['an unknown column: exit 2 before any request', ['feature', 'get', 'checkout-v2', '--columns', 'nope'], env()],
  ['--debug', ['feature', 'get', 'checkout-v2', '-o', 'json', '--debug'], env()],
  [
    '-p web: its one request, the project list only after a 404',
    ['feature', 'get', 'checkout-v2', '-p', 'web', '-o', 'json'],
    env(),
  ],
  ['--project of no project: exit 5', ['feature', 'get', 'checkout-v2', '--project', 'nope'], env()],
  ['404', ['feature', 'get', 'missing'], env()],
  ['404 with --debug: the stack', ['feature', 'get', 'missing', '--debug'], env()],
  ['a refused shape', ['feature', 'get', 'bad-shape', '-o', 'json'], env()],
  ['a 500', ['feature', 'get', 'failing'], env()],
  ['a 503 without retries', ['feature', 'get', 'busy', '--retries', '0', '--debug'], env()],
  ['not JSON', ['feature', 'get', 'html'], env()],
  ['a response over --max-response-mb', ['feature', 'get', 'checkout-v2', '--max-response-mb', '0.001'], env()],
  [
    '--url and every global option',
    [
      'feature',
      'get',
      'checkout-v2',
      '--url',
      SERVER,
      '--timeout',
      '5',
      '--max-wait',
      '9',
      '--retries=1',
      '-o',
      'json',
    ],
    env(),
  ],
  ['--url instead of FLAGCTL_URL', ['feature', 'get', 'checkout-v2', '-o', 'json'], env({ FLAGCTL_URL: '' })],
  [
    'no server at all',
    ['feature', 'get', 'checkout-v2'],
    { env: { FLAGCTL_TOKEN: TOKEN, FLAGCTL_CONFIG_DIR: '/nonexistent' } },
  ],
  ['a refused connection', ['feature', 'get', 'checkout-v2', '--url', 'http://127.0.0.1:1', '--retries', '0'], env()],
  [
    'the profile in the config file',
    ['feature', 'get', 'checkout-v2', '--retries', '0'],
    { env: { FLAGCTL_CONFIG_DIR: config } },
  ],
  [
    '--profile, and its token masked',
    ['feature', 'get', 'checkout-v2', '--profile', 'other', '--debug'],
    { env: { FLAGCTL_CONFIG_DIR: config } },
  ],
  [
    'a profile that does not exist',
    ['feature', 'get', 'checkout-v2', '--profile', 'nope'],
    { env: { FLAGCTL_CONFIG_DIR: config } },
  ],
  [
    'FLAGCTL_TIMEOUT and FLAGCTL_MAX_RESPONSE_MB',
    ['feature', 'get', 'checkout-v2', '-o', 'json'],
    env({ FLAGCTL_TIMEOUT: '7', FLAGCTL_MAX_RESPONSE_MB: '2' }),
  ],
];

/** Command lines it leaves to commander: help, usage errors, forms it does not read. */
const DECLINES: Case[] = [
  ['--help', ['feature', 'get', 'x', '--help']],
  ['-h', ['feature', 'get', '-h']],
  ['no name', ['feature', 'get']],
  ['two names', ['feature', 'get', 'a', 'b']],
  ['an unknown option', ['feature', 'get', 'x', '--bogus']],
  ['-ojson', ['feature', 'get', 'x', '-ojson']],
  ['an option twice', ['feature', 'get', 'x', '-o', 'json', '-o', 'csv']],
  ['a value missing', ['feature', 'get', 'x', '--url']],
  ['a value that looks like an option', ['feature', 'get', 'x', '--url', '--debug']],
  ['a switch given a value', ['feature', 'get', 'x', '--debug=yes']],
  ['--', ['feature', 'get', '--', '-x']],
  ['an unknown format', ['feature', 'get', 'x', '-o', 'xml']],
  ['a name that cannot be a path', ['feature', 'get', '..']],
  ['a bad --timeout', ['feature', 'get', 'x', '--timeout', '0']],
  ['a bad FLAGCTL_TIMEOUT', ['feature', 'get', 'x'], { env: { FLAGCTL_TIMEOUT: 'soon' } }],
  ['--ca-file that cannot be read', ['feature', 'get', 'x', '--ca-file', '/nonexistent/ca.pem']],
  ['a global option first', ['--debug', 'feature', 'get', 'x']],
  ['another command', ['feature', 'history', 'x']],
  ['--version', ['feature', 'get', 'x', '--version']],
];

/** Runs one command line through the fast path, or finds it declined; the clock stands still (no ms in --debug). */
async function fast(argv: string[], opts: TestIOOptions = {}) {
  const io = testIO({ clock: new ManualClock(Date.parse('2026-11-25T12:00:00Z')), ...opts });
  const go = await featureGetFast(argv, io);
  const code = go ? await go(io) : undefined;
  return { code, stdout: io.out.text, stderr: io.err.text };
}

async function full(argv: string[], opts: TestIOOptions = {}) {
  const io = testIO({ clock: new ManualClock(Date.parse('2026-11-25T12:00:00Z')), ...opts });
  const code = await main(argv, io);
  return { code, stdout: io.out.text, stderr: io.err.text };
}

describe('feature get: the fast path and the whole CLI', () => {
  it.each(RUNS)('same stdout, stderr and exit code: %s', async (_what, args, given) => {
    serve();
    const [argv, opts] = resolved(args, given);
    const theirs = await full(argv, opts);
    await server.settled();
    const sent = server.requests.map((r) => r.url);
    server.requests.length = 0;
    const ours = await fast(argv, opts);
    await server.settled();
    expect(ours.code).toBeDefined(); // it ran the command itself
    // --debug ends an error with the stack's frames: the same from run() down, then each
    // entry's own callers (commander's parse, or the fast entry). Those differ, by design.
    const callers =
      /\n {4}at .*(program\.ts|commander|main\.ts|feature-get\.ts|feature-get-fast\.test\.ts|@vitest)[^\n]*/g;
    expect({ ...ours, stderr: ours.stderr.replace(callers, '') }).toEqual({
      ...theirs,
      stderr: theirs.stderr.replace(callers, ''),
    });
    if (argv.includes('--debug') && theirs.code !== 0) expect(ours.stderr).toMatch(/\n {4}at runPrepared /);
    expect(server.requests.map((r) => r.url)).toEqual(sent);
  });

  it.each(DECLINES)('declines, having sent and printed nothing: %s', async (_what, args, given = env()) => {
    serve();
    const [argv, opts] = resolved(args, given);
    const ours = await fast(argv, opts);
    expect(ours).toEqual({ code: undefined, stdout: '', stderr: '' });
    expect(server.requests).toEqual([]);
  });
});
