import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ChangeEvent } from '../../src/api/events.js';
import { summarize } from '../../src/history/summary.js';

const load = (v: string) =>
  (
    JSON.parse(readFileSync(new URL(`../fixtures/events-v${v}.json`, import.meta.url), 'utf8')) as {
      events: ChangeEvent[];
    }
  ).events;

const ev = (type: string, data: unknown, preData: unknown = null, environment: string | null = null): ChangeEvent => ({
  id: 1,
  type,
  createdBy: 'someone',
  createdAt: '2025-01-01T00:00:00.000Z',
  environment,
  data,
  preData,
});

describe('change summaries from real events', () => {
  for (const v of ['6', '8']) {
    it(`reads every event of a 6.10.1/8.2.0 history (v${v}) without the server's markdown`, () => {
      const lines = load(v).map((e) => `${e.type} | ${summarize(e)}`);
      expect(lines).toEqual([
        'feature-strategy-remove | strategy "Gradual" removed (was flexibleRollout, rollout 50%, stickiness sessionId, 1 constraint)',
        'feature-environment-variants-updated | variants: a added (100%)',
        'feature-untagged | tag team:search removed',
        'feature-stale-on | marked stale',
        'feature-metadata-updated | description changed',
        'feature-environment-disabled | disabled in production',
        'feature-environment-enabled | enabled in production',
        'feature-strategy-update | strategy "Gradual": title set to "Gradual"; rollout 5% → 50%; country IN: -DK',
        'feature-tagged | tag team:search added',
        'feature-environment-enabled | enabled in development',
        'feature-strategy-add | strategy added: flexibleRollout, rollout 5%, stickiness sessionId, 1 constraint',
        'feature-strategy-add | strategy added: flexibleRollout, rollout 100%, stickiness default',
        'feature-created | created as a release flag in project default',
      ]);
      for (const line of lines) expect(line).not.toMatch(/\*\*|\]\(/);
    });
  }
});

describe('strategy updates', () => {
  const base = {
    name: 'flexibleRollout',
    title: 'Gradual 25%',
    parameters: { rollout: '25', stickiness: 'default', groupId: 'g' },
    constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'], inverted: false, caseInsensitive: false }],
    segments: [1],
    variants: [],
  };
  it('names the rollout change with the title', () => {
    const after = { ...base, parameters: { ...base.parameters, rollout: '50' } };
    expect(summarize(ev('feature-strategy-update', after, base, 'production'))).toBe(
      'strategy "Gradual 25%": rollout 25% → 50%',
    );
  });
  it('lists constraints added, removed and changed, segments, variants and pausing', () => {
    const after = {
      ...base,
      disabled: true,
      constraints: [
        { contextName: 'plan', operator: 'IN', values: ['pro', 'enterprise'], inverted: false, caseInsensitive: false },
        { contextName: 'age', operator: 'NUM_GT', value: '18', values: [], inverted: true },
      ],
      segments: [2],
      variants: [{ name: 'blue', weight: 1000 }],
    };
    expect(summarize(ev('feature-strategy-update', after, base))).toBe(
      'strategy "Gradual 25%": disabled; plan IN: +enterprise; constraint added: age NOT NUM_GT 18; segment 2 added; segment 1 removed; variant blue added (100%)',
    );
  });
  it('says so when a save changed nothing visible, and copes with a missing preData', () => {
    expect(summarize(ev('feature-strategy-update', base, base))).toBe(
      'strategy "Gradual 25%": saved, nothing visible changed',
    );
    expect(summarize(ev('feature-strategy-update', base, null))).toMatch(
      /^strategy "Gradual 25%" updated: flexibleRollout, rollout 25%/,
    );
  });
  it('shows a single-value constraint change as old → new', () => {
    const pre = { name: 'default', constraints: [{ contextName: 'age', operator: 'NUM_GT', value: '18' }] };
    const post = { name: 'default', constraints: [{ contextName: 'age', operator: 'NUM_GT', value: '21' }] };
    expect(summarize(ev('feature-strategy-update', post, pre))).toBe('strategy default: age NUM_GT: 18 → 21');
  });
});

describe('other event types', () => {
  it('dependencies, metadata and types flagctl does not know', () => {
    expect(summarize(ev('feature-dependency-added', { feature: 'parent', enabled: true, variants: ['blue'] }))).toBe(
      'now depends on "parent" (enabled, variants blue)',
    );
    expect(
      summarize(ev('feature-metadata-updated', { type: 'experiment', impressionData: true }, { type: 'release' })),
    ).toBe('type release → experiment; impression data on');
    expect(summarize(ev('feature-something-new', { a: 1, b: 2 }, { a: 1, b: 3 }))).toBe('something new: b changed');
    expect(summarize(ev('feature-archived', null))).toBe('archived');
  });
  it('tolerates payloads of the wrong shape', () => {
    expect(summarize(ev('feature-strategy-add', 'oops'))).toBe('strategy added');
    expect(summarize(ev('feature-tagged', [1, 2]))).toBe('tag ? added');
    expect(summarize(ev('feature-strategy-update', { constraints: 'x', parameters: 5 }, { variants: {} }))).toBe(
      'strategy (unnamed): saved, nothing visible changed',
    );
  });
});

describe('the article before a flag type (issue 35 item 6)', () => {
  it('"an experiment", "an operational", "a release", "a kill-switch"', () => {
    expect(summarize(ev('feature-created', { type: 'experiment', project: 'web' }))).toBe(
      'created as an experiment flag in project web',
    );
    expect(summarize(ev('feature-created', { type: 'operational' }))).toBe('created as an operational flag');
    expect(summarize(ev('feature-created', { type: 'release' }))).toBe('created as a release flag');
    expect(summarize(ev('feature-created', { type: 'kill-switch' }))).toBe('created as a kill-switch flag');
  });
});
