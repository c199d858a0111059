import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseBaseUrl } from '../../config/url.js';
import type { Target } from '../../config/resolve.js';
import { profileNamed, readConfig, type Config } from '../../config/store.js';
import { fileEnvironment } from '../../diff/view.js';
import { parseSide, type SideSpec } from '../../diff/sides.js';
import { UsageError } from '../../errors.js';
import { readSnapshotFile } from '../../snapshot/file.js';
import type { Snapshot } from '../../snapshot/model.js';
import type { RunContext } from '../../cli/context.js';

// From the words the user typed to two concrete sides, with every check that needs no
// request: profiles exist, snapshot files read and hold the environment, the sides differ.

export type Side =
  | {
      kind: 'server';
      label: string;
      source: string;
      server: Pick<Target, 'url' | 'token'>;
      project: string;
      env: string;
    }
  | { kind: 'file'; label: string; source: string; snapshot: Snapshot; env: string };

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export async function resolveSides(
  ctx: RunContext,
  texts: [string, string],
  project: string | undefined,
): Promise<[Side, Side]> {
  if (texts[0] === texts[1]) throw sameSide(texts);
  const specs = [parseSide(texts[0], 'left', isFile), parseSide(texts[1], 'right', isFile)] as const;
  let current: Promise<Target> | undefined;
  let config: Promise<Config> | undefined;
  const one = async (spec: SideSpec): Promise<Side> => {
    if (spec.kind === 'file') {
      const snapshot = await readSnapshotFile(spec.path, `@${spec.path}`);
      const env = fileEnvironment(snapshot, spec.env, `@${spec.path}`);
      return { kind: 'file', label: spec.text, source: `file ${resolve(spec.path)}`, snapshot, env };
    }
    if (spec.kind === 'env') {
      const target = await (current ??= ctx.target());
      return server(spec.text, target, project ?? target.project, spec.env);
    }
    const stored = await (config ??= readConfig(ctx.configDir));
    const profile = profileNamed(stored, spec.profile);
    if (!profile) {
      const known = Object.keys(stored.profiles);
      throw new UsageError(
        `${spec.text}: no profile named "${spec.profile}" (${known.length ? `profiles: ${known.join(', ')}` : 'no profiles are stored'})`,
        `Create it with: flagctl auth login --url <server-url> --profile ${spec.profile}`,
      );
    }
    ctx.noteToken(profile.token);
    const url = parseBaseUrl(profile.url, `profile "${spec.profile}" url`);
    return server(spec.text, { url, token: profile.token }, project ?? (profile.project || 'default'), spec.env);
  };
  const [left, right] = [await one(specs[0]), await one(specs[1])];
  if (left.source === right.source && left.env === right.env) throw sameSide(texts);
  if (project === undefined) otherProject(left, right);
  return [left, right];
}

/**
 * A snapshot records its project; a server side without --project reads the profile's. Two
 * different projects would report every feature as removed or added: a drift report about
 * the wrong project. --project says which to read (and so that comparing two is meant).
 */
function otherProject(left: Side, right: Side): void {
  for (const [file, srv] of [
    [left, right],
    [right, left],
  ] as const) {
    if (file.kind !== 'file' || srv.kind !== 'server' || file.snapshot.project === srv.project) continue;
    const [snap, read] = [file.snapshot.project, srv.project];
    throw new UsageError(
      `${file.label} is a snapshot of project "${snap}", but ${srv.label} reads project "${read}"; give --project ${snap} to compare it with ${snap}, or --project ${read} to compare the two projects`,
    );
  }
}

function sameSide(texts: [string, string]): UsageError {
  return new UsageError(
    `"${texts[0]}" and "${texts[1]}" are the same side (one environment of one server or snapshot); compare two different ones`,
  );
}

function server(label: string, target: Pick<Target, 'url' | 'token'>, project: string, env: string): Side {
  const url = target.url.replace(/\/+$/, '');
  return {
    kind: 'server',
    label,
    source: `server ${url} project ${project}`,
    server: { url, token: target.token },
    project,
    env,
  };
}
