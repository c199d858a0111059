import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 27 item 11: -o json is the server's document, digits and keys included.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const v8 = load('overview-v8.json');
const errors = load('overview-errors.json');
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const raw = (path: string, text: string) =>
  server.route(path, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(text));

describe('item 11: -o json keeps the numbers and keys the server sent', () => {
  it('feature get: integers beyond 2^53 keep their digits, 1e400 is not null', async () => {
    raw(
      '/api/admin/projects/default/features/f',
      '{"name":"f","big":12345678901234567890,"huge":1e400,"tiny":-9007199254740993,"list":[1,98765432109876543210],"ok":1.5}',
    );
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"big": 12345678901234567890');
    expect(r.stdout).toContain('"huge": 1e400');
    expect(r.stdout).toContain('"tiny": -9007199254740993');
    expect(r.stdout).toMatch(/98765432109876543210\n/);
    expect(r.stdout).toContain('"ok": 1.5');
    expect(r.stdout).not.toContain('null');
  });

  it('a string that looks like the marker stays a string', async () => {
    raw('/api/admin/projects/default/features/f', '{"name":"f","big":12345678901234567890,"s":"\\u0000x:0"}');
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(JSON.parse(r.stdout).s).toBe('\u0000x:0');
  });

  it('a string that spells the marker itself, and the next one, stays a string', async () => {
    raw(
      '/api/admin/projects/default/features/f',
      '{"name":"f","big":12345678901234567890,"s":"\\u0000n:0","t":"\\u0000n0:0"}',
    );
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(r.stdout).toContain('"big": 12345678901234567890');
    expect(JSON.parse(r.stdout)).toMatchObject({ s: '\u0000n:0', t: '\u0000n0:0' });
  });

  it('features search -o ndjson keeps them per row', async () => {
    raw(
      '/api/admin/search/features',
      '{"features":[{"name":"f","type":"release","project":"default","stale":false,"environments":[],"n":123456789012345678901}],"total":1}',
    );
    const r = await runCli(['features', 'search', '-o', 'ndjson'], { env: env() });
    expect(r.stdout).toContain('"n":123456789012345678901');
  });

  it('the 8.x overview keeps an unknown __proto__ key and big numbers at the top', async () => {
    server.json('/api/admin/projects/default', errors.gonePath, 404);
    const head = JSON.stringify(v8).replace(/^\{/, '{"__proto__":{"x":1},"members2":12345678901234567890,');
    raw('/api/admin/projects/default/overview', head);
    server.route('/api/admin/projects/default/features', (_req, res) =>
      sendJson(res, 200, { version: 2, features: [] }),
    );
    const r = await runCli(['project', 'overview', 'default', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"__proto__": {');
    expect(Object.hasOwn(JSON.parse(r.stdout), '__proto__')).toBe(true);
    expect(r.stdout).toContain('"members2": 12345678901234567890');
  });
});

describe('-o json keeps every number whose value a double would change', () => {
  // More than 15 significant digits, counting both sides of the point, or an exponent out of
  // a double's range: the value changes on a round trip, so the text is kept.
  const numbers =
    '"frac":1234567.123456789123,"split":12345678.12345678,"small":0.00000000000000000012345678901234567,"under":1e-400,"under2":-2.5e-999,"over":-1.7976931348623159e308';
  const same = '"short":1.5,"tenth":0.1,"int":9007199254740991,"exp":1e21,"neg":-42';

  it('feature get -o json', async () => {
    raw('/api/admin/projects/default/features/f', `{"name":"f",${numbers},${same}}`);
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"frac": 1234567.123456789123,');
    expect(r.stdout).toContain('"split": 12345678.12345678,');
    expect(r.stdout).toContain('"small": 0.00000000000000000012345678901234567,');
    expect(r.stdout).toContain('"under": 1e-400,');
    expect(r.stdout).toContain('"under2": -2.5e-999,');
    expect(r.stdout).toContain('"over": -1.7976931348623159e308,');
    // Values a double holds exactly keep JavaScript's spelling.
    expect(r.stdout).toContain('"short": 1.5,');
    expect(r.stdout).toContain('"tenth": 0.1,');
    expect(r.stdout).toContain('"int": 9007199254740991,');
    expect(r.stdout).toContain('"exp": 1e+21,');
    expect(r.stdout).toContain('"neg": -42');
  });

  it('features search -o json, in a row and in an environment', async () => {
    raw(
      '/api/admin/search/features',
      `{"features":[{"name":"f","type":"release","project":"default","stale":false,"environments":[{"name":"dev","enabled":true,"yes":98765.4321098765432}],"w":1234567.123456789123}],"total":1}`,
    );
    const r = await runCli(['features', 'search', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"w": 1234567.123456789123');
    expect(r.stdout).toContain('"yes": 98765.4321098765432');
  });

  it('a value spelled differently is the same value: 1.0, 2.50, 1E5, -0', async () => {
    raw(
      '/api/admin/projects/default/features/f',
      '{"name":"f","a":1.0,"b":2.50,"c":1E5,"d":-0,"big":12345678901234567890}',
    );
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(JSON.parse(r.stdout)).toMatchObject({ a: 1, b: 2.5, c: 100000, d: 0 });
    expect(r.stdout).toContain('"c": 100000,');
  });
});

describe('the second parse reads what JSON.parse reads', () => {
  it('escapes, unicode, nesting, empty containers and literals survive beside a kept number', async () => {
    const doc = {
      name: 'f',
      a: 'plain',
      b: 'quote " and \\ backslash',
      c: 'tab\tnew\nline \u0000 \u2028 é 😀',
      d: ['', [], {}, [[1, -2.5e-3, 0]], { x: null, y: true, z: false }],
      e: { 'k"ey': 'v', '': 1, __proto__x: 2 },
      f: 'after the escapes, no more',
    };
    const body = JSON.stringify(doc, null, 1).replace(/^\{/, '{"n":1234567.123456789123,');
    raw('/api/admin/projects/default/features/f', body);
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"n": 1234567.123456789123,');
    // eslint-disable-next-line no-loss-of-precision -- the digits a double cannot hold, which the CLI must keep as the server sent them
    expect(JSON.parse(r.stdout)).toEqual({ n: 1234567.123456789123, ...doc });
  });
});
