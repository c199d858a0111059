import type { PlaygroundContext, PlaygroundFlag } from '../api/playground.js';
import { contextValue } from './context.js';

/** Why a flag gave the variant it gave: an override that names this context, or the weights. */
export interface VariantOverride {
  contextName: string;
  value: string;
}

/**
 * The override that chose `variant`, when one did. Unleash checks environment variants'
 * overrides before their weights, but only when no matching strategy carries variants of its
 * own (those win), so the caller passes `strategyVariant` for the deciding strategy. The
 * playground answer lists the environment's variants with their overrides (`variants`).
 */
export function overrideFor(
  f: PlaygroundFlag,
  variant: string | undefined,
  strategyVariant: string | undefined,
  context: PlaygroundContext,
): VariantOverride | undefined {
  if (!variant || strategyVariant) return undefined;
  const variants = (f as { variants?: unknown }).variants;
  if (!Array.isArray(variants)) return undefined;
  // The first variant (in the server's order) with a matching override is the one given.
  for (const v of variants as { name?: unknown; overrides?: unknown }[]) {
    if (!Array.isArray(v.overrides)) continue;
    for (const o of v.overrides as { contextName?: unknown; values?: unknown }[]) {
      if (typeof o.contextName !== 'string' || !Array.isArray(o.values)) continue;
      const value = contextValue(context, o.contextName);
      if (value !== undefined && o.values.includes(value))
        return v.name === variant ? { contextName: o.contextName, value } : undefined;
    }
  }
  return undefined;
}
