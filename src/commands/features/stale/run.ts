import { searchFeatures } from '../../../api/search.js';
import type { SearchFeature } from '../../../api/schemas/flag.js';
import { CheckFailedError } from '../../../errors.js';
import { featureColumns } from '../../../output/feature-columns.js';
import { appendStepSummary, summaryMarkdown } from '../../../output/github.js';
import { PageProgress } from '../../../output/page-progress.js';
import { render } from '../../../output/render.js';
import type { ColumnSet } from '../../../output/rows.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { searchQuery } from '../search-options.js';
import type { options } from './options.js';

/** The job summary stays readable and far below GitHub's 1 MiB limit. */
const SUMMARY_ROWS = 500;

export type StaleRow = SearchFeature & { reason: string };

/** Why the server lists it: `stale` is set by people; potentially stale is the type's expected lifetime passed. */
export function staleReason(f: SearchFeature): string {
  return f.stale ? 'marked stale' : `potentially stale: older than the expected lifetime of its type (${f.type ?? 'unknown'})`;
}

const staleColumns: ColumnSet<StaleRow> = {
  ...featureColumns,
  all: [...featureColumns.all, { name: 'reason', value: (r) => r.reason }],
  defaults: ['name', 'type', 'project', 'reason', 'createdAt'],
};

/** `features stale`: the stale and potentially stale flags, then the verdict against --max. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  const search = searchQuery(f, { all: true, fixed: { state: 'IS_ANY_OF:stale,potentially-stale' } });
  // In GitHub Actions an -o left at its default means annotations.
  const github = req.output.format === 'github' || (!req.given.has('output') && io.env.GITHUB_ACTIONS === 'true');
  const ui = await ctx.ui({ ...req.output, format: github ? 'github' : req.output.format });
  const cols = resolveColumns(staleColumns, ui.out.columns);
  const summaryPath = io.env.GITHUB_STEP_SUMMARY;
  const target = await ctx.target();
  const client = ctx.client(target);
  const progress = new PageProgress(io, ui.tty && ui.out.format !== 'table');
  const kept: StaleRow[] = [];
  let count = 0;
  try {
    const rows = async function* () {
      const pacer = ctx.pacer(progress.waiting);
      for await (const feature of progress.around(searchFeatures(client, { ...search, pacer }, progress.update))) {
        const row: StaleRow = { ...feature, reason: staleReason(feature) };
        if (summaryPath && kept.length < SUMMARY_ROWS) kept.push(row);
        count++;
        yield row;
      }
    };
    await render(ui, {
      kind: 'rows',
      columns: cols,
      rows: rows(),
      jsonObject: { key: 'features', after: () => ({ total: progress.latest?.total ?? count }) },
      annotate: (r) => ({
        level: 'warning',
        message: `${r.name} (${r.type ?? 'flag'}, project ${r.project ?? '?'}): ${r.reason}`,
        props: { title: `Stale flag: ${r.name}` },
      }),
    });
  } finally {
    progress.clear();
  }
  const verdict = `${count} stale flag${count === 1 ? '' : 's'}${count > f.max ? `, more than the ${f.max} allowed (--max)` : ` (at most ${f.max} allowed)`}`;
  if (summaryPath) {
    const more = count > kept.length ? `\n\n…and ${count - kept.length} more.` : '';
    await appendStepSummary(summaryPath, summaryMarkdown('Stale feature flags', `${verdict}.${more}`, cols, kept));
  }
  if (count > f.max) throw new CheckFailedError(verdict);
}
