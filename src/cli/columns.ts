import { UsageError } from '../errors.js';
import type { Column, ColumnSet } from '../output/rows.js';

/** --columns resolved once, before any request: an unknown name is a usage error. */
export function resolveColumns<T>(set: ColumnSet<T>, chosen: string[] | undefined): Column<T>[] {
  const names = chosen && chosen.length > 0 ? chosen : set.defaults;
  return names.map((name) => {
    const col = set.all.find((c) => c.name === name) ?? set.resolve?.(name);
    if (!col) {
      throw new UsageError(
        `--columns: unknown column "${name}"; accepted: ${set.all.map((c) => c.name).join(', ')}${set.syntax ? `, ${set.syntax}` : ''}`,
      );
    }
    return col;
  });
}
