import { projectIds } from '../../../api/project-list.js';
import { maskToken, tokenKind } from '../../../config/token.js';
import { ApiError, NotFoundError } from '../../../errors.js';
import type { RunContext } from '../../../cli/context.js';
import { checkToken } from '../check.js';

/** `auth status`: where the server and token come from, a live check of the token, then of the project. */
export async function run(ctx: RunContext): Promise<void> {
  const { io } = ctx;
  const target = await ctx.target();
  const source = target.urlSource === 'config' ? 'config' : 'flag/environment';
  const lines = [
    `Profile:  ${target.profile ?? '(none)'}`,
    `URL:      ${target.url} (from ${source})`,
    `Token:    ${maskToken(target.token)} (${tokenKind(target.token)}, from ${target.tokenSource})`,
    `Project:  ${target.project}`,
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  const client = ctx.client(target);
  try {
    await checkToken(client);
    io.stdout.write('Check:    ok, the server accepts this token\n');
  } catch (err) {
    const why = err instanceof ApiError ? `HTTP ${err.status}` : 'server unreachable';
    io.stdout.write(`Check:    failed (${why})\n`);
    throw err;
  }
  const known = await projectIds(client);
  if (!(known instanceof Set)) {
    io.stdout.write(`Check:    project not checked (the project list is refused: HTTP ${known.status})\n`);
    return;
  }
  if (known.has(target.project)) return;
  const list = [...known].sort();
  const shown =
    list.length > 20 ? `${list.slice(0, 20).join(', ')}, … (${list.length} in all)` : list.join(', ') || '(none)';
  io.stdout.write(`Check:    failed, project "${target.project}" is not on this server\n`);
  const err = new NotFoundError(`the profile's project "${target.project}" is not on this server; it has: ${shown}`);
  err.hint = `Log in again with another project: flagctl auth login --url ${target.url}${target.profile ? ` --profile ${target.profile}` : ''} --project <id>`;
  throw err;
}
