import { ReadProgressLine } from '../../output/read-progress.js';
import { render } from '../../output/render.js';
import { fetchSnapshot } from '../../snapshot/fetch.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import type { options } from './options.js';

/** `export`: the project's snapshot on stdout, keys sorted, ending in a newline; built from GETs alone. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const ui = await ctx.ui(req.output);
  const envs = f.env?.length ? [...new Set(f.env.flat())] : undefined;
  const target = await ctx.target();
  const project = f.project ?? target.project;
  const client = ctx.client(target);
  const progress = new ReadProgressLine(ctx.io);
  try {
    const snapshot = await fetchSnapshot(client, project, envs, { progress: progress.for(project) });
    progress.clear();
    await render(ui, {
      kind: 'document',
      document: snapshot,
      sortedKeys: true,
      // export offers no format for people; a table is never asked for.
      table: () => Promise.resolve(),
    });
  } finally {
    progress.clear();
  }
}
