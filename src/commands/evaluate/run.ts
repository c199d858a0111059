import { playground, type PlaygroundFlag } from '../../api/playground.js';
import { ApiError, CheckFailedError, NotFoundError, PermissionError, RequestError } from '../../errors.js';
import type { ApiClient } from '../../api/http/client.js';
import { parseContext } from '../../evaluate/context.js';
import { namesNotUsed } from '../../evaluate/context-names.js';
import { explain } from '../../evaluate/explain.js';
import { addParents } from '../../evaluate/parents.js';
import { print } from '../../output/context.js';
import { evaluateRow, evaluateView } from '../../output/evaluate-view.js';
import { evaluateColumns } from './columns.js';
import { render } from '../../output/render.js';
import { withSpinner } from '../../output/spinner.js';
import { resolveColumns } from '../../cli/columns.js';
import type { RunContext } from '../../cli/context.js';
import type { Request } from '../../cli/spec.js';
import type { options } from './options.js';

/** `evaluate`: everything the user gave is checked before the first request. */
export async function run(ctx: RunContext, req: Request<typeof options>): Promise<void> {
  const f = req.options;
  const names = [...new Set((req.args[0] as string[] | undefined) ?? [])];
  if (!f.env) throw new Error('unreachable: --env is checked by the record (check)');
  const { context, given } = parseContext(f.context ?? []);
  const ui = await ctx.ui(req.output);
  const cols = resolveColumns(evaluateColumns, ui.out.columns);

  const target = await ctx.target();
  const project = f.project ?? (f.all ? target.project : undefined);
  const client = ctx.client(target);
  const answer = await withSpinner(ctx.io, `Evaluating in ${f.env}`, async () => {
    // --env was checked against the server's environments by the kit (OptionSpec.environments).
    return playground(client, { environment: f.env!, projects: project ? [project] : '*', context });
  });
  const chosen = select(answer.features, names, f.all === true, project);
  // --fail-on names the state that fails: the other one is expected.
  const expected = f.expect ?? (f.failOn ? (f.failOn === 'on' ? 'off' : 'on') : undefined);
  if (expected) await checkContextNames(client, namesNotUsed(given, chosen[0]!), chosen[0]!.name);
  const explained = chosen.map((feature) => explain(feature, f.env!, context, given));
  await render(ui, {
    kind: 'document',
    document: { ...answer, features: chosen },
    table: async (ui) => {
      if (ui.out.columns)
        return void (await render(ui, { kind: 'rows', columns: cols, rows: explained.map(evaluateRow) }));
      // The explanation names an unsatisfied parent's state: one more request, for those features only.
      await addParents(client, explained, answer.features);
      await print(ui, `${evaluateView(explained, ui).join('\n')}\n`);
    },
    rows: { columns: cols, rows: explained.map(evaluateRow) },
  });

  const option = f.expect ? `--expect ${f.expect}` : `--fail-on ${f.failOn}`;
  if (expected) {
    const e = explained[0]!;
    // An evaluation the server could not finish confirms neither on nor off.
    if (e.state === 'unknown') {
      throw new CheckFailedError(
        `${e.feature} could not be evaluated fully in ${f.env} for this context (the server answered "unknown": a strategy it cannot evaluate, such as a custom one); ${option} is not confirmed`,
      );
    }
    const state = e.enabled ? 'on' : 'off';
    if (state !== expected) {
      throw new CheckFailedError(`${e.feature} is ${state} in ${f.env} for this context; expected ${expected}`);
    }
  }
}

/**
 * A gate's --context names that the feature does not read must be context fields of the server
 * (one read, only then): a typo would otherwise read as the field not given, and pass. A token
 * that may not list them stops the gate (exit 4), as with environments and segments.
 */
async function checkContextNames(client: ApiClient, unused: string[], feature: string): Promise<void> {
  if (unused.length === 0) return;
  const { contextFieldNames } = await import('../../api/context-fields.js');
  const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
  let known: string[];
  try {
    known = await contextFieldNames(client);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 403) throw err;
    throw new PermissionError(
      `cannot tell whether context field ${quoted(unused)} exists (--context): this token may not list context fields (HTTP 403), and a gate does not pass on an answer it cannot confirm`,
      'Use a token that may read /api/admin/context.',
    );
  }
  const missing = unused.filter((n) => !known.includes(n));
  if (missing.length === 0) return;
  throw new NotFoundError(
    `no context field ${quoted(missing)} on this server, and no constraint of ${feature} names ${missing.length > 1 ? 'them' : 'it'} (--context); it has: ${[...known].sort().join(', ') || '(none)'}`,
  );
}

/** The features asked for, in the order named; --all takes every one, by name. */
function select(
  features: PlaygroundFlag[],
  names: string[],
  all: boolean,
  project: string | undefined,
): PlaygroundFlag[] {
  if (all) {
    if (features.length === 0) throw new NotFoundError(`project "${project}" has no flags (is the project id right?)`);
    return [...features].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  const byName = new Map(features.map((x) => [x.name, x]));
  // Feature names are unique in an instance: a name listed twice (on and off, say) is an answer
  // that contradicts itself, and a gate must not pick the entry that happens to come last.
  if (byName.size < features.length) {
    const twice = names.find((n) => features.filter((x) => x.name === n).length > 1);
    if (twice) {
      const count = features.filter((x) => x.name === twice).length;
      throw new RequestError(
        `the playground's answer lists "${twice}" ${count} times; feature names are unique, so the answer contradicts itself and is not judged`,
      );
    }
  }
  const missing = names.filter((n) => !byName.has(n));
  if (missing.length > 0) {
    const where = project ? ` in project "${project}"` : '';
    const list = missing.map((n) => `"${n}"`).join(', ');
    throw new NotFoundError(`no feature named ${list}${where} (archived flags are not evaluated)`);
  }
  return names.map((n) => byName.get(n)!);
}
