import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const SEGMENTS = { segments: [{ id: 1, name: 'beta-testers', constraints: [] }] };

describe('flagctl api', () => {
  it('GETs the path with the token and prints the body exactly as it came when piped', async () => {
    const body = '{"segments":[{"id":1,"name":"beta-testers"}],  "x":1}';
    server.route('/api/admin/segments', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    });
    const r = await runCli(['api', '/api/admin/segments'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(body);
    expect(server.requests[0]!.method).toBe('GET');
    expect(server.requests[0]!.headers.authorization).toBe(TOKEN);
  });

  it('keeps the base URL prefix and merges --query into the path query', async () => {
    server.json('/prefix/api/admin/search/events', { events: [], total: 0 });
    const r = await runCli(
      ['api', '/api/admin/search/events?feature=IS:x', '-q', 'limit=5', '--query', 'type=IS:feature-created'],
      {
        env: { ...env(), FLAGCTL_URL: `${server.url}/prefix` },
      },
    );
    expect(r.code).toBe(0);
    expect(server.requests[0]!.url).toBe(
      '/prefix/api/admin/search/events?feature=IS%3Ax&limit=5&type=IS%3Afeature-created',
    );
  });

  it('pretty-prints JSON on a terminal, with server text made safe', async () => {
    server.json('/api/admin/segments', { segments: [{ name: 'evil\u001b[2J\u009b' }] });
    const r = await runCli(['api', '/api/admin/segments'], { env: env(), stdoutIsTTY: true });
    expect(r.stdout).toBe('{\n  "segments": [\n    {\n      "name": "evil\\u001b[2J\\x9b"\n    }\n  ]\n}\n');
  });

  it('prints a non-JSON body as it came', async () => {
    server.route('/api/admin/text', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('plain\ntext'),
    );
    const r = await runCli(['api', '/api/admin/text'], { env: env() });
    expect(r.stdout).toBe('plain\ntext');
  });

  it('an error status exits as usual with the server message', async () => {
    server.json(
      '/api/admin/nope',
      { name: 'NotFoundError', message: 'The path you were looking for (/api/admin/nope) is not available.' },
      404,
    );
    const r = await runCli(['api', '/api/admin/nope'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'flagctl: not found (HTTP 404 NotFoundError): The path you were looking for (/api/admin/nope) is not available.\n',
    );
    server.json('/api/admin/segments', { name: 'PermissionError', message: 'You need permission' }, 403);
    expect((await runCli(['api', '/api/admin/segments'], { env: env() })).code).toBe(4);
  });

  it('--paginate writes one JSON array, or ndjson, from every page', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}` }));
    const route = () =>
      server.route('/api/admin/search/features', (_req, res, url) => {
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        sendJson(res, 200, { features: items.slice(offset, offset + limit), total: items.length });
      });
    route();
    const r = await runCli(['api', '/api/admin/search/features', '--paginate', '-q', 'limit=2'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(items);
    expect(server.requests).toHaveLength(3);
    route();
    const nd = await runCli(['api', '/api/admin/search/features', '--paginate', '-q', 'limit=2', '-o', 'ndjson'], {
      env: env(),
    });
    expect(nd.stdout).toBe(items.map((i) => `${JSON.stringify(i)}\n`).join(''));
  });

  it('--paginate on a document that is no list prints it, with a note', async () => {
    server.json('/api/admin/segments', SEGMENTS);
    const r = await runCli(['api', '/api/admin/segments', '--paginate'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(SEGMENTS);
    expect(r.stderr).toBe('flagctl: note: /api/admin/segments is not a list with a total; printed as it came\n');
  });

  it.each([
    [
      ['api', '/api/admin/segments', '-X', 'POST'],
      /--method "POST": flagctl api sends only GET requests; it never changes a server/,
    ],
    [['api', '/api/admin/segments', '--method', 'delete'], /--method "delete"/],
    [['api', 'api/admin/segments'], /must start with \/api\//],
    [['api', '/admin'], /must start with \/api\//],
    [['api', '/api/../health'], /"\." and "\.\." segments are refused/],
    [['api', 'https://evil.example.net/api/admin/segments'], /is not on the server flagctl is set up for/],
    [['api', '/api/admin/segments', '-q', 'limit'], /--query "limit": expected key=value/],
    [['api', '/api/admin/segments', '-o', 'ndjson'], /-o\/--output applies to --paginate only/],
    [['api', '/api/admin/segments', '--paginate', '-o', 'csv'], /-o\/--output "csv"|--output "csv"/],
  ])('refused with exit 2, nothing sent: %j', async (argv, message) => {
    const r = await runCli(argv as string[], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(server.requests).toEqual([]);
  });

  it('-X GET is accepted', async () => {
    server.json('/api/admin/segments', SEGMENTS);
    expect((await runCli(['api', '/api/admin/segments', '-X', 'get'], { env: env() })).code).toBe(0);
  });

  it('an absolute URL inside the profile URL is followed; the token never shows', async () => {
    server.json('/api/admin/segments', SEGMENTS);
    const r = await runCli(['api', `${server.url}/api/admin/segments`, '--debug'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });
});
