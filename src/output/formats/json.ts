import { jsonText } from '../../api/http/json-text.js';
import { canonicalJson } from '../../snapshot/canonical.js';
import { print, type Ui } from '../context.js';
import { primed, projected } from '../rows.js';
import { documentOf, type RowsView } from '../view.js';
import { exact, picked, type Adapter } from './adapter.js';

// -o json: the document, or the rows as one array (or one object holding them), pretty-printed
// and streamed row by row. The server's values exactly, numbers with the server's digits.

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 20 };

export const adapter: Adapter = {
  mask: exact,
  shows: 'document',
  wholeRows: () => true,
  printsAllFields: (ui) => !picked(ui),
  streams: true,
  async render(ui, view) {
    if (view.kind === 'rows') return jsonRows(ui, view);
    const doc = await documentOf(view);
    await print(ui, `${view.sortedKeys ? canonicalJson(doc) : jsonText(doc, 2)}\n`);
    return 0;
  },
};

async function jsonRows<T>(ui: Ui, view: RowsView<T>): Promise<number> {
  const rows = await primed(view.rows);
  const whole = !picked(ui);
  const wrap = view.jsonObject;
  const indent = view.compact && !ui.tty ? undefined : 2;
  const pad = wrap ? '    ' : indent ? '  ' : '';
  let count = 0;
  await print(ui, wrap ? `{\n  ${JSON.stringify(wrap.key)}: [` : '[');
  for await (const row of rows) {
    const body = jsonText(whole ? row : projected(view.columns, row), indent).replace(/\n/g, `\n${pad}`);
    await print(ui, `${count++ === 0 ? `\n${pad}` : `,\n${pad}`}${body}`);
  }
  if (!wrap) {
    await print(ui, count ? '\n]\n' : ']\n');
    return count;
  }
  const rest = Object.entries(await wrap.after())
    .map(([k, v]) => `,\n  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, '\n  ')}`)
    .join('');
  await print(ui, `${count ? '\n  ]' : ']'}${rest}\n}\n`);
  return count;
}
