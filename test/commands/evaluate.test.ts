import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { serveProjects } from '../support/projects-fixture.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const playground = load('playground-v8.json');
const environments = load('environments-v8.json');
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

const CONTEXT = [
  '-c',
  'appName=web-shop',
  '-c',
  'userId=u1',
  '-c',
  'country=DE',
  '-c',
  'email=a@example.com',
  '-c',
  'plan=pro',
  '-c',
  'age=30',
  '-c',
  'appVersion=2.1.0',
];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req
      .setEncoding('utf8')
      .on('data', (d: string) => (s += d))
      .on('end', () => resolve(s));
  });
}

/** The server's routes; the playground's request bodies are kept. */
function routes(answer: unknown = playground) {
  const bodies: unknown[] = [];
  server.json('/api/admin/environments', environments);
  server.route(
    '/api/admin/playground',
    async (req, res) => {
      bodies.push(JSON.parse(await readBody(req)));
      sendJson(res, 200, answer);
    },
    'POST',
  );
  return bodies;
}

describe('evaluate', () => {
  it('sends the context where the playground expects it, and explains the result on a terminal', async () => {
    const bodies = routes();
    const r = await runCli(['evaluate', 'new-checkout-flow', 'retire-old-cart', '--env', 'development', ...CONTEXT], {
      env: { ...env(), NO_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    expect(bodies).toEqual([
      {
        environment: 'development',
        projects: '*',
        context: {
          appName: 'web-shop',
          userId: 'u1',
          properties: { country: 'DE', email: 'a@example.com', plan: 'pro', age: '30', appVersion: '2.1.0' },
        },
      },
    ]);
    expect(server.requests[1]!.headers['content-type']).toBe('application/json');
    expect(server.requests[1]!.headers.authorization).toBe(TOKEN);
    const out = r.stdout;
    expect(out).toMatch(
      /^new-checkout-flow {2}ON {2}variant \S+ {2}in development\n {2}decided by strategy "EU beta rollout" \(flexibleRollout\)\n/,
    );
    expect(out).toContain('✓ country IN ["DE", "FR", "NL"]  — country = "DE"');
    expect(out).toContain('✗ age NOT NUM_LTE "3650"  — age = "30"');
    expect(out).toContain('\nretire-old-cart  OFF  in development\n  no strategy matched this context\n');
    expect(out).toContain('✗ userId REGEX "^internal-[0-9]+$"  — userId = "u1"');
  });

  it('names an unsatisfied parent dependency, what it must be and what it is, from the feature record', async () => {
    routes();
    server.json('/api/admin/projects/default/features/new-dashboard.classic-fallback', {
      name: 'new-dashboard.classic-fallback',
      dependencies: [
        { feature: 'new-checkout-flow', enabled: false },
        { feature: 'gone-parent', enabled: true, variants: ['blue'] },
      ],
    });
    const r = await runCli(['evaluate', 'new-dashboard.classic-fallback', '--env', 'development'], { env: env() });
    expect(r.code).toBe(0);
    const variant = playground.features.find((f: { name: string }) => f.name === 'new-checkout-flow').variant.name;
    expect(r.stdout).toBe(
      [
        'new-dashboard.classic-fallback  OFF  in development',
        '  ✗ the flag is off in development',
        '  ✗ a parent dependency is not satisfied',
        `      ✗ parent new-checkout-flow must be disabled; it is on with variant ${variant}`,
        '      ? parent gone-parent must be enabled with variant blue; its state for this context is not in the answer',
        '',
      ].join('\n'),
    );
  });

  it('the playground POST follows the GET rules: a 503 is retried, a same-origin redirect re-sends the body', async () => {
    server.json('/api/admin/environments', environments);
    let calls = 0;
    const bodies: string[] = [];
    server.route(
      '/api/admin/playground',
      async (req, res) => {
        bodies.push(await readBody(req));
        if (++calls === 1) return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>busy</h1>');
        res.writeHead(307, { location: '/api/admin/playground2' }).end();
      },
      'POST',
    );
    server.route(
      '/api/admin/playground2',
      async (req, res) => {
        bodies.push(await readBody(req));
        sendJson(res, 200, playground);
      },
      'POST',
    );
    const r = await runCli(
      ['evaluate', 'payments.kill-switch', '--env', 'development', '-c', 'userId=9', '-o', 'csv'],
      { env: env() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('name,enabled,variant,strategy\r\npayments.kill-switch,true,,flexibleRollout\r\n');
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({
      environment: 'development',
      projects: '*',
      context: { userId: '9', appName: 'flagctl' },
    });
  });

  it('-o json prints the server answer for the features asked only', async () => {
    routes();
    const r = await runCli(['evaluate', 'retire-old-cart', 'new-checkout-flow', '--env', 'development', '-o', 'json'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.input).toEqual(playground.input);
    expect(doc.features).toEqual(
      ['retire-old-cart', 'new-checkout-flow'].map((n) =>
        playground.features.find((f: { name: string }) => f.name === n),
      ),
    );
  });

  it('csv, ndjson and markdown give one row per feature', async () => {
    routes();
    const csv = await runCli(
      [
        'evaluate',
        'new-checkout-flow',
        'payments.kill-switch',
        'new-dashboard.classic-fallback',
        '--env',
        'development',
        '-o',
        'csv',
      ],
      { env: env() },
    );
    const variant = playground.features.find((f: { name: string }) => f.name === 'new-checkout-flow').variant.name;
    expect(csv.stdout).toBe(
      `name,enabled,variant,strategy\r\nnew-checkout-flow,true,${variant},EU beta rollout (flexibleRollout)\r\npayments.kill-switch,true,,flexibleRollout\r\nnew-dashboard.classic-fallback,false,,\r\n`,
    );
    routes();
    const nd = await runCli(['evaluate', 'payments.kill-switch', '--env', 'development', '-o', 'ndjson'], {
      env: env(),
    });
    expect(nd.stdout).toBe(
      '{"name":"payments.kill-switch","enabled":true,"variant":null,"strategy":"flexibleRollout"}\n',
    );
    routes();
    const md = await runCli(['evaluate', 'payments.kill-switch', '--env', 'development', '-o', 'markdown'], {
      env: env(),
    });
    expect(md.stdout).toBe(
      '| name | enabled | variant | strategy |\n| --- | --- | --- | --- |\n| payments.kill-switch | true | - | flexibleRollout |\n',
    );
  });

  it('--all evaluates every flag of the project, sorted by name', async () => {
    const bodies = routes();
    serveProjects(server);
    const r = await runCli(
      ['evaluate', '--all', '--project', 'default', '--env', 'development', '-o', 'csv', '--columns', 'feature'],
      { env: env() },
    );
    expect(r.code).toBe(0);
    expect((bodies[0] as { projects: unknown }).projects).toEqual(['default']);
    const names = playground.features.map((f: { name: string }) => f.name).sort();
    expect(r.stdout).toBe(`feature\r\n${names.join('\r\n')}\r\n`);
  });

  it('--expect: exit 0 when it holds, 3 (after printing) when it does not', async () => {
    routes();
    const ok = await runCli(
      ['evaluate', 'payments.kill-switch', '--env', 'development', '--expect', 'on', '-o', 'csv'],
      { env: env() },
    );
    expect(ok.code).toBe(0);
    routes();
    const bad = await runCli(['evaluate', 'retire-old-cart', '--env', 'development', '--expect', 'on', '-o', 'csv'], {
      env: env(),
    });
    expect(bad.code).toBe(3);
    expect(bad.stdout).toBe('name,enabled,variant,strategy\r\nretire-old-cart,false,,\r\n');
    expect(bad.stderr).toBe('flagctl: retire-old-cart is off in development for this context; expected on\n');
  });

  it('--fail-on off is --expect on, spelled as every gate spells it', async () => {
    routes();
    const bad = await runCli(['evaluate', 'retire-old-cart', '--env', 'development', '--fail-on', 'off', '-o', 'csv'], {
      env: env(),
    });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toBe('flagctl: retire-old-cart is off in development for this context; expected on\n');
    routes();
    const ok = await runCli(
      ['evaluate', 'payments.kill-switch', '--env', 'development', '--fail-on', 'off', '-o', 'csv'],
      { env: env() },
    );
    expect(ok.code).toBe(0);
    const both = await runCli(['evaluate', 'x', '--env', 'development', '--fail-on', 'off', '--expect', 'on'], {
      env: env(),
    });
    expect(both.code).toBe(2);
  });

  it('an unknown environment exits 5 listing the environments, before any playground request', async () => {
    server.json('/api/admin/environments', environments);
    const r = await runCli(['evaluate', 'x', '--env', 'prod'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: no environment "prod" on this server (--env); it has: development, production\n');
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/environments']);
  });

  it('a feature the playground does not know exits 5', async () => {
    routes();
    const r = await runCli(['evaluate', 'new-checkout-flow', 'nope', '--env', 'development'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: no feature named "nope" (archived flags are not evaluated)\n');
    expect(r.stdout).toBe('');
  });

  it.each([
    [
      ['evaluate', '--env', 'production'],
      'flagctl: name at least one feature, or use --all (with --project) for every flag of a project\n',
    ],
    [['evaluate', 'f'], 'flagctl: evaluate needs --env <environment>, e.g. --env production\n'],
    [
      ['evaluate', 'f', '--env', 'p', '-c', 'country'],
      'flagctl: --context "country": expected key=value, e.g. --context userId=42\n',
    ],
    [
      ['evaluate', 'f', '--env', 'p', '-c', 'userId=1', '-c', 'userId=2'],
      'flagctl: --context userId is given twice; give each context field once\n',
    ],
    [
      ['evaluate', 'f', 'g', '--env', 'p', '--expect', 'on'],
      'flagctl: --expect on checks exactly one feature; name one (not --all)\n',
    ],
    [['evaluate', 'f', '--env', 'p', '--expect', 'yes'], /--expect "yes": accepted: on, off/],
    [['evaluate', 'f', '--all', '--env', 'p'], 'flagctl: give feature names or --all, not both\n'],
    [['evaluate', 'f', '--env', 'p', '-c', 'currentTime=soon'], /currentTime="soon": expected an ISO 8601 date-time/],
  ])('usage error, nothing sent: %j', async (argv, message) => {
    expectUsageError(await runCli(argv as string[], { env: env() }), message, server);
  });

  it('a refused token exits 4 and the token appears nowhere', async () => {
    server.json(
      '/api/admin/environments',
      { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' },
      401,
    );
    const r = await runCli(['evaluate', 'f', '--env', 'production', '--debug'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });
});
