import { describe, expect, it } from 'vitest';
import { diffViews, type FlagChange } from '../../src/diff/engine.js';
import { envView } from '../../src/diff/view.js';
import { parseSide } from '../../src/diff/sides.js';
import { buildSnapshot, type SourceFlag, type SourceStrategy } from '../../src/snapshot/build.js';
import { canonicalJson } from '../../src/snapshot/canonical.js';
import type { Snapshot } from '../../src/snapshot/model.js';

// The snapshot model and the drift rules, without a server.

const rollout = (over: Partial<SourceStrategy> = {}): SourceStrategy => ({
  id: 'id-1',
  name: 'flexibleRollout',
  title: null,
  disabled: false,
  sortOrder: 0,
  parameters: { rollout: '50', stickiness: 'default', groupId: 'f' },
  constraints: [
    { contextName: 'country', operator: 'IN', values: ['NO', 'DE', 'SE'], inverted: false, caseInsensitive: false },
  ],
  segments: [7],
  variants: [],
  ...over,
});

function feature(strategies: SourceStrategy[], over: Partial<SourceFlag> = {}): SourceFlag {
  return {
    name: 'f',
    type: 'release',
    description: 'd',
    stale: false,
    impressionData: false,
    tags: [],
    dependencies: [],
    environments: new Map([['production', { enabled: true, strategies, variants: [] }]]),
    ...over,
  };
}

function snap(features: SourceFlag[], segments: [number, string][] = [[7, 'beta-testers']]): Snapshot {
  return buildSnapshot({
    project: 'default',
    environments: ['production'],
    features,
    segments: new Map(segments.map(([id, name]) => [id, { name, constraints: [] }])),
  });
}

function diff(left: Snapshot, right: Snapshot, flagFields = false): FlagChange[] {
  return diffViews(envView(left, 'production'), envView(right, 'production'), { flagFields });
}

describe('snapshot', () => {
  it('is canonical: the same content in any server order gives the same bytes', () => {
    const a = rollout({ id: 'a', parameters: { rollout: '50', groupId: 'f', stickiness: 'default' } });
    const b = rollout({ id: 'b', name: 'default', parameters: {}, constraints: [], segments: [] });
    const one = snap([
      feature([a, b], { name: 'x' }),
      feature([b], {
        name: 'a',
        tags: [
          { type: 't', value: '2' },
          { type: 't', value: '1' },
        ],
      }),
    ]);
    const reversedConstraints = rollout({
      id: 'c',
      parameters: { stickiness: 'default', groupId: 'f', rollout: '50' },
      constraints: [
        { contextName: 'country', operator: 'IN', values: ['SE', 'NO', 'DE'], inverted: false, caseInsensitive: false },
      ],
    });
    const two = snap([
      feature([b, b].slice(1), {
        name: 'a',
        tags: [
          { type: 't', value: '1' },
          { type: 't', value: '2' },
        ],
      }),
      feature([{ ...b, id: 'z' }, reversedConstraints], { name: 'x' }),
    ]);
    expect(canonicalJson(one)).toBe(canonicalJson(two));
    expect(one.features.map((f) => f.name)).toEqual(['a', 'x']);
    expect(one.features[0]!.tags).toEqual([
      { type: 't', value: '1' },
      { type: 't', value: '2' },
    ]);
    expect(one.features[1]!.environments[0]!.strategies[1]!.constraints[0]!.values).toEqual(['DE', 'NO', 'SE']);
  });

  it('sorts keys at every level and carries the format and its version', () => {
    const text = canonicalJson(snap([feature([rollout()])]));
    const top = Object.keys(JSON.parse(text));
    expect(top).toEqual([...top].sort());
    expect(JSON.parse(text)).toMatchObject({ format: 'flagctl-snapshot', version: 2, project: 'default' });
    const params = JSON.parse(text).features[0].environments[0].strategies[0].parameters;
    expect(Object.keys(params)).toEqual(['groupId', 'rollout', 'stickiness']);
  });

  it('leaves out ids, sort orders and timestamps', () => {
    const withNoise = { ...rollout(), createdAt: '2026-01-01T00:00:00Z', lastSeenAt: 'x' } as SourceStrategy;
    const text = canonicalJson(
      snap([feature([withNoise], { createdAt: '2026-01-01', lastSeenAt: 'y' } as Partial<SourceFlag>)]),
    );
    for (const word of ['"id"', 'sortOrder', 'createdAt', 'lastSeenAt', 'id-1']) expect(text).not.toContain(word);
  });

  it('names segments instead of their server ids, and holds those used (an unknown id is an error, not a guess)', () => {
    const s = snap(
      [feature([rollout({ segments: [7, 9] })])],
      [
        [7, 'beta-testers'],
        [9, 'staff'],
        [3, 'unused'],
      ],
    );
    expect(s.features[0]!.environments[0]!.strategies[0]!.segments).toEqual(['beta-testers', 'staff']);
    expect(s.segments.map((x) => x.name)).toEqual(['beta-testers', 'staff']);
    expect(() => snap([feature([rollout({ segments: [7, 9] })])], [[7, 'beta-testers']])).toThrow(/segment id 9/);
  });
});

describe('diff rules', () => {
  it('strategy ids, strategy order and constraint value order are not drift', () => {
    const a = rollout({ id: 'a' });
    const b = rollout({ id: 'b', name: 'default', parameters: {}, constraints: [] });
    const left = snap([feature([a, b])]);
    const right = snap([
      feature([
        { ...b, id: 'x', sortOrder: 5 },
        { ...a, id: 'y', constraints: [{ ...a.constraints![0]!, values: ['SE', 'DE', 'NO'] }] },
      ]),
    ]);
    expect(diff(left, right)).toEqual([]);
  });

  it('segment ids map to names per side: the same segment under two ids is not drift, another name is', () => {
    const left = snap([feature([rollout({ segments: [7] })])], [[7, 'beta-testers']]);
    const same = snap([feature([rollout({ segments: [42] })])], [[42, 'beta-testers']]);
    const other = snap([feature([rollout({ segments: [7] })])], [[7, 'staff']]);
    expect(diff(left, same)).toEqual([]);
    expect(diff(left, other)).toEqual([
      {
        name: 'f',
        change: 'changed',
        fields: [{ path: 'strategies[flexibleRollout].segments', left: ['beta-testers'], right: ['staff'] }],
      },
    ]);
  });

  it('names exactly the field that changed', () => {
    const left = snap([feature([rollout()])]);
    const right = snap([feature([rollout({ parameters: { rollout: '75', stickiness: 'default', groupId: 'f' } })])]);
    expect(diff(left, right)[0]!.fields).toEqual([
      { path: 'strategies[flexibleRollout].parameters.rollout', left: '50', right: '75' },
    ]);
  });

  it('pairs constraints by context and operator and shows the values that changed', () => {
    const left = snap([feature([rollout()])]);
    const c = { contextName: 'country', operator: 'IN', values: ['NO', 'DE'], inverted: false, caseInsensitive: false };
    const right = snap([feature([rollout({ constraints: [c] })])]);
    expect(diff(left, right)[0]!.fields).toEqual([
      {
        path: 'strategies[flexibleRollout].constraints[country IN].values',
        left: ['DE', 'NO', 'SE'],
        right: ['DE', 'NO'],
      },
    ]);
  });

  it('features only on one side are added or removed, with what they hold', () => {
    const left = snap([feature([rollout()], { name: 'only-left' })]);
    const right = snap([feature([], { name: 'only-right' })]);
    const changes = diff(left, right);
    expect(changes.map((c) => [c.name, c.change])).toEqual([
      ['only-left', 'removed'],
      ['only-right', 'added'],
    ]);
    expect(changes[0]!.fields.map((f) => f.path)).toEqual(['enabled', 'strategies[flexibleRollout]']);
    expect(changes[1]!.fields).toEqual([{ path: 'enabled', left: null, right: true }]);
  });

  it('feature-level fields only between two sources', () => {
    const left = snap([feature([], { description: 'old', tags: [{ type: 'team', value: 'a' }] })]);
    const right = snap([feature([], { description: 'new', tags: [{ type: 'team', value: 'b' }] })]);
    expect(diff(left, right, false)).toEqual([]);
    expect(diff(left, right, true)[0]!.fields).toEqual([
      { path: 'description', left: 'old', right: 'new' },
      { path: 'tags', left: ['team:a'], right: ['team:b'] },
    ]);
  });

  it('strategy order counts where variants make it count, and only there', () => {
    const v = [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }];
    const withVariants = rollout({ id: 'a', sortOrder: 0, variants: v });
    const plain = rollout({ id: 'b', name: 'default', parameters: {}, constraints: [], segments: [], sortOrder: 1 });
    const left = snap([feature([withVariants, plain])]);
    const swapped = snap([
      feature([
        { ...withVariants, sortOrder: 1 },
        { ...plain, sortOrder: 0 },
      ]),
    ]);
    expect(left.features[0]!.environments[0]!.ordered).toBe(true);
    // Only the order changed: each strategy that moved, from its place to the other.
    expect(diff(left, swapped)[0]!.fields).toEqual([
      { path: 'strategies[flexibleRollout].moved', left: 1, right: 2 },
      { path: 'strategies[default].moved', left: 2, right: 1 },
    ]);
    // Without variants the same swap is no drift.
    const a = snap([feature([{ ...withVariants, variants: [] }, plain])]);
    const b = snap([
      feature([
        { ...withVariants, variants: [], sortOrder: 1 },
        { ...plain, sortOrder: 0 },
      ]),
    ]);
    expect(a.features[0]!.environments[0]!.ordered).toBeUndefined();
    expect(diff(a, b)).toEqual([]);
    // A disabled strategy does not take part in evaluation, so its place does not count.
    const off = snap([feature([withVariants, { ...plain, disabled: true }])]);
    expect(off.features[0]!.environments[0]!.ordered).toBeUndefined();
  });

  it('a renamed strategy title pairs by name and shows the title', () => {
    const left = snap([feature([rollout({ title: 'EU beta' })])]);
    const right = snap([feature([rollout({ title: 'EU launch' })])]);
    expect(diff(left, right)[0]!.fields).toEqual([
      { path: 'strategies[flexibleRollout "EU beta"].title', left: 'EU beta', right: 'EU launch' },
    ]);
  });

  it('environment variants pair by name', () => {
    const env = (weight: number) =>
      new Map([
        [
          'production',
          {
            enabled: true,
            strategies: [],
            variants: [{ name: 'a', weight, weightType: 'fix', stickiness: 'default' }],
          },
        ],
      ]);
    const changes = diff(
      snap([feature([], { environments: env(100) })]),
      snap([feature([], { environments: env(200) })]),
    );
    expect(changes[0]!.fields).toEqual([{ path: 'variants[a].weight', left: 100, right: 200 }]);
  });
});

describe('sides', () => {
  const none = () => false;
  it('reads ENV, PROFILE:ENV, @FILE and @FILE:ENV', () => {
    expect(parseSide('production', 'left', none)).toMatchObject({ kind: 'env', env: 'production' });
    expect(parseSide('prod:production', 'left', none)).toMatchObject({
      kind: 'profile',
      profile: 'prod',
      env: 'production',
    });
    expect(parseSide('@snap.json', 'left', none)).toEqual({ kind: 'file', text: '@snap.json', path: 'snap.json' });
    expect(parseSide('@dir/snap.json:production', 'left', none)).toMatchObject({
      kind: 'file',
      path: 'dir/snap.json',
      env: 'production',
    });
    // A file whose own name has a colon is that file.
    expect(parseSide('@a:b.json', 'left', (p) => p === 'a:b.json')).toEqual({
      kind: 'file',
      text: '@a:b.json',
      path: 'a:b.json',
    });
  });

  it('refuses sides with a part missing, naming the side and the accepted forms', () => {
    for (const bad of ['', '@', '@:production', '@snap.json:', ':production', 'prod:', 'a:b:c']) {
      expect(() => parseSide(bad, 'right', none)).toThrow(
        /^right side ".*": .*; expected ENV, PROFILE:ENV, @FILE or @FILE:ENV$/,
      );
    }
  });
});
