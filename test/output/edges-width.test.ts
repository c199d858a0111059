import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { displayWidth, graphemeWidth } from '../../src/output/width.js';

// Symbols that Unicode calls pictographic but that terminals draw in text form, one cell
// (©, ®, ™, ↔, ♠, ☀, ❤ and ☺ have no emoji presentation of their own): counted as two,
// they pushed every border after them one cell out of line. With U+FE0F, or an emoji
// presentation of their own (😀, ⌚, flags), they take two.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef', NO_COLOR: '1' });
const SEARCH = '/api/admin/search/features';
const feature = (name: string) => ({
  name,
  type: 'release',
  project: 'default',
  stale: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  environments: [],
});
const tableLines = (out: string) => out.split('\n').filter((l) => /^[┌├│└]/.test(l));

describe('text-presentation symbols take one cell', () => {
  it('each such symbol is one cell; with U+FE0F or an emoji presentation, two', () => {
    for (const s of ['©', '®', '™', '↔', '♠', '☀', '❤', '☺', '✔']) expect([s, graphemeWidth(s)]).toEqual([s, 1]);
    for (const s of ['❤\u{fe0f}', '☺\u{fe0f}', '😀', '⌚', '🇸🇪', '🛒', '👨\u200d👩\u200d👧', '👍🏽'])
      expect([s, graphemeWidth(s)]).toEqual([s, 2]);
    expect(displayWidth('acme™ ♠')).toBe(7);
  });

  it('a terminal table of names holding them lines up', async () => {
    // Every character here is one UTF-16 unit drawn in one cell: aligned lines have equal lengths.
    server.json(SEARCH, {
      features: [feature('acme™-rollout'), feature('♠-spade'), feature('a↔b'), feature('plain')],
      total: 4,
    });
    const r = await runCli(['features', 'search', '--columns', 'name,type'], {
      env: env(),
      stdoutIsTTY: true,
      columns: 100,
    });
    expect(r.code).toBe(0);
    const lengths = new Set(tableLines(r.stdout).map((l) => l.length));
    expect(lengths.size).toBe(1);
  });
});
