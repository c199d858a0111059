import type { ApiClient } from '../api/http/client.js';
import { NotFoundError } from '../errors.js';
import { listProjectEnvironments, projectFlagList } from '../api/project-flags.js';
import { segmentDefinitions } from '../api/segments.js';
import { buildSnapshot } from './build.js';
import type { Snapshot } from './model.js';
import { readSource, type ReadProgress } from './read.js';
import { namedDocuments, namedSource } from './read-named.js';

/** Requests in flight at once for per-feature documents (the client keeps 8 connections). */
const CONCURRENCY = 8;

export interface FetchOptions {
  /** Features read so far. */
  progress?: ReadProgress;
  /** Only these features (by name): their documents alone are read, not the project's list. */
  only?: readonly string[];
}

/**
 * A project's flag configuration as a snapshot, from GETs alone (see read.ts): nothing is
 * written to the server or its audit log. The project's environment list comes first (it
 * checks the names asked for; a few milliseconds). `environments` undefined means all of the
 * project's.
 */
export async function fetchSnapshot(
  client: ApiClient,
  project: string,
  environments?: string[],
  options: FetchOptions = {},
): Promise<Snapshot> {
  // Named features' documents are asked for beside the environment list: a few requests, in one round trip.
  const named = options.only && namedDocuments(client, project, options.only, CONCURRENCY, options.progress);
  named?.catch(() => undefined);
  const all = await listProjectEnvironments(client, project);
  if (all.length === 0)
    throw new NotFoundError(`project "${project}" not found on the server (it has no environments)`);
  if (environments) checkEnvironments(environments, all, project);
  const envs = environments ?? all;
  if (named) return buildSnapshot(await namedSource(client, project, envs, await named));
  const segments = segmentDefinitions(client);
  // Settled at once so that a failure elsewhere does not leave it rejected and unheard.
  segments.catch(() => undefined);
  const list = await projectFlagList(client, project);
  return buildSnapshot(
    await readSource(client, project, envs, list, await segments, {
      concurrency: CONCURRENCY,
      progress: options.progress,
    }),
  );
}

/** Every environment asked for must be one of the project's: exit 5 listing them otherwise. */
function checkEnvironments(asked: readonly string[], available: readonly string[], project: string): void {
  const missing = asked.filter((e) => !available.includes(e));
  if (missing.length === 0) return;
  const names = missing.map((e) => `"${e}"`).join(', ');
  throw new NotFoundError(
    `environment${missing.length > 1 ? 's' : ''} ${names} not found in project "${project}" (environments: ${available.join(', ')})`,
  );
}
