import { print } from '../../output/context.js';
import { withSpinner } from '../../output/spinner.js';
import { canonicalJson } from '../../snapshot/canonical.js';
import { fetchSnapshot } from '../../snapshot/fetch.js';
import type { RunContext } from '../kit/context.js';
import type { Request } from '../kit/spec.js';
import type { flags } from './flags.js';

/** `export`: the project's snapshot on stdout, keys sorted, ending in a newline. */
export async function run(ctx: RunContext, req: Request<typeof flags>): Promise<void> {
  const f = req.flags;
  const ui = await ctx.ui({ format: f.output, headers: true, csvRaw: false });
  const envs = f.env?.length ? [...new Set(f.env)] : undefined;
  const target = await ctx.target();
  const project = f.project ?? target.project;
  const client = ctx.client(target);
  try {
    const snapshot = await withSpinner(ctx.io, `Exporting project ${project}`, () => fetchSnapshot(client, project, envs));
    await print(ui, `${canonicalJson(snapshot)}\n`);
  } finally {
    await client.close();
  }
}
