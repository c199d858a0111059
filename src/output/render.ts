import { notice, type Ui } from './context.js';
import type { View } from './view.js';

// The one way commands print data: a view, rendered by the adapter of the format the user
// picked (ui.adapter, formats/<name>.ts). A command builds its view and never branches on the
// format.

export type { Annotation, DocumentView, RowsView, View } from './view.js';

/** Prints a view in ui.out.format; returns the number of rows printed (0 for a document). */
export async function render<T>(ui: Ui, view: View<T>): Promise<number> {
  const count = await ui.adapter.render(ui, view);
  if (view.kind === 'document' && view.note && !ui.adapter.drawsNotes) notice(ui.io, view.note);
  return count;
}
