import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';

// `feature history` says what a variant edit changed, with weights as percent, and checks
// --type against the event types real servers know.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

const variant = (name: string, weight: number, extra: Record<string, unknown> = {}) => ({
  name,
  weight,
  weightType: 'variable',
  stickiness: 'default',
  ...extra,
});

function serve(events: unknown[]) {
  server.route('/api/admin/search/events', (_req, res) => sendJson(res, 200, { events, total: events.length }));
}

const event = (type: string, preData: unknown, data: unknown) => ({
  id: 1,
  type,
  createdBy: 'admin',
  createdAt: '2026-11-23T10:00:00.000Z',
  environment: 'production',
  featureName: 'f',
  project: 'default',
  data,
  preData,
});

describe('feature history of variant edits', () => {
  it('names each variant added, removed, reweighted (in percent), with a new payload or overrides', async () => {
    serve([
      event(
        'feature-environment-variants-updated',
        {
          variants: [
            variant('red', 500, { payload: { type: 'string', value: 'a' } }),
            variant('blue', 500),
            variant('old', 0),
          ],
        },
        {
          variants: [
            variant('red', 300, { payload: { type: 'string', value: 'b' } }),
            variant('blue', 500, { overrides: [{ contextName: 'userId', values: ['alice'] }] }),
            variant('green', 200),
          ],
        },
      ),
    ]);
    const r = await runCli(['feature', 'history', 'f', '-o', 'csv', '--columns', 'summary'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      'summary\r\n"variants: green added (20%), old removed, red 50% → 30%, red payload string ""a"" → string ""b"", blue overrides (none) → userId=[alice]"\r\n',
    );
  });

  it('a strategy variant reweighted reads in percent', async () => {
    const strategy = (weight: number) => ({
      name: 'flexibleRollout',
      parameters: { rollout: '50' },
      constraints: [],
      variants: [variant('blue', weight)],
    });
    serve([event('feature-strategy-update', strategy(1000), strategy(333))]);
    const r = await runCli(['feature', 'history', 'f', '-o', 'csv', '--columns', 'summary'], { env: env() });
    expect(r.stdout).toBe('summary\r\nstrategy flexibleRollout: variant blue 100% → 33.3%\r\n');
  });

  it('--type bogus is exit 2 naming it, the server versions the list comes from and the types a feature has, before any request', async () => {
    expectUsageError(
      await runCli(['feature', 'history', 'f', '--type', 'feature-created,bogus'], { env: env() }),
      /^flagctl: --type "feature-created,bogus": unknown event type "bogus" \(flagctl's list holds the types of Unleash 6\.10\.1 and 8\.2\.0\); a feature's events are: .*feature-environment-variants-updated/,
      server,
    );
  });

  it('any type Unleash 6.10.1 or 8.2.0 records is accepted', async () => {
    serve([event('feature-completed', null, { status: 'kept' })]);
    const r = await runCli(
      [
        'feature',
        'history',
        'f',
        '--type',
        'feature-completed,strategy-order-changed',
        '-o',
        'csv',
        '--columns',
        'summary',
      ],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('summary\r\nmarked completed (kept)\r\n');
  });
});
