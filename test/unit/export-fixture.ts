import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { sendJson, type FixtureServer } from '../support/fixture-server.js';

// A project as real Unleash 8.2.0 answers it (trimmed from the e2e seed): the environment
// list, the feature list, the batch export of each environment and one feature's document.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/export/${name}.json`, import.meta.url), 'utf8'));

export interface ProjectFixture {
  environments: { environments: { name: string; visible?: boolean; enabled?: boolean }[] };
  features: { features: { name: string; environments: { name: string; enabled: boolean }[] }[] };
  exports: Record<string, any>;
  documents: Record<string, any>;
  /** The batch export's POST bodies, as received. */
  posted: unknown[];
  /** A server from before the batch export: its path answers 404. */
  noExport?: boolean;
  segments?: any;
}

export const v8Segments = () => load('v8-segments');

export function v8Project(): ProjectFixture {
  return {
    environments: load('v8-environments'),
    features: load('v8-features'),
    exports: { development: load('v8-development'), production: load('v8-production') },
    documents: load('v8-documents'),
    segments: load('v8-segments'),
    posted: [],
  };
}

export async function body(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

/** Serves a project's routes; the export answers the environment asked for in the body. */
export function serveProject(server: FixtureServer, p: ProjectFixture, project = 'default'): void {
  server.json(`/api/admin/environments/project/${project}`, p.environments);
  server.json(`/api/admin/projects/${project}/features`, p.features);
  server.route(
    '/api/admin/features-batch/export',
    (req, res) => {
      void body(req).then((b) => {
        p.posted.push(b);
        if (p.noExport) return sendJson(res, 404, { message: 'The path you were looking for is not available.' });
        sendJson(res, 200, p.exports[b.environment] ?? { features: [], featureStrategies: [], featureEnvironments: [] });
      });
    },
    'POST',
  );
  for (const [name, doc] of Object.entries(p.documents)) server.json(`/api/admin/projects/${project}/features/${encodeURIComponent(name)}`, doc);
  if (p.segments) server.json('/api/admin/segments', p.segments);
}

/** Each list of the export reversed: a server is free to send them in any order. */
export function reversed(doc: any): any {
  const out: any = {};
  for (const [k, v] of Object.entries(doc)) out[k] = Array.isArray(v) ? [...v].reverse() : v;
  return out;
}
