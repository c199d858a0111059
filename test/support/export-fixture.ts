import { readFileSync } from 'node:fs';
import type { FixtureServer } from './fixture-server.js';

// A project as real Unleash 8.2.0 answers it (trimmed from the e2e seed): the environment
// list, the feature list, the segments and each feature's document. Nothing else is served:
// the strict fixture fails a test on any other request (a POST included).

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/export/${name}.json`, import.meta.url), 'utf8'));

export interface ProjectFixture {
  environments: { environments: { name: string; visible?: boolean; enabled?: boolean }[] };
  features: {
    features: {
      name: string;
      tags?: { type: string; value: string }[] | null;
      environments: { name: string; enabled: boolean }[];
    }[];
  };
  documents: Record<string, any>;
  segments?: any;
}

export const v8Segments = () => load('v8-segments');

export function v8Project(): ProjectFixture {
  return {
    environments: load('v8-environments'),
    features: load('v8-features'),
    documents: load('v8-documents'),
    segments: load('v8-segments'),
  };
}

/** Serves a project's routes (GETs only). */
export function serveProject(server: FixtureServer, p: ProjectFixture, project = 'default'): void {
  server.json(`/api/admin/environments/project/${project}`, p.environments);
  server.json(`/api/admin/projects/${project}/features`, p.features);
  for (const [name, doc] of Object.entries(p.documents))
    server.json(`/api/admin/projects/${project}/features/${encodeURIComponent(name)}`, doc);
  if (p.segments) server.json('/api/admin/segments', p.segments);
  // A feature's own tags, as `diff --feature` reads them (the document has none).
  for (const item of p.features.features) {
    server.json(`/api/admin/features/${encodeURIComponent(item.name)}/tags`, { version: 1, tags: item.tags ?? [] });
  }
}

/** Each environment's strategies and variants reversed: a server is free to send them in any order. */
export function reversed(doc: any): any {
  const envs = (doc.environments ?? []).map((e: any) => ({
    ...e,
    strategies: [...(e.strategies ?? [])].reverse(),
    variants: [...(e.variants ?? [])].reverse(),
  }));
  return { ...doc, environments: [...envs].reverse(), tags: doc.tags ? [...doc.tags].reverse() : doc.tags };
}
