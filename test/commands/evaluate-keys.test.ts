import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 21, item 7: context field names are data, never object members. A constraint on a field
// named like an Object.prototype member no longer crashes evaluate, and `-c __proto__=x` is
// sent as a context field like any other.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const environments = load('environments-v8.json');
const playground = load('playground-v8.json');
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, NO_COLOR: '1' });
const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req
      .setEncoding('utf8')
      .on('data', (d: string) => (s += d))
      .on('end', () => resolve(s));
  });
}

/** The playground answers with one feature whose strategy has a constraint on each of NAMES. */
function routes(): string[] {
  const bodies: string[] = [];
  const feature = structuredClone(playground.features[0]);
  feature.name = 'f';
  feature.strategies.data[0].constraints = NAMES.map((contextName) => ({
    contextName,
    operator: 'IN',
    values: ['x'],
    inverted: false,
    caseInsensitive: false,
    result: false,
  }));
  server.json('/api/admin/environments', environments);
  server.route(
    '/api/admin/playground',
    async (req, res) => {
      bodies.push(await readBody(req));
      sendJson(res, 200, { input: playground.input, features: [feature] });
    },
    'POST',
  );
  return bodies;
}

describe('evaluate with context fields named like object members', () => {
  it('explains each constraint, given or not, without a crash', async () => {
    routes();
    const r = await runCli(['evaluate', 'f', '--env', 'development', '-c', 'country=DE', '-c', 'valueOf=7'], {
      env: env(),
      stdoutIsTTY: true,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(r.stdout).toContain(`${name} not given`);
    expect(r.stdout).toContain('valueOf IN ["x"]  — valueOf = "7"');
  });

  it('-c __proto__=x and -c constructor=y are sent as context properties, and explained as given', async () => {
    const bodies = routes();
    const r = await runCli(
      ['evaluate', 'f', '--env', 'development', '-c', '__proto__=x', '-c', 'constructor=y', '-c', 'toString=z'],
      { env: env(), stdoutIsTTY: true },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('"properties":{"__proto__":"x","constructor":"y","toString":"z"}');
    expect(r.stdout).toContain('__proto__ IN ["x"]  — __proto__ = "x"');
    expect(r.stdout).toContain('constructor IN ["x"]  — constructor = "y"');
  });
});

describe('evaluate with strategy parameters that are not strings', () => {
  // A custom strategy's parameter may be any JSON; one holding an own `toString` member made
  // String() throw ("Cannot convert object to primitive value") in every format.
  function withParameters(parameters: Record<string, unknown>): void {
    const feature = structuredClone(playground.features[0]);
    feature.name = 'f';
    feature.strategies.data[0].parameters = parameters;
    server.json('/api/admin/environments', environments);
    server.route(
      '/api/admin/playground',
      (_req, res) => sendJson(res, 200, { input: playground.input, features: [feature] }),
      'POST',
    );
  }

  for (const output of ['table', 'json', 'csv']) {
    it(`-o ${output}: an object with an own toString member is data, shown as JSON`, async () => {
      withParameters({ rollout: '50', custom: { toString: 'x', valueOf: 1 }, list: ['a', 'b'] });
      const r = await runCli(['evaluate', 'f', '--env', 'development', '-o', output], {
        env: env(),
        stdoutIsTTY: output === 'table',
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      if (output === 'table')
        expect(r.stdout).toContain('rollout 50%, custom {"toString":"x","valueOf":1}, list ["a","b"]');
    });
  }
});
