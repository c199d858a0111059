import { searchFlags } from '../../../api/search.js';
import { CheckFailedError } from '../../../errors.js';
import { clockOf } from '../../../io.js';
import { summaryMarkdown } from '../../../output/github.js';
import { PageProgress } from '../../../output/page-progress.js';
import { render } from '../../../output/render.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { searchQuery } from '../../../cli/search-options.js';
import { StaleAges, staleFor, type StaleRow } from './ages.js';
import { AGE_COLUMNS, staleColumns } from './columns.js';
import type { options } from './options.js';

export { staleReason, type StaleRow } from './ages.js';

/** The job summary stays readable and far below GitHub's 1 MiB limit. */
const SUMMARY_ROWS = 500;

/** `features stale`: the stale and potentially stale flags, then the verdict when a gate is asked for. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  const search = searchQuery(f, { all: true, fixed: { state: 'IS_ANY_OF:stale,potentially-stale' } });
  // The same command line gives the same stdout everywhere: annotations and the job summary
  // come with -o github only, never from the environment (docs/output-formats.md).
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(staleColumns, ui.out.columns);
  const target = await ctx.target();
  const client = ctx.client(target);
  const progress = new PageProgress(io, ui.tty && ui.adapter.streams);
  const kept: StaleRow[] = [];
  const clock = clockOf(io);
  // The ages cost a request and an event search per project: read when the run uses them (to
  // filter, to gate on potentially stale, or to show them: a format that prints every field).
  const showsAges = ui.adapter.printsAllFields(ui) || (ui.out.columns ?? []).some((c) => AGE_COLUMNS.includes(c));
  const needsAges = showsAges || f.staleFor !== undefined || f.failOn?.includes('potentially-stale') === true;
  const ages = new StaleAges(client, () => clock.now(), needsAges);
  // The gate counts the flags in the --fail-on states (all of them with --max alone).
  const counts = (r: StaleRow) =>
    !f.failOn || f.failOn.some((s) => (s === 'stale' ? r.stale === true : r.potentiallyStale === true));
  let count = 0;
  let listed = 0;
  // A list unless a gate is asked for (--max or --fail-on), as a linter's warnings pass unless --max-warnings.
  const gate = f.max !== undefined || f.failOn !== undefined;
  const max = f.max ?? 0;
  const verdict = () => {
    const what = `${count} stale flag${count === 1 ? '' : 's'}${f.failOn ? ` (${f.failOn.join(' or ')})` : ''}`;
    return !gate
      ? what
      : `${what}${count > max ? `, more than the ${max} allowed (${f.max !== undefined ? '--max' : '--fail-on'})` : ` (at most ${max} allowed)`}`;
  };
  try {
    const rows = async function* () {
      const pacer = ctx.pacer(progress.waiting);
      for await (const feature of progress.around(searchFlags(client, { ...search, pacer }, progress.update))) {
        const row = await ages.row(feature);
        if (f.staleFor !== undefined && !staleFor(row, f.staleFor, clock.now())) continue;
        if (kept.length < SUMMARY_ROWS) kept.push(row);
        listed++;
        if (counts(row)) count++;
        yield row;
      }
    };
    await render(ui, {
      kind: 'rows',
      columns: cols,
      rows: rows(),
      // total: what the server matched; with --stale-for, fewer are listed.
      jsonObject: {
        key: 'features',
        after: () => ({ total: f.staleFor === undefined ? (progress.latest?.total ?? listed) : listed }),
      },
      annotate: (r) => ({
        level: 'warning',
        message: `${r.name} (${r.type ?? 'flag'}, project ${r.project ?? '?'}): ${r.reason}`,
        props: { title: `Stale flag: ${r.name}` },
      }),
      stepSummary: async () => {
        const more = listed > kept.length ? `\n\n…and ${listed - kept.length} more.` : '';
        return summaryMarkdown('Stale feature flags', `${verdict()}.${more}`, cols, kept);
      },
    });
  } finally {
    progress.clear();
  }
  if (gate && count > max) throw new CheckFailedError(verdict());
}
