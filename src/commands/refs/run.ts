import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { searchedPaths } from './paths.js';
import { defaultThreads } from './threads.js';
import { flagStage } from '../../api/flag-list.js';
import { listFlags, type FlagInfo } from '../../flags/list.js';
import { ApiError, CheckFailedError, UsageError } from '../../errors.js';
import { notice } from '../../output/context.js';
import { summaryMarkdown } from '../../output/github.js';
import { unannotatedMarkdown } from '../../output/refs-diff-view.js';
import { PageProgress } from '../../output/page-progress.js';
import { render } from '../../output/render.js';
import { sarifLog } from '../../output/sarif.js';
import {
  GATE_STATES,
  isFlagged,
  Tally,
  UNKNOWN_NAME,
  withUnknownRows,
  type FlagRow,
  type Reference,
} from '../../refs/model.js';
import { fillLifecycles, findReferences, memoLookup } from '../../refs/references.js';
import { groupedByFlag, referenceAnnotation } from '../../output/refs-view.js';
import { cleanupFooter, flagRowColumns, referenceColumns } from './columns.js';
import { emptyStats, type TreeOptions } from '../../refs/scan.js';
import { VERSION } from '../../version.js';
import { resolveColumns } from '../../cli/columns.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import { refuseDiffOptions, runDiff } from './diff.js';
import { FAIL_ON_STATES, UNKNOWN, type FailOnState, type options } from './options.js';
import { unknownReferences } from './unknown.js';
import { loadCalls } from '../../refs/calls.js';
import { configTop } from '../../refs/diff/config.js';
import { skippedLine, SkippedFilesError } from './skipped.js';

/** The job summary stays readable and far below GitHub's 1 MiB limit. */
const SUMMARY_ROWS = 500;

/** More threads than CPUs only compete for them (measured: 16 on 2 cores took 3-4× as long). */
function clampThreads(ctx: RunContext, asked: number): number {
  const cpus = availableParallelism();
  if (asked <= cpus) return asked;
  notice(
    ctx.io,
    `flagctl: --threads ${asked}: this machine has ${cpus} CPU${cpus === 1 ? '' : 's'}; using ${cpus} threads`,
  );
  return cpus;
}

/** `flagctl refs`: the server's flags, found in a source tree, joined to their lifecycle. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const { io } = ctx;
  const f = req.options;
  if (f.diff !== undefined) return runDiff(ctx, req);
  refuseDiffOptions(f);
  const paths = searchedPaths(req.args[0] as string[] | undefined);
  if (f.calls && !f.failOn?.includes(UNKNOWN))
    throw new UsageError(
      '--calls: only with --fail-on unknown (or with --diff, which reports unknown names), where the names in those calls are checked',
    );
  if (f.allowSkipped && !f.failOn)
    throw new UsageError('--allow-skipped: only with --fail-on, whose exit code it changes');
  const summary = f.summary === true;
  const columns = summary ? undefined : resolveColumns(referenceColumns, req.output.columns);
  const rowColumns = resolveColumns(flagRowColumns, summary ? req.output.columns : undefined);
  const tree: TreeOptions = {
    paths,
    noIgnore: f.ignore === false,
    exclude: f.exclude ?? [],
    threads: f.threads === undefined ? defaultThreads() : clampThreads(ctx, f.threads),
  };
  const match = { delimiters: f.delimiters, aliases: f.aliases === true, maxFileBytes: f.maxFileKb * 1024 };

  // flagctl.json (at the top of the work tree holding the first path) is read, and refused
  // when wrong, before any request.
  const calls = f.failOn?.includes(UNKNOWN)
    ? loadCalls(configTop(paths[0]!.kind === 'dir' ? paths[0]!.path : dirname(paths[0]!.path)), f.calls)
    : undefined;

  const ui = await ctx.ui(req.output);
  const target = await ctx.target();
  const client = ctx.client(target);
  const stats = emptyStats();
  const tally = new Tally();
  const failOn = (f.failOn ?? []).filter((s): s is FailOnState => (FAIL_ON_STATES as readonly string[]).includes(s));
  // An active flag's lifecycle costs one request per referenced flag (its stage rows: no bulk
  // read proves every stage, docs/guides/refs-internals.md): asked for only where
  // something shown or judged holds it. The summary, the completed gate and every format that
  // reads whole rows (json and ndjson rows, with the flags after them in json; annotations,
  // SARIF, the terminal view) always do; the other row formats when --columns names it.
  const needsLifecycle =
    summary ||
    failOn.includes('completed') ||
    ui.adapter.wholeRows(ui) ||
    Boolean(req.output.columns?.length && columns!.some((c) => c.name === 'lifecycle'));
  let gated = 0;
  let unknown: Reference[] = [];
  let flagList: FlagInfo[] = [];
  // Archived flags come from search: paced, and each wait said on stderr.
  const progress = new PageProgress(ctx.io, false);
  progress.purpose = 'searching for the archived flags';
  const pacer = ctx.pacer(progress.waiting);
  try {
    // The flags are fetched while the walk starts; the first file read waits for them.
    const listing = listFlags(client, { projects: f.project, pacer }).then((list) => {
      ctx.debug(`${list.length} flags (${list.filter((x) => x.archived).length} archived)`);
      return (flagList = list);
    });
    listing.catch(() => undefined); // awaited by the scan, and below
    const lookup = memoLookup(async (flag) => {
      try {
        return await flagStage(client, flag.project, flag.name);
      } catch (err) {
        // Deleted since the listing: nothing to say about its lifecycle.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    });
    // The flag rows (--summary's, and the ones json and yaml print after the references) also
    // show every stale or potentially stale flag, referenced or not (every flag with
    // --all-flags): those are known from the listing, so their lifecycles are asked for beside
    // the scan instead of after it. A failure is thrown where the rows are built.
    if (needsLifecycle && (summary || ui.adapter.shows === 'document')) {
      const shownAnyway = (x: FlagInfo) => !x.archived && (f.allFlags === true || x.state !== 'active');
      listing.then((list) => fillLifecycles(list.filter(shownAnyway), lookup)).catch(() => undefined);
    }
    const refs = async function* (): AsyncGenerator<Reference> {
      for await (const r of findReferences(listing, match, tree, stats, needsLifecycle ? lookup : undefined)) {
        tally.add(r);
        if (failOn.length > 0 && isFlagged(r, failOn)) gated++;
        yield r;
      }
      // --fail-on unknown: the names in flag calls that no flag has, as rows after the references.
      if (calls) {
        unknown = await unknownReferences({ tree, calls, match, projects: f.project }, await listing);
        yield* unknown;
      }
    };
    let rows: FlagRow[] | undefined;
    const flagRows = async () => {
      if (rows) return rows;
      await listing;
      const shown = tally.rows(flagList, f.allFlags === true, req.args[0] as string[] | undefined);
      const names = new Set(shown.map((r) => r.name));
      const todo = flagList.filter((x) => names.has(x.name) && x.lifecycle === null);
      // One read of its stage rows per flag, never search pages: search reports a flag's latest
      // stage row, the document its furthest stage, and they differ (docs/guides/refs-internals.md).
      await fillLifecycles(todo, lookup);
      return (rows = withUnknownRows(
        tally.rows(flagList, f.allFlags === true, req.args[0] as string[] | undefined),
        unknown,
      ));
    };

    if (summary) {
      for await (const _ of refs());
      await render(ui, {
        kind: 'rows',
        columns: rowColumns,
        rows: await flagRows(),
        jsonObject: { key: 'flags', after: () => ({}) },
        footer: cleanupFooter,
      });
    } else {
      await render(ui, {
        kind: 'rows',
        columns: columns!,
        rows: refs(),
        jsonObject: { key: 'references', after: async () => ({ flags: await flagRows() }) },
        annotate: referenceAnnotation,
        unannotated: { noun: 'reference', markdown: (left) => unannotatedMarkdown(left, SUMMARY_ROWS) },
        stepSummary: async () => {
          const all = await flagRows();
          const text = `${all.length} flag${all.length === 1 ? '' : 's'} to look at in ${stats.files} files.${all.length > SUMMARY_ROWS ? ` The first ${SUMMARY_ROWS}:` : ''}`;
          return summaryMarkdown('Feature flag references', text, rowColumns, all.slice(0, SUMMARY_ROWS));
        },
        sarif: {
          keep: (r) => isFlagged(r, GATE_STATES) || r.state === UNKNOWN_NAME,
          log: (flagged) => sarifLog(flagged, { version: VERSION, root: process.cwd() }),
        },
        grouped: (all, u) => (all.length > 0 ? groupedByFlag(all, u.style) : 'No references found.\n'),
      });
    }
    await listing; // a tree without files never waited for it: its failure still counts
    ctx.debug(
      `${stats.files} files read; skipped ${stats.skipped.binary} binary, ${stats.skipped.large} over ${f.maxFileKb} KiB, ${stats.skipped.link} links not followed, ${stats.skipped.special} special, ${stats.skipped.gone} gone since listed, ${stats.skipped.unreadable} unreadable, ${stats.skipped['bad-name']} not UTF-8 names`,
    );
    const skipped = skippedLine(stats, f.maxFileKb);
    if (skipped) notice(io, skipped);
  } finally {
    progress.clear();
  }
  if (gated > 0 || unknown.length > 0) {
    const found =
      gated > 0 ? [`${gated} reference${gated === 1 ? '' : 's'} to flags that are ${failOn.join(' or ')}`] : [];
    if (unknown.length > 0)
      found.push(`${unknown.length} name${unknown.length === 1 ? '' : 's'} in flag calls that no flag has (unknown)`);
    throw new CheckFailedError(`${found.join('; ')} (--fail-on)`);
  }
  // The size cap is a rule the user set or accepted (said above); unreadable files and names are not.
  const unread = stats.skipped.unreadable + stats.skipped['bad-name'];
  if ((failOn.length > 0 || f.failOn?.includes(UNKNOWN)) && unread > 0 && !f.allowSkipped) {
    throw new SkippedFilesError(
      `--fail-on: ${unread} path${unread === 1 ? '' : 's'} could not be read, so the gate cannot pass; --allow-skipped passes without them`,
    );
  }
}
