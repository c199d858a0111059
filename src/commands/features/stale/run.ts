import type { Command } from 'commander';
import * as z from '../../../zod-mini.js';
import { searchFeatures } from '../../../api/search.js';
import type { SearchFeature } from '../../../api/schemas.js';
import { CheckFailedError } from '../../../errors.js';
import { print } from '../../../output/context.js';
import { featureColumns } from '../../../output/feature-columns.js';
import { annotation, appendStepSummary, summaryMarkdown } from '../../../output/github.js';
import { pickColumns, writeRows, type ColumnSet } from '../../../output/rows.js';
import { CommandContext, type App } from '../../context.js';
import { STALE_FORMATS } from './index.js';
import { parseFlags, parseOutputOptions } from '../../parse-options.js';
import { PageProgress } from '../../../output/page-progress.js';
import { parseSearch } from '../../search/query.js';

/** The job summary stays readable and far below GitHub's 1 MiB limit. */
const SUMMARY_ROWS = 500;

const flags = z.object({
  max: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'expected a whole number of stale flags allowed, 0 or more')), z.transform(Number))
      .check(z.refine(Number.isSafeInteger, 'expected a whole number of stale flags allowed, 0 or more')),
    0,
  ),
});

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
export async function featuresStale(app: App, opts: Record<string, unknown>, command: Command): Promise<void> {
  const io = app.io;
  const ctx = new CommandContext(app, command);
  const f = parseFlags(flags, opts);
  const search = parseSearch({ project: opts.project, type: opts.type, concurrency: opts.concurrency, all: true });
  search.query.set('state', 'IS_ANY_OF:stale,potentially-stale');
  const auto = command.getOptionValueSource('output') === 'default' && io.env.GITHUB_ACTIONS === 'true';
  const github = auto || opts.output === 'github';
  const out = parseOutputOptions({ ...opts, output: github ? 'table' : opts.output }, STALE_FORMATS);
  const ui = await ctx.ui(out);
  const cols = pickColumns(staleColumns, ui.out.columns);
  const summaryPath = io.env.GITHUB_STEP_SUMMARY;
  const target = await ctx.target();
  const client = ctx.client(target);
  const progress = new PageProgress(io, ui.tty && (github || ui.out.format !== 'table'));
  const kept: StaleRow[] = [];
  let count = 0;
  try {
    const rows = async function* () {
      for await (const feature of progress.around(searchFeatures(client, search, progress.update))) {
        const row: StaleRow = { ...feature, reason: staleReason(feature) };
        if (summaryPath && kept.length < SUMMARY_ROWS) kept.push(row);
        count++;
        yield row;
      }
    };
    if (github) {
      for await (const r of rows()) {
        const where = `${r.type ?? 'flag'}, project ${r.project ?? '?'}`;
        await print(ui, annotation('warning', `${r.name} (${where}): ${r.reason}`, { title: `Stale flag: ${r.name}` }));
      }
    } else {
      await writeRows(ui, staleColumns, rows(), { jsonObject: { key: 'features', after: () => ({ total: progress.latest?.total ?? count }) } });
    }
  } finally {
    progress.clear();
    await client.close();
  }
  const verdict = `${count} stale flag${count === 1 ? '' : 's'}${count > f.max ? `, more than the ${f.max} allowed (--max)` : ` (at most ${f.max} allowed)`}`;
  if (summaryPath) {
    const more = count > kept.length ? `\n\n…and ${count - kept.length} more.` : '';
    await appendStepSummary(summaryPath, summaryMarkdown('Stale feature flags', `${verdict}.${more}`, cols, kept));
  }
  if (count > f.max) throw new CheckFailedError(verdict);
}
