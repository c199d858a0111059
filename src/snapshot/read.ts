import * as z from '../zod-mini.js';
import type { ApiClient } from '../api/http/client.js';
import { RequestError } from '../errors.js';
import type { ProjectFlagItem } from '../api/project-flags.js';
import { fast } from '../api/schemas/search-check.js';
import { segment } from '../api/http/path.js';
import { envVariant, flag, tag, type Flag } from '../api/schemas/flag.js';
import type { SourceFlag, SourceProject, SourceSegment } from './build.js';
import { eachLimited } from '../api/http/limit.js';

/** Features read so far, of how many; for a progress line. */
export type ReadProgress = (done: number, total: number) => void;

/**
 * The snapshot's source from reads alone (the default): the project's feature list (already
 * fetched by the caller), then each feature's own document, which carries every environment
 * (strategies with their sortOrder, variants with `variantEnvironments=true`) and its
 * dependencies, at most `concurrency` at a time over the client's keep-alive connections.
 * Tags come from the feature list, which real servers (version 2 of the list, 6.x and 8.x)
 * fill on every tagged feature; only a list from an older server is followed by a GET of
 * each feature's tags. Nothing here is written to the server or its event log.
 */
export async function readSource(
  client: ApiClient,
  project: string,
  environments: string[],
  list: { version?: number | null; features: ProjectFlagItem[] },
  segments: Map<number, SourceSegment>,
  options: { concurrency: number; progress?: ReadProgress },
): Promise<SourceProject> {
  const features: SourceFlag[] = [];
  const listsTags = (list.version ?? 0) >= 2 || list.features.some((item) => item.tags);
  const total = list.features.length;
  options.progress?.(0, total);
  await eachLimited(list.features, options.concurrency, async (item) => {
    const [doc, tags] = await Promise.all([
      flagDocument(client, project, item.name),
      listsTags ? (item.tags ?? []) : flagTags(client, item.name),
    ]);
    features.push(await fromDocument(client, project, doc, tags, environments));
    options.progress?.(features.length, total);
  });
  return { project, environments, features, segments };
}

export async function fromDocument(
  client: ApiClient,
  project: string,
  doc: Flag,
  tags: { type?: string | null; value: string }[],
  environments: string[],
): Promise<SourceFlag> {
  const envs = (doc.environments ?? []).filter((e) => environments.includes(e.name));
  // Real servers list every environment of the project in each feature's document. One left
  // out would read as "off, no strategies" on both sides of a diff, which would then pass.
  const missing = environments.filter((name) => !envs.some((e) => e.name === name));
  if (missing.length > 0) {
    const what = `environment${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')}`;
    throw new RequestError(
      `the document of feature "${doc.name}" (GET ${flagPath(project, doc.name)}) has no ${what}, which the project has; the answer is incomplete`,
    );
  }
  // The contract lets an environment leave out `strategies`, and a broken server may send
  // `enabled: null`. Read as "none" and "off", two sides that were not sent would compare as
  // equal. A server that says it has no strategies (hasStrategies: false) is taken at its word.
  for (const e of envs) {
    const lacks =
      typeof e.enabled !== 'boolean'
        ? 'whether it is enabled'
        : !e.strategies && e.hasStrategies !== false
          ? 'its strategies'
          : undefined;
    if (lacks)
      throw new RequestError(
        `the document of feature "${doc.name}" (GET ${flagPath(project, doc.name)}) lists environment "${e.name}" without ${lacks}; the answer is incomplete`,
      );
  }
  // A server that ignores variantEnvironments leaves variants out: ask the environment itself.
  const variants = await Promise.all(
    envs.map((e) => e.variants ?? environmentVariants(client, project, doc.name, e.name)),
  );
  return {
    name: doc.name,
    type: doc.type,
    description: doc.description,
    stale: doc.stale,
    impressionData: doc.impressionData,
    tags: tags.map((t) => ({ type: t.type ?? 'simple', value: t.value })),
    dependencies: doc.dependencies ?? [],
    environments: new Map(
      envs.map((e, i) => [e.name, { enabled: e.enabled, strategies: e.strategies ?? [], variants: variants[i] }]),
    ),
  };
}

// Checked by a compiled walk that keeps the server's objects as they are: zod would copy each
// parameters record (and drop a parameter named `__proto__` on the way), and 5,000 documents
// through zod cost more than their JSON.
const flagChecked = fast(flag);

const flagPath = (project: string, name: string) =>
  `/api/admin/projects/${segment(project, 'project')}/features/${segment(name, 'feature name')}`;

/** GET …/features/{name}?variantEnvironments=true: every environment, with its variants. */
export function flagDocument(client: ApiClient, project: string, name: string): Promise<Flag> {
  return client.getJson(flagPath(project, name), flagChecked, new URLSearchParams({ variantEnvironments: 'true' }));
}

const tagsResponse = z.looseObject({ tags: z.array(tag) });
const variantsResponse = z.looseObject({ variants: z.array(envVariant) });

export async function flagTags(client: ApiClient, name: string) {
  return (await client.getJson(`/api/admin/features/${segment(name, 'feature name')}/tags`, tagsResponse)).tags;
}

async function environmentVariants(client: ApiClient, project: string, name: string, env: string) {
  const path = `${flagPath(project, name)}/environments/${segment(env, 'environment')}/variants`;
  return (await client.getJson(path, variantsResponse)).variants;
}
