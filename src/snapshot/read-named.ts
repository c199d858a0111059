import type { ApiClient } from '../api/http/client.js';
import type { Flag } from '../api/schemas/flag.js';
import { segmentDefinitions } from '../api/segments.js';
import { ApiError } from '../errors.js';
import type { SourceFlag, SourceProject, SourceSegment } from './build.js';
import { eachLimited } from '../api/http/limit.js';
import { flagDocument, flagTags, fromDocument, type ReadProgress } from './read.js';

// The snapshot's source for some features only (`diff --feature`): each named feature's own
// document and tags, then the segment list only when one of their strategies uses a segment.
// No feature list: comparing one flag costs that flag's reads, whatever the project's size.

export interface NamedDocument {
  doc: Flag;
  tags: { type?: string | null; value: string }[];
}

const absent = (err: unknown) => {
  if (err instanceof ApiError && err.status === 404) return undefined;
  throw err;
};

/**
 * The documents and tags of the named features that the project holds, both asked for at
 * once. A feature the project does not hold (the server answers 404, as it does for an
 * archived one or one of another project) is left out, as the project's list would leave it.
 */
export async function namedDocuments(
  client: ApiClient,
  project: string,
  names: readonly string[],
  concurrency: number,
  progress?: ReadProgress,
): Promise<NamedDocument[]> {
  const found: NamedDocument[] = [];
  const unique = [...new Set(names)];
  let done = 0;
  progress?.(0, unique.length);
  await eachLimited(unique, concurrency, async (name) => {
    const [doc, tags] = await Promise.all([
      flagDocument(client, project, name).catch(absent),
      flagTags(client, name).catch(absent),
    ]);
    if (doc) found.push({ doc, tags: tags ?? [] });
    progress?.(++done, unique.length);
  });
  return found;
}

/** The source of those documents in the environments compared, with the segments they use. */
export async function namedSource(
  client: ApiClient,
  project: string,
  environments: string[],
  found: NamedDocument[],
): Promise<SourceProject> {
  const features: SourceFlag[] = await Promise.all(
    found.map(({ doc, tags }) => fromDocument(client, project, doc, tags, environments)),
  );
  const usesSegments = features.some((f) =>
    [...f.environments.values()].some((e) => e.strategies.some((s) => (s.segments ?? []).length > 0)),
  );
  const segments: Map<number, SourceSegment> = usesSegments ? await segmentDefinitions(client) : new Map();
  return { project, environments, features, segments };
}
