import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// A mistyped context field never passes evaluate's gate. The playground takes any property and
// evaluates a constraint on a field it was not given as unmet, so `-c contry=DE --expect off`
// (or `--fail-on on`) passed on a typo. In a gate, a --context name that is not a standard
// field, not named by a constraint of the feature's strategies or segments, and not a context
// field of the server (GET /api/admin/context, read only then) exits 5 naming the known ones.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const environments = load('environments-v8.json');
const playground = load('playground-v8.json');
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, NO_COLOR: '1' });
const FEATURE = 'new-checkout-flow';
const off = structuredClone(playground.features.find((f: { name: string }) => f.name === FEATURE));
off.isEnabled = false;
off.strategies.result = false;

const fields = ['age', 'appName', 'country', 'currentTime', 'environment', 'tenant', 'userId'];
function serve(contextStatus = 200): void {
  server.json('/api/admin/environments', environments);
  server.route(
    '/api/admin/playground',
    (_req, res) => sendJson(res, 200, { input: playground.input, features: [off] }),
    'POST',
  );
  server.json(
    '/api/admin/context',
    contextStatus === 200 ? fields.map((name) => ({ name, stickiness: false, legalValues: [] })) : { message: 'no' },
    contextStatus,
  );
}
const evaluate = (...rest: string[]) => ['evaluate', FEATURE, '--env', 'development', ...rest];

describe('evaluate: a mistyped context field in a gate', () => {
  it.each([
    ['--fail-on on', ['-c', 'contry=DE', '--fail-on', 'on'], 'contry'],
    ['--expect off', ['-c', 'userid=7', '--expect', 'off'], 'userid'],
  ])('%s exits 5 naming the field, not 0', async (_name, rest, typo) => {
    serve();
    const r = await runCli(evaluate(...rest), { env: env() });
    expect(r.stderr).toBe(
      `flagctl: no context field "${typo}" on this server, and no constraint of ${FEATURE} names it (--context); it has: ${fields.join(', ')}\n`,
    );
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.url)).toEqual([
      '/api/admin/environments',
      '/api/admin/playground',
      '/api/admin/context',
    ]);
  });

  it('fields the constraints name, and standard ones, need no further read', async () => {
    serve();
    const r = await runCli(evaluate('-c', 'country=DE', '-c', 'plan=pro', '-c', 'sessionId=s', '--fail-on', 'on'), {
      env: env(),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/environments', '/api/admin/playground']);
  });

  it("a field the stickiness of a strategy's variants reads is known without the field list", async () => {
    const withVariants = structuredClone(off);
    withVariants.strategies.data[0].variants = [{ name: 'a', weight: 1000, stickiness: 'org', weightType: 'variable' }];
    server.json('/api/admin/environments', environments);
    server.route(
      '/api/admin/playground',
      (_req, res) => sendJson(res, 200, { input: playground.input, features: [withVariants] }),
      'POST',
    );
    const r = await runCli(evaluate('-c', 'org=acme', '--expect', 'off'), { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/environments', '/api/admin/playground']);
  });

  it('a field the server defines, though this feature does not use it, is not a typo', async () => {
    serve();
    const r = await runCli(evaluate('-c', 'tenant=acme', '--expect', 'off'), { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a token that may not list context fields: the gate stops (exit 4) rather than pass', async () => {
    serve(403);
    const r = await runCli(evaluate('-c', 'contry=DE', '--fail-on', 'on'), { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('cannot tell whether context field "contry" exists (--context)');
  });

  it('without a gate, evaluate explains as before and reads no field list', async () => {
    serve();
    const r = await runCli(evaluate('-c', 'contry=DE'), { env: env() });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/environments', '/api/admin/playground']);
  });
});
