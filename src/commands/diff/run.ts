import { diffSegments, diffViews, type EnvView } from '../../diff/engine.js';
import { envView } from '../../diff/view.js';
import { CheckFailedError, NotFoundError } from '../../errors.js';
import { print } from '../../output/context.js';
import { diffLines, diffMarkdown, statLines, summary } from '../../output/diff-view.js';
import { render } from '../../output/render.js';
import { ReadProgressLine } from '../../output/read-progress.js';
import { fetchSnapshot } from '../../snapshot/fetch.js';
import type { Snapshot } from '../../snapshot/model.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import type { options } from './options.js';
import { resolveSides, type Side } from './resolve.js';

/** `diff <left> <right>`: every input is checked before a request; exit 3 when the sides differ. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const ui = await ctx.ui(req.output);
  const sides = await resolveSides(ctx, req.args as [string, string], f.project);
  const only = f.feature?.length ? new Set(f.feature.flat()) : undefined;
  const progress = new ReadProgressLine(ctx.io);
  const [left, right] = await views(ctx, sides, only, progress).finally(() => progress.clear());
  if (only) {
    const missing = [...only].filter((name) => !left.features.has(name) && !right.features.has(name));
    if (missing.length > 0)
      throw new NotFoundError(`--feature: ${missing.map((n) => `"${n}"`).join(', ')} on neither side`);
  }
  const result = {
    changes: diffViews(left, right, { flagFields: sides[0].source !== sides[1].source }),
    segments: diffSegments(left, right),
  };
  const labels = { left: sides[0].label, right: sides[1].label };
  await render(ui, {
    kind: 'document',
    document: result,
    table: async (ui) => print(ui, `${(f.stat ? statLines : diffLines)(result, labels, ui).join('\n')}\n`),
    markdown: async (ui) => print(ui, diffMarkdown(result, labels, f.stat === true)),
  });
  // The result (and its summary line) is on stdout; stderr stays for diagnostics.
  if (f.failOn !== 'none' && result.changes.length + result.segments.length > 0)
    throw new CheckFailedError(summary(result, labels), true);
}

/**
 * Both sides' views. Server sides of one server and project share one fetch: the environment
 * list, the feature list and each feature's document (GETs only); with --feature, only those
 * features' documents and the segments they use.
 */
async function views(
  ctx: RunContext,
  sides: [Side, Side],
  only: Set<string> | undefined,
  progress: ReadProgressLine,
): Promise<[EnvView, EnvView]> {
  const fetches = new Map<string, Promise<Snapshot>>();
  const envsOf = (source: string) => sides.filter((s) => s.source === source).map((s) => s.env);
  const snapshotOf = (side: Side): Promise<Snapshot> => {
    if (side.kind === 'file') return Promise.resolve(side.snapshot);
    let p = fetches.get(side.source);
    if (!p) {
      const client = ctx.client(side.server);
      const read = { progress: progress.for(side.source), only: only && [...only] };
      p = fetchSnapshot(client, side.project, [...new Set(envsOf(side.source))], read).finally(() => client.close());
      fetches.set(side.source, p);
    }
    return p;
  };
  const [a, b] = await Promise.all(sides.map(snapshotOf));
  return [envView(a!, sides[0].env, only), envView(b!, sides[1].env, only)];
}
