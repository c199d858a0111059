import { readFile } from 'node:fs/promises';
import { activeFeatures, batches, reviveFeatures } from '../../../api/archive.js';
import { checkJsonDepth } from '../../../config/json-file.js';
import { ApiError, RequestError, UsageError } from '../../../errors.js';
import { render } from '../../../output/render.js';
import type { Column } from '../../../output/rows.js';
import { RESULT_KIND } from '../../../retire/model.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';
import type { options } from './options.js';

interface Row {
  flag: string;
  result: 'revived' | 'failed';
  detail: string;
}
const columns: Column<Row>[] = [
  { name: 'flag', value: (r) => r.flag },
  { name: 'result', value: (r) => r.result },
  { name: 'detail', value: (r) => r.detail },
];

/** The archived names and project of a `retire apply --result` file. */
async function fromResult(path: string): Promise<{ names: string[]; project: string; server: string }> {
  const expected = 'expected the file of retire apply --result';
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`--from "${path}": cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'}); ${expected}`);
  }
  checkJsonDepth(text, `--from "${path}"`, expected);
  let doc: { kind?: unknown; archived?: unknown; project?: unknown; server?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    throw new UsageError(`--from "${path}": not JSON; ${expected}`);
  }
  const names = doc?.archived;
  if (doc?.kind !== RESULT_KIND || !Array.isArray(names) || !names.every((n) => typeof n === 'string') || typeof doc.project !== 'string' || typeof doc.server !== 'string') {
    throw new UsageError(`--from "${path}": not a retire apply result (kind "${RESULT_KIND}" with an archived list)`);
  }
  return { names: names as string[], project: doc.project, server: doc.server };
}

/** `flagctl features revive`: restore archived flags and check that they are back. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const given = (req.args[0] as string[] | undefined) ?? [];
  const from = f.from ? await fromResult(f.from) : undefined;
  if (from && f.project && f.project !== from.project) throw new UsageError(`--project "${f.project}": the result file is for project "${from.project}"`);
  const target = await ctx.target();
  if (from && from.server.replace(/\/+$/, '') !== target.url.replace(/\/+$/, '')) {
    throw new UsageError(`--from: the flags were archived on ${from.server}, not on ${target.url}; use --url ${from.server}`);
  }
  const project = from?.project ?? f.project ?? target.project;
  const names = [...new Set(from?.names ?? given)];
  const ui = await ctx.ui(req.output);
  const client = ctx.client(target);
  const failed = new Map<string, string>();
  let revived: string[] = [];
  for (const batch of batches(names)) {
    ctx.debug(`write: POST /api/admin/projects/${project}/revive {features: ${batch.length} name${batch.length === 1 ? '' : 's'}}`);
    try {
      await reviveFeatures(client, project, batch);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const n of batch) failed.set(n, err.message);
    }
  }
  if (names.length > 0) {
    // The server answers 200 for names it does not have: only a read says what came back.
    const active = await activeFeatures(client, project);
    revived = names.filter((n) => !failed.has(n) && active.has(n));
    for (const n of names) if (!failed.has(n) && !active.has(n)) failed.set(n, `not active in project ${project} after the request (not an archived flag of this project?)`);
  }
  const rows: Row[] = [
    ...revived.map((flag): Row => ({ flag, result: 'revived', detail: '' })),
    ...[...failed].map(([flag, detail]): Row => ({ flag, result: 'failed', detail })),
  ];
  await render(ui, {
    kind: 'document',
    document: { project, revived, failed: [...failed].map(([name, message]) => ({ name, message })) },
    table: (u) => render(u, { kind: 'rows', columns, rows }).then(() => undefined),
  });
  if (failed.size > 0) throw new RequestError(`${failed.size} flag${failed.size === 1 ? ' was' : 's were'} not revived`);
}
