import { flagEvents, hasEvents, type ChangeEvent, type EventsRequest } from '../../../api/events.js';
import { NotFoundError } from '../../../errors.js';
import { notice } from '../../../output/context.js';
import { historyColumns } from './columns.js';
import { render } from '../../../output/render.js';
import { withSpinner } from '../../../output/spinner.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import type { options } from './options.js';

/** `feature history <name>`: newest first; --since and --type go to the server and are checked again here. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const name = req.args[0] as string;
  const f = req.options;
  const types = [...(f.eventType ?? []), ...(f.type ?? [])].flatMap((t) => t.split(','));
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(historyColumns, ui.out.columns);
  const request: EventsRequest = {
    feature: name,
    project: f.project,
    types: types.length ? types : undefined,
    since: f.since,
    limit: f.all ? undefined : f.limit,
  };

  const target = await ctx.target();
  const client = ctx.client(target);
  let total: number | undefined;
  let fetched = 0;
  const events = flagEvents(client, request, (t) => (total = t));
  const first = await withSpinner(ctx.io, `Fetching the history of ${name}`, () => events.next());
  if (first.done && !(await hasEvents(client, name))) {
    throw new NotFoundError(`no feature named "${name}": the server has no change events for it`);
  }
  // --since compares instants (a time with an offset is not its first ten characters); a time
  // that is no time cannot be judged, and the server chose to send it: it stays.
  const since = f.since ? Date.parse(`${f.since}T00:00:00Z`) : undefined;
  const after = (e: ChangeEvent) => {
    const at = Date.parse(e.createdAt);
    return since === undefined || Number.isNaN(at) || at >= since;
  };
  const wanted = (e: ChangeEvent) => (!types.length || types.includes(e.type)) && after(e);
  // Newest first is what --limit's "newest n" rests on: the first event newer than the one before is said.
  let previous: ChangeEvent | undefined;
  let outOfOrder: [ChangeEvent, ChangeEvent] | undefined;
  const seen = (e: ChangeEvent) => {
    fetched++;
    if (previous && !outOfOrder && Date.parse(e.createdAt) > Date.parse(previous.createdAt)) outOfOrder = [e, previous];
    previous = e;
    return wanted(e);
  };
  async function* rows(): AsyncGenerator<ChangeEvent> {
    if (first.done) return;
    if (seen(first.value)) yield first.value;
    for await (const e of events) if (seen(e)) yield e;
  }
  await render(ui, { kind: 'rows', columns: cols, rows: rows(), longTable: '--limit <n> shows the first n' });
  // The default limit is not a choice the user made: what it left out is said, as search does.
  if (!f.all && !req.given.has('limit') && total !== undefined && total > fetched) {
    notice(ctx.io, `the newest ${fetched} of ${total} events shown; --all or --limit <n> for more`);
  }
  if (outOfOrder) {
    const [e, before] = outOfOrder;
    notice(
      ctx.io,
      `flagctl: note: the server did not list the events newest first (event ${e.id ?? '(no id)'} at ${e.createdAt} comes after one at ${before.createdAt}); --limit may not have shown the newest`,
    );
  }
}
