import type { PlaygroundConstraint, PlaygroundContext, PlaygroundFlag, PlaygroundStrategy } from '../api/playground.js';
import { contextValue } from './context.js';
import { overrideFor, type VariantOverride } from './override.js';

// Why a flag is on or off for a context, read from the playground's answer. Nothing here is
// evaluated by flagctl: every ✓ and ✗ is the server's own result; flagctl only arranges them
// and adds the context value each constraint was checked against.

/** true, false, or unknown when the server could not evaluate it (a disabled or custom strategy). */
export type Outcome = boolean | 'unknown';

export interface ConstraintCheck {
  contextName: string;
  operator: string;
  inverted: boolean;
  caseInsensitive: boolean;
  values: string[];
  result: Outcome;
  /** The value sent for contextName; undefined when the context did not give one. */
  contextValue?: string;
  /** The user gave this field (appName may be flagctl's placeholder otherwise). */
  given: boolean;
}

export interface SegmentCheck {
  name: string;
  result: Outcome;
  constraints: ConstraintCheck[];
}

export interface StrategyCheck {
  /** The title when it has one, else the strategy name. */
  label: string;
  name: string;
  title?: string;
  disabled: boolean;
  result: Outcome;
  /** Short parameter notes: "rollout 50%", "stickiness userId", "IPs 10.0.0.0/8". */
  parameters: string[];
  constraints: ConstraintCheck[];
  segments: SegmentCheck[];
  variant?: string;
  /** Constraints and segments all passed, yet the strategy said no: its parameters (rollout, user list, IPs) excluded the context. */
  excludedByParameters: boolean;
}

export type Reason =
  | 'strategy' // a strategy matched
  | 'environment-off' // the flag is off in this environment
  | 'dependency' // a parent dependency is not satisfied
  | 'no-strategy-matched'
  | 'unknown';

/** A parent dependency: what it must be, and what it is for this context (when the answer had it). */
export interface ParentCheck {
  feature: string;
  wantEnabled: boolean;
  /** Variants the parent must have (empty: any). */
  wantVariants: string[];
  enabled?: boolean;
  variant?: string;
}

export interface Explanation {
  feature: string;
  project?: string;
  environment: string;
  /** The server's isEnabled: false also when it could not decide (see `state`). */
  enabled: boolean;
  /**
   * What the evaluation says: "unknown" when the server could not decide (a strategy it cannot
   * evaluate, such as a custom one: `strategies.result: "unknown"`). It reports isEnabled false
   * then, as SDKs without that strategy would, but the flag may well be on.
   */
  state: 'on' | 'off' | 'unknown';
  /** The variant's name when the flag gave one ("disabled" counts as none). */
  variant?: string;
  /** Set when an environment variant's override for this context chose the variant. */
  variantOverride?: VariantOverride;
  reason: Reason;
  /** The strategy that decided an "on". */
  decidedBy?: StrategyCheck;
  strategies: StrategyCheck[];
  environmentEnabled: boolean;
  unsatisfiedDependency: boolean;
  /** Filled in when the feature record was fetched (terminal view only). */
  parents?: ParentCheck[];
}

const outcome = (v: unknown): Outcome => (v === true ? true : v === false ? false : 'unknown');

function checkConstraint(c: PlaygroundConstraint, context: PlaygroundContext, given: Set<string>): ConstraintCheck {
  return {
    contextName: c.contextName,
    operator: c.operator,
    inverted: c.inverted === true,
    caseInsensitive: c.caseInsensitive === true,
    values: c.values && c.values.length > 0 ? c.values : c.value != null ? [c.value] : [],
    result: outcome(c.result),
    contextValue: contextValue(context, c.contextName),
    given: given.has(c.contextName),
  };
}

/** The parameters a person reads to see who a strategy targets. */
function parameterNotes(st: PlaygroundStrategy): string[] {
  const p = st.parameters ?? {};
  const notes: string[] = [];
  for (const [key, raw] of Object.entries(p)) {
    if (raw === undefined || raw === null || raw === '') continue;
    // Parameters are strings in the spec; a custom strategy's may be any JSON, shown as JSON
    // (String() would print [object Object], or throw on an own `toString` member).
    const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
    if (key === 'rollout' || key === 'percentage') notes.push(`rollout ${value}%`);
    else if (key === 'groupId')
      continue; // names the bucket, not who is in it
    else notes.push(`${key} ${value}`);
  }
  return notes;
}

function checkStrategy(st: PlaygroundStrategy, context: PlaygroundContext, given: Set<string>): StrategyCheck {
  const constraints = (st.constraints ?? []).map((c) => checkConstraint(c, context, given));
  const segments = (st.segments ?? []).map((s) => ({
    name: s.name ?? (s.id != null ? `#${s.id}` : 'segment'),
    result: outcome(s.result),
    constraints: (s.constraints ?? []).map((c) => checkConstraint(c, context, given)),
  }));
  const result = outcome(st.result.enabled);
  const variant = result === true && st.result.variant?.enabled ? st.result.variant.name : undefined;
  const allPassed = constraints.every((c) => c.result === true) && segments.every((s) => s.result === true);
  return {
    label: st.title || st.name,
    name: st.name,
    title: st.title ?? undefined,
    disabled: st.disabled === true,
    result,
    parameters: parameterNotes(st),
    constraints,
    segments,
    variant,
    excludedByParameters: result === false && allPassed,
  };
}

/** The explanation of one feature's playground result. */
export function explain(
  f: PlaygroundFlag,
  environment: string,
  context: PlaygroundContext,
  given: Set<string>,
): Explanation {
  const strategies = (f.strategies?.data ?? []).map((s) => checkStrategy(s, context, given));
  const environmentEnabled = f.isEnabledInCurrentEnvironment !== false;
  const unsatisfiedDependency = f.hasUnsatisfiedDependency === true;
  const decidedBy = f.isEnabled ? strategies.find((s) => !s.disabled && s.result === true) : undefined;
  const reason: Reason = f.isEnabled
    ? decidedBy
      ? 'strategy'
      : 'unknown'
    : !environmentEnabled
      ? 'environment-off'
      : unsatisfiedDependency
        ? 'dependency'
        : f.strategies?.result === false || strategies.every((s) => s.result === false || s.disabled)
          ? 'no-strategy-matched'
          : 'unknown';
  const variant = f.variant && f.variant.enabled && f.variant.name !== 'disabled' ? f.variant.name : undefined;
  return {
    feature: f.name,
    project: f.projectId ?? undefined,
    environment,
    enabled: f.isEnabled,
    state: f.isEnabled ? 'on' : reason === 'unknown' ? 'unknown' : 'off',
    variant,
    ...(variant ? optional('variantOverride', overrideFor(f, variant, decidedBy?.variant, context)) : {}),
    reason,
    decidedBy,
    strategies,
    environmentEnabled,
    unsatisfiedDependency,
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}
