import { print, type Ui } from '../context.js';
import { annotation, appendStepSummary } from '../github.js';
import { primed } from '../rows.js';
import type { RowsView } from '../view.js';
import { tokensMasked, type Adapter } from './adapter.js';
import { drawDocument, tableRows } from './table.js';

// -o github: GitHub Actions workflow commands, one annotation per row that has one (their
// data escaped by github.ts), then the job summary where the runner asks for it. A view with
// no annotations is drawn as a table.

export const adapter: Adapter = {
  mask: tokensMasked,
  shows: 'own',
  wholeRows: () => true,
  printsAllFields: () => false,
  streams: true,
  async render(ui, view) {
    if (view.kind === 'rows') return view.annotate ? annotations(ui, view, view.annotate) : tableRows(ui, view);
    if (view.github) {
      await view.github(ui);
      return 0;
    }
    return view.rows ? tableRows(ui, view.rows) : drawDocument(ui, view);
  },
};

async function annotations<T>(ui: Ui, view: RowsView<T>, annotate: NonNullable<RowsView<T>['annotate']>): Promise<number> {
  let count = 0;
  for await (const row of await primed(view.rows)) {
    count++;
    const a = annotate(row);
    if (a) await print(ui, annotation(a.level, a.message, a.props));
  }
  const path = ui.io.env.GITHUB_STEP_SUMMARY;
  if (view.stepSummary && path) await appendStepSummary(path, await view.stepSummary());
  return count;
}
