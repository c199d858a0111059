import { notice, print, type Ui } from '../context.js';
import { annotation, ANNOTATIONS_PER_LEVEL, appendStepSummary } from '../github.js';
import { markdownCell, primed } from '../rows.js';
import type { Annotation, RowsView } from '../view.js';
import { tokensMasked, type Adapter } from './adapter.js';
import { drawDocument, tableRows } from './table.js';

// -o github: GitHub Actions workflow commands, one annotation per row that has one (their
// data escaped by github.ts), then the job summary where the runner asks for it. A view with
// no annotations is drawn as a table.

/** Left-out annotations listed in the job summary, at most. */
const SUMMARY_LEFT_OUT = 500;

/** Its place in help's list of formats (scripts/format-registry.mjs). */
export const place = { order: 60 };

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

async function annotations<T>(
  ui: Ui,
  view: RowsView<T>,
  annotate: NonNullable<RowsView<T>['annotate']>,
): Promise<number> {
  let count = 0;
  // GitHub drops a step's annotations past the first ten errors and ten warnings: the rows past
  // them are not annotated, but named on stderr and listed in the job summary.
  const shown = { error: 0, warning: 0, notice: 0 };
  const left: { row: T; a: Annotation }[] = [];
  for await (const row of await primed(view.rows)) {
    count++;
    const a = annotate(row);
    if (!a) continue;
    if (a.level !== 'notice' && shown[a.level] >= ANNOTATIONS_PER_LEVEL) {
      left.push({ row, a });
      continue;
    }
    shown[a.level]++;
    await print(ui, annotation(a.level, a.message, a.props));
  }
  const path = ui.io.env.GITHUB_STEP_SUMMARY;
  const summary = view.stepSummary && path;
  if (summary) {
    const rest =
      left.length === 0
        ? ''
        : view.unannotated
          ? view.unannotated.markdown(left.map((x) => x.row))
          : leftOutMarkdown(left.map((x) => x.a));
    await appendStepSummary(path, (await view.stepSummary!()) + rest);
  }
  if (left.length > 0) {
    const noun = view.unannotated?.noun ?? 'finding';
    const limits = (['error', 'warning'] as const)
      .filter((level) => left.some((x) => x.a.level === level))
      .map((level) => `${ANNOTATIONS_PER_LEVEL} ${level}s`);
    notice(
      ui.io,
      `flagctl: ${left.length} more ${noun}${left.length === 1 ? '' : 's'} not annotated (GitHub shows ${limits.join(' and ')} a step)${summary ? '; they are listed in the job summary' : ''}`,
    );
  }
  return count;
}

/** The annotations past GitHub's limit, for the job summary (the first SUMMARY_LEFT_OUT). */
function leftOutMarkdown(left: Annotation[]): string {
  const shown = left.slice(0, SUMMARY_LEFT_OUT);
  const head = `GitHub shows at most ${ANNOTATIONS_PER_LEVEL} error and ${ANNOTATIONS_PER_LEVEL} warning annotations a step; ${left.length} more ${left.length === 1 ? 'is' : 'are'} listed here${left.length > shown.length ? ` (the first ${shown.length})` : ''}:`;
  const rows = shown.map(
    (a) =>
      `| ${a.level} | ${markdownCell(a.props?.title ?? '')} | ${markdownCell(a.message)} | ${markdownCell([a.props?.file, a.props?.line].filter(Boolean).join(':'))} |`,
  );
  return `\n${head}\n\n| level | title | message | where |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}
