import { print, type Ui } from '../context.js';
import { markdownHead, markdownRow, primed } from '../rows.js';
import type { RowsView } from '../view.js';
import { forPeople, type Adapter } from './adapter.js';
import { drawDocument } from './table.js';

// -o markdown: a GitHub-flavoured table (PR comments, step summaries), or the view's own prose;
// server text stays literal (rows.ts markdownCell).

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 50 };

export const adapter: Adapter = {
  mask: forPeople,
  shows: 'rows',
  wholeRows: () => false,
  printsAllFields: () => false,
  streams: true,
  async render(ui, view) {
    if (view.kind === 'rows') return markdownRows(ui, view);
    if (view.markdown) {
      await view.markdown(ui);
      return 0;
    }
    return view.rows ? markdownRows(ui, view.rows) : drawDocument(ui, view);
  },
};

async function markdownRows<T>(ui: Ui, view: Omit<RowsView<T>, 'kind'>): Promise<number> {
  const rows = await primed(view.rows);
  let count = 0;
  await print(ui, markdownHead(view.columns));
  for await (const row of rows) {
    count++;
    await print(ui, markdownRow(view.columns, row));
  }
  return count;
}
