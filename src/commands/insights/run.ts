import { getInsights } from '../../api/insights.js';
import { terminalColumns } from '../../io.js';
import { UsageError } from '../../errors.js';
import { notice, print } from '../../output/context.js';
import { SECTIONS, type Section } from '../../output/insights-sections.js';
import { SECTION_COLUMNS } from './columns.js';
import { otherArrays, SECTION_KEY, SECTION_TITLE, sectionChart, sectionRows } from '../../output/insights-view.js';
import { render } from '../../output/render.js';
import { withSpinner } from '../../output/spinner.js';
import { resolveColumns } from '../../cli/columns.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import type { options } from './options.js';

/** --section takes names, or lists of them: `--section users,flags`. */
function sectionsOf(given: string[] | undefined): Section[] {
  const names = (given ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  // Given, but naming none (`--section ''`): not the same as no --section, which shows all.
  const none = given !== undefined && given.length > 0 && names.length === 0;
  for (const name of none ? [''] : names) {
    if (!(SECTIONS as readonly string[]).includes(name)) {
      throw new UsageError(`--section "${(given ?? []).join(' ')}": expected one of ${SECTIONS.join(', ')}`);
    }
  }
  return names as Section[];
}

/** `insights`: flags checked, one request, then each section as rows and, on a terminal, a chart. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const o = req.options;
  const f = { ...o, from: o.since ?? o.from, to: o.until ?? o.to, section: sectionsOf(o.section) };
  const [fromName, toName] = [o.since ? '--since' : '--from', o.until ? '--until' : '--to'];
  if (f.from && f.to && f.from > f.to) throw new UsageError(`${fromName} "${f.from}" is after ${toName} "${f.to}"`);
  const ui = await ctx.ui(req.output);
  const sections: Section[] = f.section.length ? [...new Set(f.section)] : [...SECTIONS];
  // A format that prints a document's rows prints one section's.
  const rowsOnly = ui.adapter.shows === 'rows';
  if ((rowsOnly || ui.out.columns) && sections.length !== 1) {
    const what = rowsOnly ? `-o ${ui.out.format} gives the rows of one section` : '--columns applies to one section';
    throw new UsageError(`${what}: pick one with --section (${SECTIONS.join(', ')})`);
  }
  // Columns apply to one section (checked above); each section's defaults otherwise.
  const cols = sections.length === 1 ? resolveColumns(SECTION_COLUMNS[sections[0]!], ui.out.columns) : undefined;

  const target = await ctx.target();
  const client = ctx.client(target);
  const doc = await withSpinner(io, 'Fetching instance insights', () => getInsights(client, f));
  const charts = ui.tty && f.chart;
  const width = terminalColumns(io);
  await render(ui, {
    kind: 'document',
    document: f.section.length
      ? Object.fromEntries(sections.map((s) => [SECTION_KEY[s], doc[SECTION_KEY[s]] ?? []]))
      : doc,
    table: async (ui) => {
      for (const [i, section] of sections.entries()) {
        await print(ui, `${i ? '\n' : ''}${ui.style.bold(SECTION_TITLE[section])}\n`);
        const rows = sectionRows(doc, section);
        if (rows.length)
          await render(ui, {
            kind: 'rows',
            columns: cols ?? resolveColumns(SECTION_COLUMNS[section], undefined),
            rows,
          });
        else await print(ui, `  ${ui.style.dim('no data')}\n`);
        if (charts && rows.length) await print(ui, `${sectionChart(doc, section, ui, width).join('\n')}\n`);
      }
      const others = otherArrays(doc);
      if (others.length && !f.section.length) {
        notice(
          io,
          `flagctl: note: the server also sent ${others.map((o) => `${o.key} (${o.rows} rows)`).join(', ')}; -o json shows them`,
        );
      }
    },
    rows: cols && { columns: cols, rows: sectionRows(doc, sections[0]!) },
  });
}
