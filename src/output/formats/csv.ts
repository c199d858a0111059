import { print, type Ui } from '../context.js';
import { csvRecord } from '../csv.js';
import { csvCell, primed } from '../rows.js';
import type { RowsView } from '../view.js';
import { tokensMasked, type Adapter } from './adapter.js';
import { drawDocument } from './table.js';

// -o csv: RFC 4180 records of the chosen columns, guarded against spreadsheet formulas and
// workflow commands unless --csv-raw (csv.ts); tokens masked.

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 40 };

export const adapter: Adapter = {
  mask: tokensMasked,
  shows: 'rows',
  wholeRows: () => false,
  printsAllFields: () => false,
  streams: true,
  render(ui, view) {
    if (view.kind === 'rows') return csvRows(ui, view);
    return view.rows ? csvRows(ui, view.rows) : drawDocument(ui, view);
  },
};

async function csvRows<T>(ui: Ui, view: Omit<RowsView<T>, 'kind'>): Promise<number> {
  const rows = await primed(view.rows);
  const cols = view.columns;
  const { headers, csvRaw } = ui.out;
  let count = 0;
  if (headers)
    await print(
      ui,
      csvRecord(
        cols.map((c) => c.name),
        true,
        ui.tty,
      ),
    );
  for await (const row of rows) {
    count++;
    await print(
      ui,
      csvRecord(
        cols.map((c) => csvCell(c, row)),
        csvRaw,
        ui.tty,
      ),
    );
  }
  return count;
}
