import { print } from '../context.js';
import { primed } from '../rows.js';
import { exact, type Adapter } from './adapter.js';
import { drawDocument, tableRows } from './table.js';

// -o sarif: one SARIF log for code scanning, made by the view from its rows (output/sarif.ts);
// JSON, so exact like json. A view with no log is drawn as a table.

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 70 };

export const adapter: Adapter = {
  mask: exact,
  shows: 'own',
  wholeRows: () => true,
  printsAllFields: () => false,
  streams: true,
  async render(ui, view) {
    if (view.kind === 'document') return view.rows ? tableRows(ui, view.rows) : drawDocument(ui, view);
    if (!view.sarif) return tableRows(ui, view);
    const { keep = () => true, log } = view.sarif;
    const kept: unknown[] = [];
    let count = 0;
    for await (const row of await primed(view.rows)) {
      count++;
      if (keep(row)) kept.push(row);
    }
    await print(ui, `${JSON.stringify(log(kept), null, 2)}\n`);
    return count;
  },
};
