import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// An event that does not carry the variants before or after the edit cannot say that "nothing
// visible changed", nor that every variant was "added": it says what it does know.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
const v = (name: string, weight: number) => ({ name, weight, weightType: 'variable', stickiness: 'default' });

function summaries(events: { data: unknown; preData: unknown }[]) {
  const all = events.map((e, i) => ({
    id: 100 - i,
    type: 'feature-environment-variants-updated',
    createdBy: 'a',
    createdAt: '2026-11-23T10:00:00.000Z',
    environment: 'production',
    ...e,
  }));
  server.route('/api/admin/search/events', (_req, res) => sendJson(res, 200, { events: all, total: all.length }));
  return runCli(['feature', 'history', 'f', '--all', '--columns', 'summary', '--no-headers'], { env: env() });
}

describe('feature history, a variants event without its variants', () => {
  it('says what it knows', async () => {
    const r = await summaries([
      { data: null, preData: null },
      { data: {}, preData: {} },
      { data: { variants: [v('red', 500), v('blue', 500)] }, preData: null },
      { data: { variants: [] }, preData: {} },
      { data: null, preData: { variants: [v('red', 1000)] } },
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'variants updated (the event does not say to what)',
      'variants updated (the event does not say to what)',
      'variants set to red (50%), blue (50%) (the event does not say what they were)',
      'variants set to none (the event does not say what they were)',
      'variants updated (the event does not say to what)',
    ]);
  });

  it('with both sides, as before', async () => {
    const r = await summaries([
      { data: { variants: [v('red', 500)] }, preData: { variants: [v('red', 500)] } },
      { data: { variants: [v('red', 300)] }, preData: { variants: [v('red', 500)] } },
    ]);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'variants saved, nothing visible changed',
      'variants: red 50% → 30%',
    ]);
  });
});
