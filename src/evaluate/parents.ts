import type { ApiClient } from '../api/http/client.js';
import { getFlag } from '../api/flag.js';
import type { PlaygroundFlag } from '../api/playground.js';
import type { Explanation, ParentCheck } from './explain.js';

// The playground says only that a parent dependency is unsatisfied. The feature record names
// the parents and what each must be; the same playground answer says what each parent is for
// this context. Fetched only for the features that need it, and only for the terminal view.

export async function addParents(client: ApiClient, list: Explanation[], answer: PlaygroundFlag[]): Promise<void> {
  const byName = new Map(answer.map((f) => [f.name, f]));
  await Promise.all(
    list
      .filter((e) => e.unsatisfiedDependency)
      .map(async (e) => {
        // A parent that cannot be looked up leaves the plain "not satisfied" line.
        const record = await getFlag(client, e.project ?? 'default', e.feature).catch(() => undefined);
        e.parents = (record?.dependencies ?? []).map((d): ParentCheck => {
          const parent = byName.get(d.feature);
          const variant =
            parent?.variant?.enabled && parent.variant.name !== 'disabled' ? parent.variant.name : undefined;
          return {
            feature: d.feature,
            wantEnabled: d.enabled !== false,
            wantVariants: d.variants ?? [],
            enabled: parent?.isEnabled,
            variant,
          };
        });
      }),
  );
}
