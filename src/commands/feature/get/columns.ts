import type { ColumnSet } from '../../../output/rows.js';

// feature get's rows: one per environment (--columns, and the row formats). The flag's name
// is `name` in json and csv, as in every record flagctl defines (markdown still heads it
// "feature"); `--columns feature`, its id before that, still picks it (under that key).

export interface EnvRow {
  name: string;
  project: string | null;
  environment: string;
  type: string | null;
  enabled: boolean | null;
  strategies: number | null;
  variants: number | null;
  lastSeenAt: string | null;
}

export const envColumns: ColumnSet<EnvRow> = {
  all: [
    { name: 'name', header: 'feature', value: (r) => r.name },
    { name: 'project', value: (r) => r.project },
    { name: 'environment', value: (r) => r.environment },
    { name: 'type', value: (r) => r.type },
    { name: 'enabled', kind: 'bool', value: (r) => r.enabled },
    { name: 'strategies', kind: 'number', value: (r) => r.strategies },
    { name: 'variants', kind: 'number', value: (r) => r.variants },
    { name: 'lastSeenAt', kind: 'time', value: (r) => r.lastSeenAt },
  ],
  defaults: ['name', 'project', 'environment', 'type', 'enabled', 'strategies', 'variants', 'lastSeenAt'],
  resolve: (id) => (id === 'feature' ? { name: 'feature', value: (r) => r.name } : undefined),
};
