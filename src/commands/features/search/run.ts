import { searchFlags } from '../../../api/search.js';
import { ApiError, CheckFailedError, RequestError } from '../../../errors.js';
import type { SearchFlag } from '../../../api/schemas/search.js';
import { notice } from '../../../output/context.js';
import { summaryMarkdown } from '../../../output/github.js';
import { flagColumns } from '../../../output/flag-columns.js';
import { PageProgress } from '../../../output/page-progress.js';
import { render } from '../../../output/render.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import { DEFAULT_LIMIT, searchQuery } from '../../../cli/search-options.js';
import type { options } from './options.js';

/** The job summary stays readable and far below GitHub's 1 MiB limit. */
const SUMMARY_ROWS = 500;

/** The features as they stream, the first SUMMARY_ROWS of them also kept in `into`. */
async function* keepSome(
  features: AsyncIterable<SearchFlag>,
  into: SearchFlag[] | undefined,
): AsyncIterable<SearchFlag> {
  for await (const f of features) {
    if (into && into.length < SUMMARY_ROWS) into.push(f);
    yield f;
  }
}

/** `features search`: every option checked (by the kit), then pages streamed to the output as they arrive. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const opts = req.options;
  const search = searchQuery(opts);
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(flagColumns, ui.out.columns);
  const target = await ctx.target();
  const client = ctx.client(target);
  const progress = new PageProgress(io, ui.tty && ui.adapter.streams);
  try {
    const pacer = ctx.pacer(progress.waiting);
    // The first rows, for the job summary that -o github writes.
    const kept: SearchFlag[] = [];
    const features = keepSome(searchFlags(client, { ...search, pacer }, progress.update), kept);
    const total = () => progress.latest?.total ?? 0;
    const count = await render(ui, {
      kind: 'rows',
      columns: cols,
      rows: progress.around(features),
      jsonObject: { key: 'features', after: () => ({ total: total() }) },
      longTable: '--limit <n> shows the first n',
      annotate: (f) => ({
        level: opts.failIfAny || opts.failOn ? 'error' : 'notice',
        message: `${f.name} (${f.type ?? 'flag'}, project ${f.project ?? '?'}) matches the search`,
        props: { title: `Feature: ${f.name}` },
      }),
      stepSummary: async () => {
        const text = `${total()} feature${total() === 1 ? '' : 's'} match${total() === 1 ? 'es' : ''}${total() > kept.length ? `; the first ${kept.length}:` : '.'}`;
        return summaryMarkdown('Feature search', text, cols, kept);
      },
    });
    if (opts.limit === undefined && search.limit === DEFAULT_LIMIT && total() > search.offset + count) {
      notice(io, `${count} of ${total()} matches shown; --all or --limit <n> for more`);
    }
    if ((opts.failIfAny || opts.failOn === 'any') && total() > 0) {
      throw new CheckFailedError(
        `${total()} feature${total() === 1 ? '' : 's'} match (${opts.failIfAny ? '--fail-if-any' : '--fail-on any'})`,
      );
    }
  } catch (err) {
    // Unleash 6 builds broken SQL for favoritesFirst without a user, and sends the SQL back.
    if (err instanceof ApiError && err.status === 500 && search.favoritesFirst) {
      const failed = new RequestError(
        'the server failed (HTTP 500) on --favorites-first; Unleash 6 cannot order favourites for an API token, which has no user',
        500,
      );
      failed.hint = 'Use a personal access token (flagctl auth login), or leave out --favorites-first.';
      throw failed;
    }
    throw err;
  } finally {
    progress.clear();
  }
}
