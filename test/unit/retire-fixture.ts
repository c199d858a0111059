import type { IncomingMessage } from 'node:http';
import { sendJson, type FixtureServer } from '../support/fixture-server.js';

// A strict fixture of the calls `retire plan`, `retire apply` and `features revive` make, with
// the real servers' answers (SERVER-FACTS, "Writes used by a cleanup"): archive answers 202
// and drops the names from the project's list; a batch holding a refused name is refused
// whole; validate names the parents.

export const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
export const iso = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

export interface FixtureFlag {
  name: string;
  stale?: boolean;
  createdAt?: string;
  lastSeen?: string | null;
  stage?: string;
  status?: string;
  children?: string[];
}

export interface Cleanup {
  active: Map<string, FixtureFlag>;
  archived: Map<string, FixtureFlag>;
  /** Names the server refuses to archive, with its message (a change request, a permission). */
  refuse: Map<string, string>;
  /** Each write's body, in order. */
  writes: { path: string; features: string[] }[];
  /** Archive requests to drop without an answer (the connection closed), before answering normally. */
  drop?: number;
  /** Called when an archive request arrives; the answer waits for what it returns. */
  onArchive?: (names: string[]) => void | Promise<void>;
}

function body(req: IncomingMessage): Promise<{ features: string[] }> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(JSON.parse(text) as { features: string[] }));
  });
}

const envs = (f: FixtureFlag) => [
  { name: 'development', lastSeenAt: null },
  { name: 'production', lastSeenAt: f.lastSeen ?? null },
];
const searchItem = (f: FixtureFlag, archived: boolean) => ({
  name: f.name,
  type: 'release',
  project: 'default',
  stale: f.stale ?? false,
  createdAt: f.createdAt ?? iso(5),
  archivedAt: archived ? iso(0) : null,
  dependencyType: f.children?.length ? 'parent' : null,
  environments: envs(f),
  lifecycle: { stage: archived ? 'archived' : (f.stage ?? 'live'), status: f.status ?? null, enteredStageAt: iso(1) },
});

export function serveCleanup(s: FixtureServer, flags: FixtureFlag[]): Cleanup {
  const c: Cleanup = { active: new Map(flags.map((f) => [f.name, f])), archived: new Map(), refuse: new Map(), writes: [] };
  s.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
  s.route('/api/admin/search/features', (_req, res, url) => {
    const archived = url.searchParams.get('archived') === 'IS:true';
    const terms = url.searchParams.get('query')?.split(',');
    const pool = [...(archived ? c.archived : c.active).values()].filter((f) => !terms || terms.some((t) => f.name.includes(t)));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    sendJson(res, 200, { features: pool.slice(offset, offset + limit).map((f) => searchItem(f, archived)), total: pool.length });
  });
  s.route('/api/admin/projects/default/features', (_req, res) => {
    const features = [...c.active.values()].map((f) => ({ name: f.name, type: 'release', stale: f.stale ?? false, createdAt: f.createdAt ?? iso(5), environments: envs(f) }));
    sendJson(res, 200, { version: 2, features });
  });
  for (const f of flags) {
    s.route(`/api/admin/projects/default/features/${f.name}`, (_req, res) => sendJson(res, 200, { name: f.name, children: f.children ?? [] }));
  }
  s.route(
    '/api/admin/projects/default/archive',
    (req, res) =>
      void body(req).then(({ features }) => {
        c.writes.push({ path: 'archive', features });
        if (c.drop) {
          c.drop--;
          return void req.socket.destroy();
        }
        return Promise.resolve(c.onArchive?.(features)).then(() => {
        const refused = features.find((n) => c.refuse.has(n));
        if (refused) return sendJson(res, 403, { name: 'PermissionError', message: c.refuse.get(refused) });
        for (const n of features) {
          const f = c.active.get(n);
          if (f) (c.active.delete(n), c.archived.set(n, f));
        }
        res.writeHead(202).end();
        });
      }),
    'POST',
  );
  s.route(
    '/api/admin/projects/default/archive/validate',
    (req, res) => void body(req).then(({ features }) => sendJson(res, 200, { parentsWithChildFeatures: features.filter((n) => c.active.get(n)?.children?.length) })),
    'POST',
  );
  s.route(
    '/api/admin/projects/default/revive',
    (req, res) =>
      void body(req).then(({ features }) => {
        c.writes.push({ path: 'revive', features });
        for (const n of features) {
          const f = c.archived.get(n);
          if (f) (c.archived.delete(n), c.active.set(n, f));
        }
        sendJson(res, 200, {});
      }),
    'POST',
  );
  return c;
}
