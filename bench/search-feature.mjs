// One realistic search result, generated from its index: the bench fixture server's pages and
// the JSON-parse bench use the same documents.

const TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission'];
const STAGES = ['initial', 'pre-live', 'live', 'completed'];
export const BASE = Date.parse('2025-01-01T00:00:00.000Z');

export function searchFeature(i) {
  const created = new Date(BASE + i * 60_000).toISOString();
  return {
    name: `bench.feature-${String(i).padStart(6, '0')}`,
    type: TYPES[i % TYPES.length],
    description: `Benchmark feature number ${i}, generated on the fly`,
    dependencyType: null,
    project: 'default',
    stale: i % 25 === 0,
    favorite: false,
    impressionData: i % 3 === 0,
    createdAt: created,
    lastSeenAt: null,
    environments: ['development', 'staging', 'production'].map((env, k) => ({
      name: env,
      type: env,
      enabled: (i + k) % 2 === 0,
      sortOrder: k,
      variantCount: 0,
      lastSeenAt: k === 0 ? created : null,
      hasStrategies: true,
      hasEnabledStrategies: true,
      yes: i % 100,
      no: i % 7,
    })),
    segments: [],
    tags: [
      { type: 'simple', value: `group-${i % 10}` },
      { type: 'team', value: i % 2 ? 'growth' : 'platform' },
    ],
    lifecycle: { stage: STAGES[i % STAGES.length], status: null, enteredStageAt: created },
    createdBy: { id: 1, name: 'bench', imageUrl: '' },
  };
}
