import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// The contract lets a feature environment leave out `strategies`; `feature get` said
// "no strategies" for one, which is what an empty list says. An environment the server
// sent without them says they were not sent, unless the server says there are none.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
const PATH = '/api/admin/projects/default/features/checkout-v2';
const base = JSON.parse(readFileSync(new URL('../fixtures/feature.json', import.meta.url), 'utf8'));

const withDev = (e: Record<string, unknown>) => ({
  ...base,
  environments: [{ name: 'dev', type: 'development', enabled: true, variants: [], ...e }],
});

describe('feature get, an environment without its strategies', () => {
  it('says they were not sent, rather than "no strategies"', async () => {
    server.json(PATH, withDev({}));
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Environment dev (development): enabled, last seen never\n  strategies not sent by the server\n',
    );
    expect(r.stdout).not.toContain('no strategies');
  });

  it('an empty list, or hasStrategies: false, is "no strategies"', async () => {
    server.json(PATH, withDev({ strategies: [] }));
    expect((await runCli(['feature', 'get', 'checkout-v2'], { env: env() })).stdout).toContain(
      'enabled, last seen never\n  no strategies\n',
    );
    server.reset();
    server.json(PATH, withDev({ hasStrategies: false }));
    expect((await runCli(['feature', 'get', 'checkout-v2'], { env: env() })).stdout).toContain(
      'enabled, last seen never\n  no strategies\n',
    );
  });

  it('the rows count them as unknown, not 0 (variants from variantCount when sent)', async () => {
    server.json(PATH, withDev({ variants: undefined, variantCount: 2 }));
    const r = await runCli(
      ['feature', 'get', 'checkout-v2', '-o', 'csv', '--columns', 'environment,strategies,variants'],
      { env: env() },
    );
    expect(r.stdout).toBe('environment,strategies,variants\r\ndev,,2\r\n');
    server.reset();
    server.json(PATH, withDev({ strategies: [], variants: undefined }));
    const json = await runCli(
      ['feature', 'get', 'checkout-v2', '-o', 'ndjson', '--columns', 'environment,strategies,variants'],
      { env: env() },
    );
    expect(json.stdout).toBe('{"environment":"dev","strategies":0,"variants":null}\n');
  });
});
