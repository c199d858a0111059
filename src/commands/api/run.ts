import { jsonText, parseJson } from '../../api/http/json-text.js';
import { getRaw, paginate } from '../../api/raw.js';
import { apiTarget } from './target.js';
import { write } from '../../io.js';
import { notice } from '../../output/context.js';
import { render } from '../../output/render.js';
import { PageProgress } from '../../output/page-progress.js';
import { inertJson, termSafe } from '../../output/sanitize.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import type { options } from './options.js';

/** `api <path>`: one GET (or every page with --paginate); nothing but GET is ever sent. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const { io } = ctx;
  const target = await ctx.target();
  const where = apiTarget(req.args[0] as string, target.url, [...(f.rawField ?? []), ...(f.query ?? [])]);
  const client = ctx.client(target);
  if (!f.paginate) {
    const res = await getRaw(client, where);
    return await write(io.stdout, forStdout(res.text, res.contentType, io.stdoutIsTTY));
  }
  const progress = new PageProgress(io, false);
  const pacer = ctx.pacer(progress.waiting);
  const pages = await paginate(client, where, pacer);
  if (!pages.paged) {
    notice(io, `flagctl: note: ${where.path} is not a list with a total; printed as it came`);
    return await write(
      io.stdout,
      forStdout(inertJson(jsonText(pages.body), false), 'application/json', io.stdoutIsTTY),
    );
  }
  // flagctl's own JSON (or YAML), not the body as it came: made inert like every -o json.
  const ui = await ctx.ui(req.output);
  await render(ui, { kind: 'rows', columns: [], rows: pages.items, compact: true });
}

/**
 * The body as it came when piped. On a terminal, JSON is pretty-printed and every line is
 * made safe: a server's text must not drive the terminal. Numbers keep the server's digits
 * (json-text.ts), as everywhere else.
 */
function forStdout(text: string, contentType: string | undefined, tty: boolean): string {
  if (!tty) return text;
  let shown = text;
  if (/json/i.test(contentType ?? '')) {
    try {
      shown = jsonText(parseJson(text), 2);
    } catch {
      // Not valid JSON after all: shown as it came, made safe.
    }
  }
  return `${safeLines(shown)}\n`;
}

function safeLines(text: string): string {
  return text.split('\n').map(termSafe).join('\n');
}
