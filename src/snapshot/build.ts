import { RequestError } from '../errors.js';
import { compareText, sortByContent } from './canonical.js';
import {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  strategyOrderMatters,
  type SnapConstraint,
  type SnapEnvironment,
  type SnapFlag,
  type SnapSegment,
  type SnapStrategy,
  type SnapVariant,
  type Snapshot,
} from './model.js';

// From what a server sends (per-feature documents) to the snapshot.
// Everything server-specific is dropped here: ids, sort orders, timestamps, counters.

type Maybe<T> = T | null | undefined;

export interface SourceConstraint {
  contextName: string;
  operator: string;
  inverted?: Maybe<boolean>;
  caseInsensitive?: Maybe<boolean>;
  values?: Maybe<string[]>;
  value?: Maybe<string>;
}

export interface SourceVariant {
  name: string;
  weight: number;
  weightType?: Maybe<string>;
  stickiness?: Maybe<string>;
  payload?: Maybe<{ type: string; value: string }>;
  overrides?: Maybe<{ contextName: string; values?: Maybe<string[]> }[]>;
}

export interface SourceStrategy {
  id?: Maybe<string>;
  name: string;
  title?: Maybe<string>;
  disabled?: Maybe<boolean>;
  sortOrder?: Maybe<number>;
  parameters?: Maybe<Record<string, unknown>>;
  constraints?: Maybe<SourceConstraint[]>;
  segments?: Maybe<number[]>;
  variants?: Maybe<SourceVariant[]>;
}

export interface SourceEnvironment {
  enabled?: Maybe<boolean>;
  strategies: SourceStrategy[];
  variants?: Maybe<SourceVariant[]>;
}

export interface SourceFlag {
  name: string;
  type?: Maybe<string>;
  description?: Maybe<string>;
  stale?: Maybe<boolean>;
  impressionData?: Maybe<boolean>;
  tags: { type: string; value: string }[];
  dependencies: { feature: string; enabled?: Maybe<boolean>; variants?: Maybe<string[]> }[];
  /** By environment name. An environment missing here is exported as off, without strategies. */
  environments: Map<string, SourceEnvironment>;
}

export interface SourceProject {
  project: string;
  environments: string[];
  features: SourceFlag[];
  /** Segment definitions by server id. */
  segments: Map<number, SourceSegment>;
}

export interface SourceSegment {
  name: string;
  constraints: SourceConstraint[];
}

export function buildSnapshot(source: SourceProject): Snapshot {
  const environments = [...new Set(source.environments)].sort(compareText);
  const used = new Map<number, SourceSegment>();
  // A strategy naming a segment the server does not define cannot be judged: an error, not a guess.
  const segmentName = (id: number) => {
    const s = source.segments.get(id);
    if (!s)
      throw new RequestError(
        `a strategy uses segment id ${id}, which the server's segment list (GET /api/admin/segments) does not hold`,
      );
    used.set(id, s);
    return s.name;
  };
  const features = source.features
    .map((f) => snapFlag(f, environments, segmentName))
    .sort((a, b) => compareText(a.name, b.name));
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    project: source.project,
    environments,
    features,
    segments: snapSegments([...used.values()]),
  };
}

/** By name; two segments of one name (a server should not allow it) by content. */
function snapSegments(segments: SourceSegment[]): SnapSegment[] {
  const out = sortByContent(
    segments.map((s) => ({ name: s.name, constraints: sortByContent((s.constraints ?? []).map(snapConstraint)) })),
  );
  return out.sort((a, b) => compareText(a.name, b.name));
}

function snapFlag(f: SourceFlag, environments: string[], segmentName: (id: number) => string): SnapFlag {
  return {
    name: f.name,
    type: f.type ?? null,
    description: f.description || null,
    stale: f.stale === true,
    impressionData: f.impressionData === true,
    tags: sortByContent(f.tags.map((t) => ({ type: t.type, value: t.value }))),
    dependencies: f.dependencies
      .map((d) => ({
        feature: d.feature,
        enabled: d.enabled !== false,
        variants: [...(d.variants ?? [])].sort(compareText),
      }))
      .sort((a, b) => compareText(a.feature, b.feature)),
    environments: environments.map((name) => snapEnvironment(name, f.environments.get(name), segmentName)),
  };
}

function snapEnvironment(
  name: string,
  env: SourceEnvironment | undefined,
  segmentName: (id: number) => string,
): SnapEnvironment {
  const source = env?.strategies ?? [];
  const ordered = strategyOrderMatters(source);
  const strategies = ordered
    ? inEvaluationOrder(source, segmentName)
    : sortByContent(source.map((s) => snapStrategy(s, segmentName)));
  return {
    name,
    enabled: env?.enabled === true,
    ...(ordered ? { ordered: true as const } : {}),
    strategies,
    variants: snapVariants(env?.variants),
  };
}

/** By the server's sortOrder; ties (and strategies without one) by content, so the result is stable. */
function inEvaluationOrder(source: SourceStrategy[], segmentName: (id: number) => string): SnapStrategy[] {
  const byContent = sortByContent(
    source.map((s) => ({ order: s.sortOrder ?? Infinity, strategy: snapStrategy(s, segmentName) })),
  );
  return byContent.sort((a, b) => a.order - b.order).map((x) => x.strategy);
}

function snapStrategy(s: SourceStrategy, segmentName: (id: number) => string): SnapStrategy {
  return {
    name: s.name,
    ...(s.title ? { title: s.title } : {}),
    disabled: s.disabled === true,
    parameters: ownEntries(s.parameters),
    constraints: sortByContent((s.constraints ?? []).map(snapConstraint)),
    segments: (s.segments ?? []).map(segmentName).sort(compareText),
    variants: snapVariants(s.variants),
  };
}

function snapConstraint(c: SourceConstraint): SnapConstraint {
  const values = [...(c.values ?? [])].sort(compareText);
  return {
    contextName: c.contextName,
    operator: c.operator,
    inverted: c.inverted === true,
    caseInsensitive: c.caseInsensitive === true,
    ...(values.length > 0 ? { values } : {}),
    ...(typeof c.value === 'string' && c.value !== '' ? { value: c.value } : {}),
  };
}

function snapVariants(variants: Maybe<SourceVariant[]>): SnapVariant[] {
  return (variants ?? [])
    .map((v): SnapVariant => {
      const overrides = v.overrides
        ?.map((o) => ({ contextName: o.contextName, values: [...(o.values ?? [])].sort(compareText) }))
        .sort(
          (a, b) => compareText(a.contextName, b.contextName) || compareText(a.values.join(','), b.values.join(',')),
        );
      return {
        name: v.name,
        weight: v.weight,
        weightType: v.weightType ?? null,
        stickiness: v.stickiness ?? null,
        ...(v.payload ? { payload: { type: v.payload.type, value: v.payload.value } } : {}),
        ...(overrides && overrides.length > 0 ? { overrides } : {}),
      };
    })
    .sort((a, b) => compareText(a.name, b.name));
}

/**
 * Untrusted keys stay data: a parameter named `__proto__` is an own property of a
 * null-prototype object, never the object's prototype.
 */
export function ownEntries(o: Maybe<Record<string, unknown>>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  if (o) for (const k of Object.keys(o)) out[k] = o[k];
  return out;
}
