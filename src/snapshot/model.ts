// The snapshot: flag configuration as `flagctl export` writes it and `flagctl diff` reads it.
// Only what decides how flags evaluate, and what a person set by hand, is kept. Server ids,
// timestamps, counters and metrics are left out, so an unchanged server exports the same bytes.
// Lists are arrays sorted by name or content (never objects keyed by server strings, so a
// feature named `__proto__` is just a name).

export const SNAPSHOT_FORMAT = 'flagctl-snapshot';
// Version 2 added `segments` (their constraints decide who a strategy reaches).
export const SNAPSHOT_VERSION = 2;

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  project: string;
  /** The environments exported, sorted. Every feature has an entry for each. */
  environments: string[];
  /** Sorted by name. */
  features: SnapFlag[];
  /** Every segment a strategy here uses, by name, with its constraints; sorted by name. */
  segments: SnapSegment[];
}

export interface SnapSegment {
  name: string;
  /** Sorted by content, each constraint's values sorted (as a strategy's). */
  constraints: SnapConstraint[];
}

export interface SnapFlag {
  name: string;
  type: string | null;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
  /** Sorted by type, then value. */
  tags: SnapTag[];
  /** The parents this feature depends on, sorted by parent name. */
  dependencies: SnapDependency[];
  /** Sorted by name. */
  environments: SnapEnvironment[];
}

export interface SnapTag {
  type: string;
  value: string;
}

export interface SnapDependency {
  feature: string;
  enabled: boolean;
  /** Sorted. */
  variants: string[];
}

export interface SnapEnvironment {
  name: string;
  enabled: boolean;
  /**
   * Present (true) when strategy order changes evaluation here: more than one enabled strategy,
   * and at least one of them carries variants. Then `strategies` is in evaluation order;
   * otherwise it is sorted by content.
   */
  ordered?: true;
  strategies: SnapStrategy[];
  /** The environment's own variants, sorted by name. */
  variants: SnapVariant[];
}

export interface SnapStrategy {
  name: string;
  /** Left out when the strategy has no title. */
  title?: string;
  disabled: boolean;
  parameters: Record<string, unknown>;
  /** Sorted by content; each constraint's values sorted. */
  constraints: SnapConstraint[];
  /** Segment names (not server ids), sorted. */
  segments: string[];
  /** Sorted by name. */
  variants: SnapVariant[];
}

export interface SnapConstraint {
  contextName: string;
  operator: string;
  inverted: boolean;
  caseInsensitive: boolean;
  /** Multi-value operators (IN, STR_CONTAINS, ...): sorted; absent when empty. */
  values?: string[];
  /** Single-value operators (NUM_*, DATE_*, SEMVER_*, REGEX); absent when not set. */
  value?: string;
}

export interface SnapVariant {
  name: string;
  weight: number;
  weightType: string | null;
  stickiness: string | null;
  payload?: { type: string; value: string };
  /** Environment variants only: sorted by context name, values sorted. */
  overrides?: { contextName: string; values: string[] }[];
}

/** The rule for `ordered`: order changes the result only when variants are involved. */
export function strategyOrderMatters(
  strategies: readonly { disabled?: boolean | null; variants?: readonly unknown[] | null }[],
): boolean {
  const enabled = strategies.filter((s) => !s.disabled);
  return enabled.length > 1 && enabled.some((s) => (s.variants?.length ?? 0) > 0);
}

/** A short human label for a strategy: its name, and its title when it has one. */
export function strategyLabel(s: Pick<SnapStrategy, 'name' | 'title'>): string {
  return s.title ? `${s.name} "${s.title}"` : s.name;
}
