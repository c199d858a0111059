import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { resolveTarget, type Target } from '../../config/resolve.js';
import { configDir, readConfig } from '../../config/store.js';
import { clockOf, write, type IO } from '../../io.js';
import type { RunContext } from '../../cli/context.js';
import { serverCandidates } from '../../cli/completion/server-values.js';
import type { ServerValues } from '../../cli/option-spec.js';

// `completion --server-names <kind> --word <text>`, which the scripts run on <TAB> where a
// flag, project, environment or segment name goes, as kubectl completes resource names. A
// <TAB> must never hang or spill an error into the command line, so: nothing at all without
// credentials (no request); names kept for a minute in the user's cache dir; the server asked
// for at most a moment; and on any failure the names of an older cache, or nothing, and never
// a message. The names become whole words here (`IS_ANY_OF:web,mobile`, `production:enabled`).

/** How long a cached list answers without asking the server. */
const TTL_MS = 60_000;
/** The longest a <TAB> waits for the server. */
const LIMIT_MS = 2_000;
/** Names a shell takes as one word, safely (Unleash names are URL-friendly). */
const SAFE = /^[A-Za-z0-9._~:@+-]{1,200}$/;
/** The same for a whole word, which may hold a list (`!web,mobile`). */
const SAFE_WORD = /^[A-Za-z0-9._~:@+,!-]{1,2000}$/;
/** Archived flags are found by search (rate-limited on 8.x): one page, of names holding what is typed. */
const ARCHIVED_PAGE = 100;

interface Cached {
  at: number;
  names: string[];
}

export function cacheDir(env: Record<string, string | undefined>): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'flagctl');
}

/**
 * One file per server, token, project and kind (and, for archived flags, the text searched
 * for); the token only as a hash, never itself.
 */
function cacheFile(env: Record<string, string | undefined>, target: Target, kind: string): string {
  const token = createHash('sha256').update(target.token).digest('hex');
  const key = createHash('sha256')
    .update(JSON.stringify([target.url, token, target.project, kind]))
    .digest('hex')
    .slice(0, 32);
  return join(cacheDir(env), `completion-${key}.json`);
}

function readCache(file: string): Cached | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Cached;
    return typeof data.at === 'number' && Array.isArray(data.names) ? data : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, cached: Cached): void {
  try {
    fs.mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(cached), { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs the next <TAB> a request.
  }
}

async function fetchNames(ctx: RunContext, target: Target, v: ServerValues, search: string): Promise<string[]> {
  const client = ctx.client(target);
  switch (v.names) {
    case 'projects':
      return (await (await import('../../api/project-list.js')).listProjects(client)).map((p) => p.id);
    case 'environments':
      return (await (await import('../../api/environments.js')).listEnvironments(client)).map((e) => e.name);
    case 'segments':
      return [...(await (await import('../../api/segments.js')).segmentDefinitions(client)).values()].map(
        (s) => s.name,
      );
    case 'archived': {
      const [{ searchPage }, { RateLimitPacer }] = await Promise.all([
        import('../../api/search.js'),
        import('../../api/http/rate-limit.js'),
      ]);
      const query = new URLSearchParams({
        archived: 'IS:true',
        project: `IS:${target.project}`,
        ...(search ? { query: search } : {}),
        sortBy: 'name',
        offset: '0',
        limit: String(ARCHIVED_PAGE),
      });
      const page = await searchPage(client, query, new RateLimitPacer({ clock: clockOf(ctx.io) }));
      // Search also matches descriptions: only names that start with what is typed.
      return page.features.map((f) => f.name).filter((n) => n.startsWith(search));
    }
    case 'features': {
      const { projectFlagList } = await import('../../api/project-flags.js');
      return (await projectFlagList(client, target.project)).features.map((f) => f.name);
    }
    case 'plan':
      // Read from the file, before any server is resolved (printServerNames).
      return [];
  }
}

/** The flags a plan file says to archive: what `retire apply --only/--skip` take. Nothing is sent. */
async function planNames(path: string | undefined): Promise<string[]> {
  if (!path) return [];
  try {
    const plan = await (await import('../../retire/plan-file.js')).readPlan(path);
    return plan.flags.filter((f) => f.verdict === 'archive').map((f) => f.name);
  } catch {
    return [];
  }
}

/** Prints the words the value can be, one per line; prints nothing when it cannot tell. */
export async function printServerNames(
  ctx: RunContext,
  v: ServerValues,
  word: string,
  args: readonly string[],
): Promise<void> {
  const { io } = ctx;
  if (v.names === 'plan') return printWords(io, v, (await planNames(args[0])).sort(), word);
  let target: Target;
  try {
    target = resolveTarget(
      { url: ctx.globals.url, profile: ctx.globals.profile },
      io.env,
      await readConfig(configDir(io.env)),
    );
  } catch {
    return;
  }
  ctx.noteToken(target.token);
  const clock = clockOf(io);
  // An archived flag is searched for by what is typed of it; every other kind is read whole.
  const search = v.names === 'archived' ? word : '';
  const file = cacheFile(io.env, target, search ? `${v.names}:${search}` : v.names);
  const cached = readCache(file);
  let names = cached && clock.now() - cached.at < TTL_MS ? cached.names : undefined;
  if (!names) {
    let timer: unknown;
    const late = new Promise<undefined>((resolve) => (timer = clock.setTimeout(() => resolve(undefined), LIMIT_MS)));
    try {
      const fresh = await Promise.race([fetchNames(ctx, target, v, search), late]);
      if (fresh) writeCache(file, { at: clock.now(), names: (names = fresh.filter((n) => SAFE.test(n)).sort()) });
    } catch {
      // Nothing new: an older list is better than none at a prompt.
    } finally {
      clock.clearTimeout(timer);
    }
    names ??= cached?.names;
  }
  await printWords(io, v, names ?? [], word);
}

async function printWords(io: IO, v: ServerValues, names: readonly string[], word: string): Promise<void> {
  const safe = names.filter((n) => SAFE.test(n));
  const words = serverCandidates(v, safe, word).filter((w) => SAFE_WORD.test(w));
  if (words.length) await write(io.stdout, `${words.join('\n')}\n`);
}
