import type { Option } from 'commander';
import { declaredValues, type ValueSource } from './declared.js';
import { DATE_OPERATORS, FLAG_TYPES, INCLUDE_OPERATORS, IS_OPERATORS, SORT_FIELDS, SORT_ORDERS, STATES } from '../commands/search/values.js';
import { FORMATS } from '../output/formats.js';
import { SECTIONS } from '../output/insights-sections.js';

// What the value of each flag completes to, in one place. A flag whose values are declared on
// the option itself (`.choices()`, or withValues() of declared.ts) needs no entry here. This
// registry covers flags validated with zod. Their lists come from the zod-free modules that
// the validation imports too (search-values.ts, …), so that generating a script evaluates
// none of the validation.

export type { ValueSource };

// Operator prefixes complete without a trailing space: the user goes on typing the value.
const prefixes = (operators: readonly string[]) => operators.map((op) => `${op}:`);

/**
 * Values by the flag's long name (without dashes). A key `<command path> --<name>`, such as
 * `insights --section`, applies to that command only and wins over the plain name.
 */
export const FLAG_VALUES: Readonly<Record<string, ValueSource>> = {
  output: FORMATS,
  profile: 'profiles',
  'ca-file': 'files',
  state: [...STATES, ...prefixes(IS_OPERATORS)],
  type: [...FLAG_TYPES, ...prefixes(IS_OPERATORS)],
  'created-by': prefixes(IS_OPERATORS),
  tag: prefixes(INCLUDE_OPERATORS),
  segment: prefixes(INCLUDE_OPERATORS),
  'created-at': prefixes(DATE_OPERATORS),
  'sort-by': [...SORT_FIELDS, 'environment:'],
  'sort-order': SORT_ORDERS,
  section: SECTIONS,
};

/** The values a flag of command `path` completes to, if any are known. */
export function flagValues(path: readonly string[], option: Option): ValueSource | undefined {
  const longName = (option.long ?? '').replace(/^--/, '');
  return declaredValues(option) ?? option.argChoices ?? FLAG_VALUES[`${path.join(' ')} --${longName}`] ?? FLAG_VALUES[longName];
}
