import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// `flagctl api` prints the server's numbers digit for digit, as `-o json` does elsewhere:
// JSON.parse would turn 12345678901234567890 into 12345678901234567000 and
// 1.000000000000000000001 into 1.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const BIG = '12345678901234567890';
const FINE = '1.000000000000000000001';

function rawJson(path: string, body: (url: URL) => string): void {
  server.route(path, (_req, res, url) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body(url));
  });
}

describe('flagctl api keeps the server digits', () => {
  it('in the pretty-print on a terminal', async () => {
    rawJson(
      '/api/admin/segments',
      () => `{"segments":[{"id":${BIG},"weight":${FINE},"small":1.5,"n":[${BIG},2]}],"big":1e400}`,
    );
    const r = await runCli(['api', '/api/admin/segments'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `{\n  "segments": [\n    {\n      "id": ${BIG},\n      "weight": ${FINE},\n      "small": 1.5,\n      "n": [\n        ${BIG},\n        2\n      ]\n    }\n  ],\n  "big": 1e400\n}\n`,
    );
  });

  it('with --paginate, as one array and as ndjson, piped and on a terminal', async () => {
    rawJson('/api/admin/search/events', (url) =>
      url.searchParams.get('offset') === '0'
        ? `{"events":[{"id":${BIG}},{"id":${FINE}}],"total":3}`
        : `{"events":[{"id":7}],"total":3}`,
    );
    const q = ['-q', 'limit=2'];
    const piped = await runCli(['api', '/api/admin/search/events', '--paginate', ...q], { env: env() });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(`[\n{"id":${BIG}},\n{"id":${FINE}},\n{"id":7}\n]\n`);
    const nd = await runCli(['api', '/api/admin/search/events', '--paginate', '-o', 'ndjson', ...q], { env: env() });
    expect(nd.stdout).toBe(`{"id":${BIG}}\n{"id":${FINE}}\n{"id":7}\n`);
    const tty = await runCli(['api', '/api/admin/search/events', '--paginate', ...q], {
      env: env(),
      stdoutIsTTY: true,
    });
    expect(tty.stdout).toBe(`[\n  {\n    "id": ${BIG}\n  },\n  {\n    "id": ${FINE}\n  },\n  {\n    "id": 7\n  }\n]\n`);
  });

  it('with --paginate on a document that is no list', async () => {
    rawJson('/api/admin/segments', () => `{"id":${BIG}}`);
    const r = await runCli(['api', '/api/admin/segments', '--paginate'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`{"id":${BIG}}`);
  });
});

describe('flagctl api --paginate, a total behind the list', () => {
  it('a full page at the count is followed by one more request, and every item comes', async () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    server.route('/api/admin/things', (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ things: items.slice(offset, offset + limit), total: 4 }));
    });
    const r = await runCli(['api', '/api/admin/things', '--paginate', '-q', 'limit=2', '-o', 'ndjson'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('"a"\n"b"\n"c"\n"d"\n"e"\n"f"\n');
  });

  it('a count that is right costs one request more only when it is a multiple of the page', async () => {
    const items = ['a', 'b', 'c'];
    server.route('/api/admin/things', (_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ things: items.slice(offset, offset + limit), total: 3 }));
    });
    const r = await runCli(['api', '/api/admin/things', '--paginate', '-q', 'limit=2', '-o', 'ndjson'], { env: env() });
    expect(r.stdout).toBe('"a"\n"b"\n"c"\n');
    expect(server.requests).toHaveLength(2);
  });
});
