import { print, type Ui } from '../context.js';
import { humanCell, mapRows, primed, terminalCell } from '../rows.js';
import { termSafe } from '../sanitize.js';
import { writeTable } from '../table.js';
import type { DocumentView, RowsView } from '../view.js';
import { forPeople, type Adapter } from './adapter.js';

// -o table: a bordered table (or the view's own drawing) on a terminal; piped, tab-separated
// lines with ISO times, stable for grep, cut and awk. Other formats fall back to it for a view
// that has nothing for them.

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 10 };

export const adapter: Adapter = {
  mask: forPeople,
  shows: 'own',
  wholeRows: (ui) => ui.tty,
  printsAllFields: () => false,
  streams: false,
  drawsNotes: true,
  render: (ui, view) => (view.kind === 'document' ? drawDocument(ui, view) : tableRows(ui, view)),
};

/** The document drawn for people, after what the drawing needs is fetched. */
export async function drawDocument(ui: Ui, view: DocumentView<unknown>): Promise<number> {
  await view.prepare?.();
  await view.table(ui);
  return 0;
}

export async function tableRows<T>(ui: Ui, view: Omit<RowsView<T>, 'kind'>): Promise<number> {
  const cols = view.columns;
  const rows = await primed(view.rows);
  if (ui.tty && view.grouped) {
    const all: T[] = [];
    for await (const row of rows) all.push(row);
    await print(ui, view.grouped(all, ui));
    return all.length;
  }
  if (ui.tty) {
    const head = ui.out.headers ? cols.map((c) => ui.style.bold(termSafe(c.header ?? c.name))) : undefined;
    const seen: T[] = [];
    const cells = mapRows(rows, (row) => {
      if (view.footer) seen.push(row);
      return cols.map((c) => terminalCell(c, row, ui));
    });
    const hint = ['-o csv gives them whole, for a spreadsheet or a pager', view.longTable].filter(Boolean).join('; ');
    // The identifier columns (marked key, else the first) are the last to shrink.
    const marked = cols.some((c) => c.key);
    const count = await writeTable(
      ui,
      head,
      cells,
      { names: cols.map((c) => c.name), keys: cols.map((c, i) => (marked ? c.key === true : i === 0)) },
      hint,
    );
    const footer = view.footer?.(seen) ?? [];
    if (footer.length) await print(ui, footer.map((l) => `${termSafe(l)}\n`).join(''));
    return count;
  }
  let count = 0;
  if (ui.out.headers) await print(ui, `${cols.map((c) => c.name.toUpperCase()).join('\t')}\n`);
  for await (const row of rows) {
    count++;
    await print(ui, `${cols.map((c) => termSafe(humanCell(c, row))).join('\t')}\n`);
  }
  return count;
}
