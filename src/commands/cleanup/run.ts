import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { flagLifecycle } from '../../api/flag-list.js';
import { keepFromLifecycle, type Kept } from '../../cleanup/keep.js';
import { cleanTree, leftoversOf } from '../../cleanup/tree-cleanup.js';
import { CheckFailedError, UsageError } from '../../errors.js';
import { cleanupView } from '../../output/cleanup-view.js';
import { render } from '../../output/render.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import { loadCalls } from '../../refs/calls.js';
import { configTop } from '../../refs/diff/config.js';
import { searchedPaths } from '../refs/paths.js';
import type { options } from './options.js';

/** Flag names never hold a / (Unleash's names are URL-safe): the paths start at the first word that does, or that exists. */
export function splitArgs(words: string[]): { flags: string[]; paths: string[] } {
  const at = words.findIndex((w, i) => i > 0 && (w.includes('/') || w === '.' || w === '..' || existsSync(w)));
  return at < 0 ? { flags: words, paths: [] } : { flags: words.slice(0, at), paths: words.slice(at) };
}

/** `flagctl cleanup`: the flags' kept values first (from --keep, else the server), then the tree. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const { flags, paths } = splitArgs((req.args[0] as string[] | undefined) ?? []);
  const tree = { paths: searchedPaths(paths), noIgnore: f.ignore === false, exclude: f.exclude ?? [], threads: 0 };
  // The calls refs checks (flagctl.json's refs.calls, at the top of the work tree holding the
  // first path), read and refused when wrong before any request.
  const first = tree.paths[0]!;
  const calls = loadCalls(configTop(first.kind === 'dir' ? first.path : dirname(first.path)));
  const ui = await ctx.ui(req.output);
  const kept: Kept[] = [];
  if (f.keep) {
    for (const flag of new Set(flags)) kept.push({ flag, keep: f.keep === 'on', source: '--keep' });
  } else {
    const target = await ctx.target();
    const client = ctx.client(target);
    const project = f.project ?? target.project;
    for (const flag of new Set(flags)) {
      const decided = keepFromLifecycle(await flagLifecycle(client, project, flag));
      if (typeof decided !== 'boolean') {
        throw new UsageError(
          `${flag}: the server has not decided which branch stays (${decided}); give --keep on or --keep off`,
        );
      }
      kept.push({ flag, keep: decided, source: 'server' });
    }
  }
  const result = await cleanTree(new Map(kept.map((k) => [k.flag, k.keep])), tree, f.write === true, calls);
  await render(ui, cleanupView(kept, result, f.write === true));
  const leftovers = leftoversOf(result).length;
  if (leftovers > 0 && !f.allowLeftovers) {
    throw new CheckFailedError(
      `${leftovers} place${leftovers === 1 ? '' : 's'} still name${leftovers === 1 ? 's' : ''} the flag: see the list above (--allow-leftovers exits 0)`,
      false,
    );
  }
}
