import { jsonText } from '../../api/http/json-text.js';
import { print, type Ui } from '../context.js';
import { primed, projected } from '../rows.js';
import type { RowsView } from '../view.js';
import { exact, picked, type Adapter } from './adapter.js';
import { drawDocument } from './table.js';

// -o ndjson: one JSON value a line, each row as it comes (the fields --columns picked, or whole).

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 30 };

export const adapter: Adapter = {
  mask: exact,
  shows: 'rows',
  wholeRows: (ui) => !picked(ui),
  printsAllFields: (ui) => !picked(ui),
  streams: true,
  render(ui, view) {
    if (view.kind === 'rows') return ndjsonRows(ui, view);
    return view.rows ? ndjsonRows(ui, view.rows) : drawDocument(ui, view);
  },
};

async function ndjsonRows<T>(ui: Ui, view: Omit<RowsView<T>, 'kind'>): Promise<number> {
  const rows = await primed(view.rows);
  const whole = !picked(ui);
  let count = 0;
  for await (const row of rows) {
    count++;
    await print(ui, `${jsonText(whole ? row : projected(view.columns, row))}\n`);
  }
  return count;
}
