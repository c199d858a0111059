import { UsageError } from '../errors.js';
import type { Snapshot } from '../snapshot/model.js';
import type { EnvView } from './engine.js';

/** The environment of a snapshot file to compare: the one named, or the only one there is. */
export function fileEnvironment(snapshot: Snapshot, env: string | undefined, shown: string): string {
  const list = snapshot.environments.join(', ') || 'none';
  if (env === undefined) {
    if (snapshot.environments.length === 1) return snapshot.environments[0]!;
    throw new UsageError(
      `${shown}: the snapshot holds ${snapshot.environments.length} environments (${list}); name one as ${shown}:ENV`,
    );
  }
  if (!snapshot.environments.includes(env))
    throw new UsageError(`${shown}: no environment "${env}" in the snapshot (environments: ${list})`);
  return env;
}

/** One environment of a snapshot, limited to `only` when given. A feature without that environment is off, without strategies. */
export function envView(snapshot: Snapshot, env: string, only?: ReadonlySet<string>): EnvView {
  const features: EnvView['features'] = new Map();
  for (const feature of snapshot.features) {
    if (only && !only.has(feature.name)) continue;
    const at = feature.environments.find((e) => e.name === env) ?? {
      name: env,
      enabled: false,
      strategies: [],
      variants: [],
    };
    features.set(feature.name, { feature, env: at });
  }
  return { features, segments: new Map(snapshot.segments.map((s) => [s.name, s])) };
}
