import { jsonText, parseJson } from '../../api/http/json-text.js';
import { getRaw, paginate } from '../../api/raw.js';
import { apiTarget } from './target.js';
import { write } from '../../io.js';
import { notice } from '../../output/context.js';
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
  const where = apiTarget(req.args[0] as string, target.url, f.query ?? []);
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
    return await write(io.stdout, forStdout(inertJson(jsonText(pages.body), false), 'application/json', io.stdoutIsTTY));
  }
  const ndjson = f.output === 'ndjson';
  const indent = io.stdoutIsTTY ? 2 : undefined;
  let n = 0;
  if (!ndjson) await write(io.stdout, '[');
  for await (const item of pages.items) {
    const text = ndjson ? jsonText(item) : jsonText(item, indent);
    // flagctl's own JSON, not the body as it came: a legacy workflow command stays escaped.
    const shown = io.stdoutIsTTY ? safeLines(text) : inertJson(text, false);
    await write(io.stdout, ndjson ? `${shown}\n` : `${n === 0 ? '\n' : ',\n'}${indent ? shown.replace(/^/gm, '  ') : shown}`);
    n++;
  }
  if (!ndjson) await write(io.stdout, n ? '\n]\n' : ']\n');
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
