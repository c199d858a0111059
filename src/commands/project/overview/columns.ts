import type { SearchFlag } from '../../../api/schemas/search.js';
import { flagColumns } from '../../../output/flag-columns.js';
import type { ColumnSet } from '../../../output/rows.js';

/**
 * The search table's columns. `project` is left out of the defaults, as every row has the same,
 * and so is `lifecycle`: only search has it, and it is fetched only when --columns asks.
 */
export const columns: ColumnSet<SearchFlag> = {
  ...flagColumns,
  defaults: flagColumns.defaults.filter((name) => name !== 'project' && name !== 'lifecycle'),
};
