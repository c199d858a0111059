import type { EvaluateRow } from '../../output/evaluate-view.js';
import type { ColumnSet } from '../../output/rows.js';

// The columns of evaluate's rows (--columns, and every format of rows).

export const evaluateColumns: ColumnSet<EvaluateRow> = {
  all: [
    { name: 'name', value: (r) => r.name },
    { name: 'enabled', kind: 'bool', value: (r) => r.enabled },
    { name: 'variant', value: (r) => r.variant },
    { name: 'strategy', value: (r) => r.strategy },
  ],
  defaults: ['name', 'enabled', 'variant', 'strategy'],
  // The earlier id of the name column, kept for scripts that ask for it.
  resolve: (id) => (id === 'feature' ? { name: 'feature', value: (r) => r.name } : undefined),
};
