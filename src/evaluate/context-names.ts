import type { PlaygroundFlag } from '../api/playground.js';
import { TOP_LEVEL_FIELDS } from './context.js';

// The playground takes any property and evaluates a constraint on a field it was not given as
// unmet, so a mistyped --context name reads as a real "off". A name counts as known when it is a
// standard field or one a constraint (or the stickiness) of the feature's strategies and
// segments names; the rest are checked against the server's context fields.

/** The context names the feature's evaluation reads: constraints, segments' constraints, stickiness (the strategy's and its variants'). */
export function namesUsedBy(feature: PlaygroundFlag): Set<string> {
  const used = new Set<string>(TOP_LEVEL_FIELDS);
  for (const s of feature.strategies?.data ?? []) {
    for (const c of s.constraints ?? []) used.add(c.contextName);
    for (const seg of s.segments ?? []) for (const c of seg.constraints ?? []) used.add(c.contextName);
    const stickiness = s.parameters?.stickiness;
    if (typeof stickiness === 'string') used.add(stickiness);
    const variants = (s as { variants?: unknown }).variants;
    if (Array.isArray(variants))
      for (const v of variants as { stickiness?: unknown }[])
        if (typeof v?.stickiness === 'string') used.add(v.stickiness);
  }
  return used;
}

/** The given names that the feature's evaluation does not read, in the order given. */
export function namesNotUsed(given: Iterable<string>, feature: PlaygroundFlag): string[] {
  const used = namesUsedBy(feature);
  return [...given].filter((n) => !used.has(n));
}
