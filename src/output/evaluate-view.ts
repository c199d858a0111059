import type { ConstraintCheck, Explanation, Outcome, ParentCheck, StrategyCheck } from '../evaluate/explain.js';
import type { Ui } from './context.js';
import { termSafe } from './sanitize.js';

// The terminal view of `flagctl evaluate`: for each feature, on or off and why, down to each
// constraint and the context value it was checked against. Server text is made safe here.

const MAX_VALUES = 5;
const LIST_OPERATORS = new Set(['IN', 'NOT_IN', 'STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH']);

export function evaluateView(list: Explanation[], ui: Ui): string[] {
  const lines: string[] = [];
  list.forEach((e, i) => {
    if (i > 0) lines.push('');
    lines.push(...explanationLines(e, ui));
  });
  return lines;
}

function mark(result: Outcome, ui: Ui): string {
  const s = ui.style;
  return result === true ? s.green('✓') : result === false ? s.red('✗') : s.yellow('?');
}

function explanationLines(e: Explanation, ui: Ui): string[] {
  const s = ui.style;
  const t = termSafe;
  const state =
    e.state === 'on' ? s.green.bold('ON') : e.state === 'off' ? s.red.bold('OFF') : s.yellow.bold('UNKNOWN');
  const override = e.variantOverride
    ? ` (override: ${t(e.variantOverride.contextName)} = ${t(JSON.stringify(e.variantOverride.value))})`
    : '';
  const variant = e.variant ? `  variant ${s.cyan(t(e.variant))}${override}` : '';
  const lines = [`${s.bold(t(e.feature))}  ${state}${variant}  ${s.dim(`in ${t(e.environment)}`)}`];
  lines.push(`  ${reasonLine(e, ui)}`);
  if (e.unsatisfiedDependency && e.reason !== 'dependency')
    lines.push(`  ${s.red('✗')} a parent dependency is not satisfied`);
  for (const p of e.parents ?? []) lines.push(`      ${parentLine(p, ui)}`);
  for (const st of e.strategies) lines.push(...strategyLines(st, st === e.decidedBy, ui));
  return lines;
}

function reasonLine(e: Explanation, ui: Ui): string {
  const s = ui.style;
  switch (e.reason) {
    case 'strategy':
      return `decided by strategy ${s.bold(quoteLabel(e.decidedBy!))}`;
    case 'environment-off':
      return `${s.red('✗')} the flag is off in ${termSafe(e.environment)}`;
    case 'dependency':
      return `${s.red('✗')} a parent dependency is not satisfied`;
    case 'no-strategy-matched':
      return e.strategies.length === 0 ? 'no strategy applies in this environment' : 'no strategy matched this context';
    default:
      return s.yellow('the server could not evaluate it fully (a disabled or custom strategy)');
  }
}

function parentLine(p: ParentCheck, ui: Ui): string {
  const t = termSafe;
  const want = p.wantEnabled
    ? `enabled${p.wantVariants.length ? ` with variant ${p.wantVariants.map(t).join(' or ')}` : ''}`
    : 'disabled';
  const is =
    p.enabled === undefined
      ? 'its state for this context is not in the answer'
      : p.enabled
        ? `it is on${p.variant ? ` with variant ${t(p.variant)}` : ''}`
        : 'it is off';
  const ok =
    p.enabled === undefined
      ? undefined
      : p.wantEnabled
        ? p.enabled && (p.wantVariants.length === 0 || (p.variant !== undefined && p.wantVariants.includes(p.variant)))
        : !p.enabled;
  return `${ok === undefined ? ui.style.yellow('?') : mark(ok, ui)} parent ${ui.style.bold(t(p.feature))} must be ${want}; ${is}`;
}

function quoteLabel(st: StrategyCheck): string {
  return st.title ? `"${termSafe(st.title)}" (${termSafe(st.name)})` : termSafe(st.name);
}

function strategyLines(st: StrategyCheck, deciding: boolean, ui: Ui): string[] {
  const s = ui.style;
  const notes = [...st.parameters.map(termSafe), ...(st.variant ? [`variant ${termSafe(st.variant)}`] : [])];
  const head = `${st.disabled ? s.dim('-') : mark(st.result, ui)} strategy ${quoteLabel(st)}${notes.length ? `  ${s.dim(notes.join(', '))}` : ''}`;
  const tail = st.disabled ? s.dim('  (disabled, not evaluated)') : deciding ? s.green('  ← decided') : '';
  const lines = [`  ${head}${tail}`];
  for (const c of st.constraints) lines.push(`      ${constraintLine(c, ui)}`);
  for (const seg of st.segments) {
    lines.push(`      ${mark(seg.result, ui)} segment ${s.bold(termSafe(seg.name))}`);
    for (const c of seg.constraints) lines.push(`          ${constraintLine(c, ui)}`);
  }
  if (st.excludedByParameters)
    lines.push(`      ${s.red('✗')} constraints pass, but the strategy's parameters exclude this context`);
  return lines;
}

export function constraintText(c: ConstraintCheck): string {
  const shown = c.values.slice(0, MAX_VALUES).map((v) => JSON.stringify(v));
  const more = c.values.length > MAX_VALUES ? `, … ${c.values.length - MAX_VALUES} more` : '';
  const flags = [c.inverted ? 'NOT ' : '', c.caseInsensitive ? '(case-insensitive) ' : ''].join('');
  // A list operator shows a list even of one value (`plan IN ["pro"]`); the others one value.
  const list = LIST_OPERATORS.has(c.operator) || c.values.length > 1;
  return `${c.contextName} ${flags}${c.operator} ${list ? `[${shown.join(', ')}${more}]` : (shown[0] ?? '')}`.trimEnd();
}

function constraintLine(c: ConstraintCheck, ui: Ui): string {
  const s = ui.style;
  const value =
    c.contextValue === undefined
      ? s.yellow(
          c.contextName === 'currentTime'
            ? 'currentTime not given (the server used its clock)'
            : `${termSafe(c.contextName)} not given in the context`,
        )
      : c.given
        ? `${termSafe(c.contextName)} = ${termSafe(JSON.stringify(c.contextValue))}`
        : s.yellow(`${termSafe(c.contextName)} not given (flagctl sent ${termSafe(JSON.stringify(c.contextValue))})`);
  return `${mark(c.result, ui)} ${termSafe(constraintText(c))}  ${s.dim('—')} ${value}`;
}

/** One row per feature for csv, ndjson, markdown and --columns. */
export interface EvaluateRow {
  /** The flag's name: the one key for it in every record flagctl defines (docs/options.md). */
  name: string;
  /** "unknown" where the server could not decide: never a bare false a script would take for off. */
  enabled: boolean | 'unknown';
  variant: string | null;
  strategy: string | null;
}

export function evaluateRow(e: Explanation): EvaluateRow {
  const st = e.decidedBy;
  return {
    name: e.feature,
    enabled: e.state === 'unknown' ? 'unknown' : e.enabled,
    variant: e.variant ?? null,
    strategy: st ? (st.title ? `${st.title} (${st.name})` : st.name) : null,
  };
}
