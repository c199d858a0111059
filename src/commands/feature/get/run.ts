import { getFeature } from '../../../api/flag.js';
import type { Feature, FeatureEnvironment } from '../../../api/schemas/flag.js';
import { featureView, type SegmentNames } from '../../../output/feature-view.js';
import { print } from '../../../output/context.js';
import { render } from '../../../output/render.js';
import { writeRows, type ColumnSet } from '../../../output/rows.js';
import { withSpinner } from '../../../output/spinner.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import type { options } from './options.js';

interface EnvRow {
  feature: string;
  project: string | null;
  environment: string;
  type: string | null;
  enabled: boolean | null;
  strategies: number | null;
  variants: number | null;
  lastSeenAt: string | null;
}

const envColumns: ColumnSet<EnvRow> = {
  all: [
    { name: 'feature', value: (r) => r.feature },
    { name: 'project', value: (r) => r.project },
    { name: 'environment', value: (r) => r.environment },
    { name: 'type', value: (r) => r.type },
    { name: 'enabled', kind: 'bool', value: (r) => r.enabled },
    { name: 'strategies', kind: 'number', value: (r) => r.strategies },
    { name: 'variants', kind: 'number', value: (r) => r.variants },
    { name: 'lastSeenAt', kind: 'time', value: (r) => r.lastSeenAt },
  ],
  defaults: ['feature', 'project', 'environment', 'type', 'enabled', 'strategies', 'variants', 'lastSeenAt'],
};

function envRows(f: Feature, project: string): EnvRow[] {
  return (f.environments ?? []).map((e: FeatureEnvironment) => ({
    feature: f.name,
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
  const feature = await withSpinner(io, `Fetching ${name}`, () => getFeature(client, project, name));
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
      const [{ completeFeature }, { segmentNames }] = await Promise.all([import('../../../api/flag-complete.js'), import('../../../api/segments.js')]);
      const usesSegments = (feature.environments ?? []).some((e) => (e.strategies ?? []).some((s) => s.segments?.length));
      [full, segments] = await withSpinner(io, `Fetching ${name}`, () =>
        Promise.all([completeFeature(client, project, feature), usesSegments ? segmentNames(client).catch(() => segments) : segments]),
      );
    },
    table: async (ui) => {
      if (ui.out.columns) return void (await writeRows(ui, rows.columns, rows.rows));
      await print(ui, `${featureView(full, ui, segments).join('\n')}\n`);
    },
    rows,
  });
}
