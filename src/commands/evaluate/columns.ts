import type { EvaluateRow } from '../../output/evaluate-view.js';
import type { ColumnSet } from '../../output/rows.js';

// The columns of evaluate's rows (--columns, and every format of rows).

export const evaluateColumns: ColumnSet<EvaluateRow> = {
  all: [
    { name: 'feature', value: (r) => r.feature },
    { name: 'enabled', kind: 'bool', value: (r) => r.enabled },
    { name: 'variant', value: (r) => r.variant },
    { name: 'strategy', value: (r) => r.strategy },
  ],
  defaults: ['feature', 'enabled', 'variant', 'strategy'],
};
