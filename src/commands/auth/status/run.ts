import { maskToken, tokenKind } from '../../../config/token.js';
import { ApiError } from '../../../errors.js';
import type { RunContext } from '../../../cli/context.js';
import { checkToken } from '../check.js';

/** `auth status`: where the server and token come from, then a live check of the token. */
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
}
