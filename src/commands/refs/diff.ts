import { flagStage } from '../../api/flag-list.js';
import { listFlags } from '../../flags/list.js';
import { ApiError, CheckFailedError, CliError, ExitCode, UsageError } from '../../errors.js';
import { notice, print } from '../../output/context.js';
import { appendStepSummary } from '../../output/github.js';
import { PageProgress } from '../../output/page-progress.js';
import { changeColumns, oldFlagId } from './columns.js';
import {
  appendOutputs,
  changeRows,
  concernsOf,
  diffAnnotations,
  diffLines,
  diffMarkdown,
  type Concern,
} from '../../output/refs-diff-view.js';
import { render } from '../../output/render.js';
import { memoLookup } from '../../refs/references.js';
import { pathKind } from '../../refs/walk.js';
import { prepare, refsDiff, type DiffOptions } from '../../refs/diff/engine.js';
import { unreadable, type RefsDiff } from '../../refs/diff/model.js';
import * as z from '../../zod-mini.js';
import { resolveColumns } from '../../cli/columns.js';
import type { RunContext } from '../../cli/context.js';
import type { OptionValues, Request } from '../../cli/spec.js';
import { DIFF_FAIL_ON, FAIL_ON_STATES, type DiffFailOn, type options } from './options.js';

// `flagctl refs --diff <base>`: the refs command's branch for pull requests (src/refs/diff).

/** A gate that could not read everything it judges: a failure (1), never a pass. */
class IncompleteError extends CliError {
  readonly exitCode = ExitCode.requestFailed;
}

const isDiffGate = (s: string): s is DiffFailOn => (DIFF_FAIL_ON as readonly string[]).includes(s);
const projectsResponse = z.looseObject({ projects: z.array(z.looseObject({ id: z.string() })) });

/** Options that mean something only with --diff. */
export function refuseDiffOptions(f: OptionValues<typeof options>): void {
  if (f.root !== undefined)
    throw new UsageError('--root: only with --diff <base>; without it, give the paths to search as arguments');
  const gates = (f.failOn ?? []).filter(isDiffGate);
  if (gates.length > 0)
    throw new UsageError(
      `--fail-on ${gates.join(',')}: only with --diff <base>; without it, use ${FAIL_ON_STATES.join(', ')}`,
    );
}

export async function runDiff(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const paths = ((req.args[0] as string[] | undefined) ?? []).filter((p) => p.length > 0);
  if (paths.length > 0)
    throw new UsageError(`refs --diff takes no paths ("${paths[0]}"); give --root <dir> to compare one directory`);
  if (f.summary) throw new UsageError('--summary: not with --diff, which reports what a change adds and removes');
  if (f.allFlags) throw new UsageError('--all-flags: not with --diff');
  const states = (f.failOn ?? []).filter((s) => !isDiffGate(s));
  if (states.length > 0)
    throw new UsageError(`--fail-on ${states.join(',')}: with --diff, the gates are ${DIFF_FAIL_ON.join(', ')}`);
  const gates = (f.failOn ?? []).filter(isDiffGate);
  const root = f.root ?? '.';
  if (pathKind(root) !== 'dir')
    throw new UsageError(`--root "${root}": not a directory; give the directory to compare, e.g. --root packages/web`);
  const columns = resolveColumns(
    { all: changeColumns, defaults: changeColumns.map((c) => c.name), resolve: oldFlagId },
    req.output.columns,
  );
  const opts: DiffOptions = {
    dir: root,
    base: f.diff!,
    match: { delimiters: f.delimiters, aliases: f.aliases === true, maxFileBytes: f.maxFileKb * 1024 },
    noIgnore: f.ignore === false,
    exclude: f.exclude ?? [],
    projects: f.project,
    calls: f.calls,
  };
  // Everything that can be wrong locally is found before the first request.
  const prepared = await prepare(opts);

  const ui = await ctx.ui(req.output);
  const client = ctx.client(await ctx.target());
  const progress = new PageProgress(ctx.io, false);
  const pacer = ctx.pacer(progress.waiting);
  let result: RefsDiff;
  try {
    result = await refsDiff(opts, prepared, {
      flags: (projects) => listFlags(client, { projects, pacer }),
      projectIds: () =>
        client.getJson('/api/admin/projects', projectsResponse).then((r) => r.projects.map((p) => p.id)),
      lifecycle: memoLookup(async (flag) => {
        try {
          return await flagStage(client, flag.project, flag.name);
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return null; // deleted since the listing
          throw err;
        }
      }),
    });
  } finally {
    progress.clear();
  }
  ctx.debug(`base ${result.baseCommit}; ${result.changedFiles} changed files; ${result.skipped.length} not read`);

  const tripped = (g: Concern | 'unknown') => gates.includes(`added-${g}` as DiffFailOn);
  const env = ctx.io.env;
  await render(ui, {
    kind: 'document',
    document: result,
    table: async (u) => void (await print(u, `${diffLines(result, u).join('\n')}\n`)),
    markdown: async (u) => void (await print(u, diffMarkdown(result))),
    github: async (u) => {
      // GitHub shows a step's first 10 errors and 10 warnings: every finding is in the job summary.
      const annotations = diffAnnotations(result, tripped);
      await print(u, annotations.text);
      if (env.GITHUB_STEP_SUMMARY)
        await appendStepSummary(env.GITHUB_STEP_SUMMARY, diffMarkdown(result, annotations.leftOut));
      if (annotations.leftOut > 0)
        notice(
          ctx.io,
          `flagctl: ${annotations.leftOut} more finding${annotations.leftOut === 1 ? '' : 's'} not annotated (GitHub shows 10 errors and 10 warnings a step)${env.GITHUB_STEP_SUMMARY ? '; all are in the job summary' : ''}`,
        );
      if (env.GITHUB_OUTPUT) await appendOutputs(env.GITHUB_OUTPUT, result);
    },
    rows: { columns, rows: changeRows(result) },
    // The table lists what was not read; every other format says it on stderr.
    note:
      result.skipped.length > 0
        ? `flagctl: note: not read: ${result.skipped.map((s) => `${s.file} (${s.reason}, ${s.side})`).join(', ')}`
        : undefined,
  });

  const found: string[] = [];
  for (const r of result.flags) {
    if (r.added.length === 0) continue;
    const hit = concernsOf(r).filter(tripped);
    if (hit.length > 0) found.push(`${r.name} (${hit.join(', ')})`);
  }
  if (tripped('unknown') && result.unknown.length > 0)
    found.push(`${result.unknown.length} unknown name${result.unknown.length === 1 ? '' : 's'} in flag calls`);
  if (found.length > 0)
    throw new CheckFailedError(`this change adds references to ${found.join('; ')} (--fail-on ${gates.join(',')})`);
  const lost = unreadable(result);
  if (gates.length > 0 && lost.length > 0) {
    // A gate never passes on an incomplete answer.
    throw new IncompleteError(
      `could not read ${lost.map((s) => `${s.file} (${s.side})`).join(', ')}: --fail-on cannot pass on files it did not read`,
    );
  }
}
