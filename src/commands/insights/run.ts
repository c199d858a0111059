import type { Command } from 'commander';
import * as z from '../../zod-mini.js';
import { getInsights } from '../../api/insights.js';
import { UsageError } from '../../errors.js';
import { notice, print } from '../../output/context.js';
import { SECTIONS, type Section } from '../../output/insights-sections.js';
import { otherArrays, SECTION_COLUMNS, SECTION_KEY, SECTION_TITLE, sectionChart, sectionRows } from '../../output/insights-view.js';
import { pickColumns, writeRows } from '../../output/rows.js';
import { withSpinner } from '../../output/spinner.js';
import { CommandContext, type App } from '../context.js';
import { INSIGHTS_FORMATS } from './index.js';
import { parseFlags, parseOutputOptions } from '../parse-options.js';

/** A real calendar day written yyyy-MM-dd: 2025-02-30 is refused, 2024-02-29 is not. */
const calendarDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD, e.g. 2025-01-31'),
  z.refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'not a calendar date'),
);

const flags = z.object({
  from: z.optional(calendarDay),
  to: z.optional(calendarDay),
  section: z.pipe(
    z.pipe(
      z._default(z.array(z.string()), []),
      z.transform((list: string[]) => list.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)),
    ),
    z.array(z.enum(SECTIONS, { error: `expected one of ${SECTIONS.join(', ')}` })),
  ),
  chart: z._default(z.boolean(), true),
});

/** `insights`: flags checked, one request, then each section as rows and, on a terminal, a chart. */
export async function insights(app: App, opts: Record<string, unknown>, command: Command): Promise<void> {
  const io = app.io;
  const ctx = new CommandContext(app, command);
  const f = parseFlags(flags, opts);
  if (f.from && f.to && f.from > f.to) throw new UsageError(`--from "${f.from}" is after --to "${f.to}"`);
  const ui = await ctx.ui(parseOutputOptions(opts, INSIGHTS_FORMATS));
  const sections: Section[] = f.section.length ? [...new Set(f.section)] : [...SECTIONS];
  const format = ui.out.format;
  const rowsOnly = format === 'csv' || format === 'ndjson' || format === 'markdown';
  if ((rowsOnly || ui.out.columns) && sections.length !== 1) {
    const what = rowsOnly ? `-o ${format} gives the rows of one section` : '--columns applies to one section';
    throw new UsageError(`${what}: pick one with --section (${SECTIONS.join(', ')})`);
  }
  if (sections.length === 1) pickColumns(SECTION_COLUMNS[sections[0]!], ui.out.columns);

  const target = await ctx.target();
  const client = ctx.client(target);
  try {
    const doc = await withSpinner(io, 'Fetching instance insights', () => getInsights(client, f));
    if (format === 'json') {
      const shown = f.section.length ? Object.fromEntries(sections.map((s) => [SECTION_KEY[s], doc[SECTION_KEY[s]] ?? []])) : doc;
      return print(ui, `${JSON.stringify(shown, null, 2)}\n`);
    }
    if (rowsOnly) {
      await writeRows(ui, SECTION_COLUMNS[sections[0]!], sectionRows(doc, sections[0]!));
      return;
    }
    const charts = ui.tty && f.chart;
    const width = io.columns ?? 80;
    for (const [i, section] of sections.entries()) {
      await print(ui, `${i ? '\n' : ''}${ui.style.bold(SECTION_TITLE[section])}\n`);
      const rows = sectionRows(doc, section);
      if (rows.length) await writeRows(ui, SECTION_COLUMNS[section], rows);
      else await print(ui, `  ${ui.style.dim('no data')}\n`);
      if (charts && rows.length) await print(ui, `${sectionChart(doc, section, ui, width).join('\n')}\n`);
    }
    const others = otherArrays(doc);
    if (others.length && !f.section.length) {
      notice(io, `flagctl: note: the server also sent ${others.map((o) => `${o.key} (${o.rows} rows)`).join(', ')}; -o json shows them`);
    }
  } finally {
    await client.close();
  }
}
