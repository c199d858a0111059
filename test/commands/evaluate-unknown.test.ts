import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// The playground cannot evaluate a custom strategy: it answers `strategies.result: "unknown"`
// and isEnabled false (as an SDK without the strategy would). That is no answer to
// `--expect on` or `--expect off`, and rows say "unknown", never a bare false.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

/** retire-old-cart as 8.2.0 answers it with one custom strategy (shape of a real "unknown" answer). */
function undecided() {
  const answer = load('playground-v8.json');
  const f = answer.features.find((x: { name: string }) => x.name === 'retire-old-cart');
  f.strategies = {
    result: 'unknown',
    data: [
      {
        name: 'custom-tenant',
        id: 's1',
        disabled: false,
        parameters: { tenants: 'a,b' },
        result: { enabled: 'unknown', evaluationStatus: 'incomplete' },
        constraints: [],
        segments: [],
      },
    ],
  };
  f.isEnabled = false;
  server.json('/api/admin/environments', load('environments-v8.json'));
  server.route('/api/admin/playground', (_req, res) => sendJson(res, 200, answer), 'POST');
}

const WHY =
  'flagctl: retire-old-cart could not be evaluated fully in development for this context (the server answered "unknown": a strategy it cannot evaluate, such as a custom one); --expect';

describe('evaluate with an answer the server could not decide', () => {
  it.each(['off', 'on'])('--expect %s exits 3 and says why', async (expected) => {
    undecided();
    const r = await runCli(['evaluate', 'retire-old-cart', '--env', 'development', '--expect', expected, '-o', 'csv'], {
      env: env(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`${WHY} ${expected} is not confirmed\n`);
    expect(r.stdout).toBe('name,enabled,variant,strategy\r\nretire-old-cart,unknown,,\r\n');
  });

  it('ndjson carries "unknown", and the terminal says UNKNOWN, not OFF', async () => {
    undecided();
    const nd = await runCli(['evaluate', 'retire-old-cart', '--env', 'development', '-o', 'ndjson'], { env: env() });
    expect(nd.code).toBe(0);
    expect(JSON.parse(nd.stdout)).toEqual({
      name: 'retire-old-cart',
      enabled: 'unknown',
      variant: null,
      strategy: null,
    });
    undecided();
    const tty = await runCli(['evaluate', 'retire-old-cart', '--env', 'development'], {
      env: { ...env(), NO_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(tty.stdout.split('\n').slice(0, 2)).toEqual([
      'retire-old-cart  UNKNOWN  in development',
      '  the server could not evaluate it fully (a disabled or custom strategy)',
    ]);
  });

  it('-o json is the server document as sent, which holds the unknown result', async () => {
    undecided();
    const r = await runCli(['evaluate', 'retire-old-cart', '--env', 'development', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).features[0].strategies.result).toBe('unknown');
  });
});
