import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { resolveTarget, type Target } from '../../config/resolve.js';
import { configDir, readConfig } from '../../config/store.js';
import { clockOf, write } from '../../io.js';
import type { RunContext } from '../../cli/context.js';
import type { ServerNames } from '../../cli/spec.js';

// `completion --server-names <kind>`, which the scripts run on <TAB> where a flag, project or
// environment name goes, as kubectl completes resource names. A <TAB> must never hang or
// spill an error into the command line, so: nothing at all without credentials (no request);
// names kept for a minute in the user's cache dir; the server asked for at most a moment; and
// on any failure the names of an older cache, or nothing, and never a message.

/** How long a cached list answers without asking the server. */
const TTL_MS = 60_000;
/** The longest a <TAB> waits for the server. */
const LIMIT_MS = 2_000;
/** Names a shell takes as one word, safely (Unleash names are URL-friendly). */
const SAFE = /^[A-Za-z0-9._~:@+-]{1,200}$/;

interface Cached {
  at: number;
  names: string[];
}

export function cacheDir(env: Record<string, string | undefined>): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'flagctl');
}

/** One file per server, token, project and kind; the token only as a hash, never itself. */
function cacheFile(env: Record<string, string | undefined>, target: Target, kind: ServerNames): string {
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

async function fetchNames(ctx: RunContext, target: Target, kind: ServerNames): Promise<string[]> {
  const client = ctx.client(target);
  if (kind === 'projects')
    return (await (await import('../../api/project-list.js')).listProjects(client)).map((p) => p.id);
  if (kind === 'environments')
    return (await (await import('../../api/environments.js')).listEnvironments(client)).map((e) => e.name);
  const { projectFlagList } = await import('../../api/project-flags.js');
  return (await projectFlagList(client, target.project)).features.map((f) => f.name);
}

/** Prints the names, one per line; prints nothing when it cannot tell. */
export async function printServerNames(ctx: RunContext, kind: ServerNames): Promise<void> {
  const { io } = ctx;
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
  const file = cacheFile(io.env, target, kind);
  const cached = readCache(file);
  let names = cached && clock.now() - cached.at < TTL_MS ? cached.names : undefined;
  if (!names) {
    let timer: unknown;
    const late = new Promise<undefined>((resolve) => (timer = clock.setTimeout(() => resolve(undefined), LIMIT_MS)));
    try {
      const fresh = await Promise.race([fetchNames(ctx, target, kind), late]);
      if (fresh) writeCache(file, { at: clock.now(), names: (names = fresh.filter((n) => SAFE.test(n)).sort()) });
    } catch {
      // Nothing new: an older list is better than none at a prompt.
    } finally {
      clock.clearTimeout(timer);
    }
    names ??= cached?.names;
  }
  const safe = (names ?? []).filter((n) => SAFE.test(n));
  if (safe.length) await write(io.stdout, `${safe.join('\n')}\n`);
}
