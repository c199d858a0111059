import { getFlag } from '../../../api/flag.js';
import { ApiError, NotFoundError } from '../../../errors.js';
import type { Flag, FlagEnvironment } from '../../../api/schemas/flag.js';
import { flagView, type SegmentNames } from '../../../output/flag-view.js';
import { print } from '../../../output/context.js';
import { render } from '../../../output/render.js';
import { withSpinner } from '../../../output/spinner.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import type { options } from './options.js';
import { envColumns, type EnvRow } from './columns.js';

function envRows(f: Flag, project: string): EnvRow[] {
  return (f.environments ?? []).map((e: FlagEnvironment) => ({
    name: f.name,
    project: f.project ?? project,
    environment: e.name,
    type: e.type ?? null,
    enabled: e.enabled ?? null,
    // A list the server left out is not counted as empty: its own count if it sent one, else unknown.
    strategies: e.strategies?.length ?? (e.hasStrategies === false ? 0 : null),
    variants: e.variants?.length ?? (typeof e.variantCount === 'number' ? e.variantCount : null),
    lastSeenAt: e.lastSeenAt ?? null,
  }));
}

/**
 * A 404 for a flag that is in the archive: say so, and how to bring it back, rather than the
 * server's "Could not find" (one search, only after a 404; a failed search leaves the 404).
 */
async function archivedInstead(
  ctx: RunContext,
  err: unknown,
  project: string,
  name: string,
): Promise<NotFoundError | undefined> {
  if (!(err instanceof ApiError) || err.status !== 404) return undefined;
  // A project that does not exist (a mistyped --project) explains a 404 first: exit 5, no search.
  await ctx.afterNotFound(err);
  try {
    const { archivedAmong } = await import('../../../api/archive.js');
    const found = (
      await archivedAmong(
        ctx.client(await ctx.target()),
        project,
        [name],
        ctx.pacer(() => undefined),
      )
    ).get(name);
    if (!found) return undefined;
    const since = found.archivedAt ? ` since ${found.archivedAt.slice(0, 10)}` : '';
    const archived = new NotFoundError(`feature "${name}" is archived in project ${project}${since}`);
    archived.hint = `Bring it back with: flagctl features revive ${name}${project === 'default' ? '' : ` --project ${project}`}`;
    return archived;
  } catch {
    return undefined;
  }
}

/** `feature get <name>`: every flag, --columns included, is checked before any request. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const name = req.args[0] as string;
  const f = req.options;
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(envColumns, ui.out.columns);
  const target = await ctx.target();
  const project = f.project ?? target.project;
  const client = ctx.client(target);
  const feature = await withSpinner(io, `Fetching ${name}`, () => getFlag(client, project, name)).catch(
    async (err: unknown) => {
      throw (await archivedInstead(ctx, err, project, name)) ?? err;
    },
  );
  const rows = { columns: cols, rows: envRows(feature, project) };
  let full = feature;
  let segments: SegmentNames = new Map();
  await render(ui, {
    kind: 'document',
    document: feature,
    // The full record needs tags and environment variants, which the feature's GET lacks,
    // and segment names, where strategies have only ids. What cannot be fetched stays out.
    // Loaded here: their checks are zod schemas, which `-o json` never needs.
    prepare: async () => {
      if (ui.out.columns) return;
      const [{ completeFlag }, { segmentNames }] = await Promise.all([
        import('../../../api/flag-complete.js'),
        import('../../../api/segments.js'),
      ]);
      const usesSegments = (feature.environments ?? []).some((e) =>
        (e.strategies ?? []).some((s) => s.segments?.length),
      );
      [full, segments] = await withSpinner(io, `Fetching ${name}`, () =>
        Promise.all([
          completeFlag(client, project, feature),
          usesSegments ? segmentNames(client).catch(() => segments) : segments,
        ]),
      );
    },
    table: async (ui) => {
      if (ui.out.columns) return void (await render(ui, { kind: 'rows', ...rows }));
      await print(ui, `${flagView(full, ui, segments).join('\n')}\n`);
    },
    rows,
  });
}
