import type { ApiClient } from '../api/client.js';
import { NotFoundError } from '../errors.js';
import {
  exportEnvironment,
  lacksExport,
  listProjectEnvironments,
  listProjectFeatures,
  projectFeatureList,
  type ExportDocument,
  type ProjectFeatureItem,
} from '../api/export.js';
import { getFeature } from '../api/features.js';
import { segmentDefinitions } from '../api/segments.js';
import { buildSnapshot, type SourceEnvironment, type SourceFeature, type SourceProject, type SourceSegment } from './build.js';
import { strategyOrderMatters, type Snapshot } from './model.js';
import { readSource, type ReadProgress } from './read.js';
import { eachLimited } from './limit.js';

/** Requests in flight at once for per-feature documents (the client keeps 8 connections). */
const CONCURRENCY = 8;

export interface FetchOptions {
  /**
   * Use the server's batch export (one POST per environment). Faster, but Unleash records
   * each call as a `features-exported` event holding the whole export: a write to the audit log.
   */
  batchExport?: boolean;
  /** Features read so far (the read path only). */
  progress?: ReadProgress;
}

/**
 * A project's flag configuration as a snapshot. The project's environment list comes first (it
 * checks the names asked for; a few milliseconds). By default everything else is read with
 * GETs (see read.ts); `batchExport` takes one batch export per environment instead. Both give
 * the same bytes. `environments` undefined means all of the project's.
 */
export async function fetchSnapshot(client: ApiClient, project: string, environments?: string[], options: FetchOptions = {}): Promise<Snapshot> {
  const all = await listProjectEnvironments(client, project);
  if (all.length === 0) throw new NotFoundError(`project "${project}" not found on the server (it has no environments)`);
  if (environments) checkEnvironments(environments, all, project);
  const envs = environments ?? all;
  const segments = segmentDefinitions(client);
  // Settled at once so that a failure elsewhere does not leave it rejected and unheard.
  segments.catch(() => undefined);
  const read = async () =>
    readSource(client, project, envs, await projectFeatureList(client, project), await segments, { concurrency: CONCURRENCY, progress: options.progress });
  if (!options.batchExport) return buildSnapshot(await read());
  let docs: ExportDocument[];
  try {
    docs = await Promise.all(envs.map((env) => exportEnvironment(client, project, env)));
  } catch (err) {
    if (!lacksExport(err)) throw err;
    return buildSnapshot(await read());
  }
  const source = fromExports(project, envs, docs, await segments);
  if (allEnabled(docs)) takeEnabled(source, await listProjectFeatures(client, project));
  await addStrategyOrder(client, source);
  return buildSnapshot(source);
}

/**
 * Unleash 6.10.1's batch export says `enabled: true` for every feature in every environment.
 * An export where every feature is on is therefore checked against the project's feature list
 * (one more request); any other export is taken as it is (8.2.0's agrees with the list).
 */
function allEnabled(docs: ExportDocument[]): boolean {
  const states = docs.flatMap((d) => d.featureEnvironments ?? []);
  return states.length > 0 && states.every((fe) => fe.enabled === true);
}

function takeEnabled(source: SourceProject, list: ProjectFeatureItem[]): void {
  const byName = new Map(list.map((f) => [f.name, f]));
  for (const f of source.features) {
    const item = byName.get(f.name);
    for (const [env, e] of f.environments) {
      const enabled = item?.environments?.find((x) => x.name === env)?.enabled;
      if (typeof enabled === 'boolean') e.enabled = enabled;
    }
  }
}

/**
 * One source from one export per environment. Feature-level fields come from the first.
 * Segments come from GET /api/admin/segments (with their constraints); the export's only name them.
 */
export function fromExports(project: string, environments: string[], docs: ExportDocument[], segments: Map<number, SourceSegment>): SourceProject {
  const features = new Map<string, SourceFeature>();
  docs.forEach((doc, i) => {
    const env = environments[i]!;
    for (const f of doc.features) {
      if (f.archived === true || features.has(f.name)) continue;
      features.set(f.name, { ...f, tags: [], dependencies: [], environments: new Map() });
    }
    if (i === 0) {
      for (const t of doc.featureTags ?? []) features.get(t.featureName)?.tags.push({ type: t.tagType, value: t.tagValue });
      for (const d of doc.dependencies ?? []) features.get(d.feature)?.dependencies.push(...(d.dependencies ?? []));
    }
    const envOf = (name: string): SourceEnvironment | undefined => {
      const f = features.get(name);
      if (!f) return undefined;
      let e = f.environments.get(env);
      if (!e) f.environments.set(env, (e = { strategies: [] }));
      return e;
    };
    for (const fe of doc.featureEnvironments ?? []) {
      if (fe.environment && fe.environment !== env) continue;
      const e = envOf(fe.featureName);
      if (e) Object.assign(e, { enabled: fe.enabled, variants: fe.variants });
    }
    for (const s of doc.featureStrategies ?? []) envOf(s.featureName)?.strategies.push(s);
  });
  return { project, environments, features: [...features.values()], segments };
}

/**
 * The batch export leaves out strategies' sortOrder. Where order changes evaluation (see
 * strategyOrderMatters), the feature's own document supplies it, matched by strategy id:
 * one GET per such feature, whatever the number of environments.
 */
async function addStrategyOrder(client: ApiClient, source: SourceProject): Promise<void> {
  const needed = source.features.filter((f) => [...f.environments.values()].some((e) => strategyOrderMatters(e.strategies)));
  await eachLimited(needed, CONCURRENCY, async (f) => {
    const doc = await getFeature(client, source.project, f.name);
    const order = new Map<string, number>();
    for (const e of doc.environments ?? []) {
      for (const s of e.strategies ?? []) if (s.id && typeof s.sortOrder === 'number') order.set(s.id, s.sortOrder);
    }
    for (const e of f.environments.values()) {
      e.strategies = e.strategies.map((s) => ({ ...s, sortOrder: s.id ? order.get(s.id) : undefined }));
    }
  });
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
