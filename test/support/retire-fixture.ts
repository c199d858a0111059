import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type FixtureServer } from './fixture-server.js';

// A strict fixture of the calls `retire plan`, `retire apply` and `features revive` make, with
// the real servers' answers (SERVER-FACTS, "Writes used by a cleanup"): archive answers 202
// and drops the names from the project's list; a batch holding a refused name is refused
// whole, and so is one holding a parent whose child stays active (403 InvalidOperationError,
// the servers' own message); validate names the parents; `/dependencies` answers one boolean
// for the whole instance; a feature's document carries its children and lifecycle, and an
// archived one answers 404. Several projects can be served on one fixture server.

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
  /** The stage search reports when it is not `stage`: the latest row by time (a flag completed before its 'initial' row). */
  searchStage?: string;
  children?: string[];
}

export interface Refusal {
  status: number;
  name: string;
  message: string;
}

export interface Cleanup {
  project: string;
  /** Every project served on the same fixture server, by id. */
  instance: Map<string, Cleanup>;
  active: Map<string, FixtureFlag>;
  archived: Map<string, FixtureFlag>;
  /** Names whose batch the server refuses: a message (403 PermissionError) or the whole answer. */
  refuse: Map<string, string | Refusal>;
  /** validate answers no parents (a child added between validate and archive). */
  validateMisses?: boolean;
  /** Names the server deletes right after archiving them (someone else deleted them meanwhile). */
  deleteAfterArchive?: Set<string>;
  /** The change history of archive, delete and revive, newest first (what apply verifies against). */
  events: { id?: number; type: string; featureName: string; project: string; createdAt: string }[];
  /** Each write's body, in order. */
  writes: { path: string; features: string[] }[];
  /** The names of each archive/validate, in order. */
  validates: string[][];
  /** Archive requests to drop without an answer (the connection closed), before answering normally. */
  drop?: number;
  /** The instance's id in ui-config (shared by every project of the fixture server). */
  instanceId: { value: string | null };
  /** The instance's environments (`enabled: false` for a disabled one). */
  environments: { name: string; enabled: boolean }[];
  /** Called when an archive request arrives; the answer waits for what it returns. */
  onArchive?: (names: string[]) => void | Promise<void>;
  /** Called when a revive request arrives, before it is carried out; the answer waits for what it returns. */
  onRevive?: (names: string[]) => void | Promise<void>;
  /** Revive requests whose connection is closed before the server acts on them (every attempt). */
  dropRevive?: (names: string[]) => boolean;
  /**
   * After an archive or revive took effect: answer in its place (true), as a proxy does that
   * answers 504 after forwarding, or a connection reset after the server acted.
   */
  afterWrite?: (path: 'archive' | 'revive', names: string[], res: ServerResponse, req: IncomingMessage) => boolean;
  /** Called when the project's feature list is read: an answer (status and body) in place of the list. */
  onList?: () => { status: number; body: unknown } | void;
  /** The Date header of the event search's answers (the server's clock); Node's own time when unset. */
  serverDate?: string;
  /** Called when the change history is searched: an answer (status and body) in place of the events. */
  onEvents?: () => { status: number; body: unknown } | void;
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
const lifecycleOf = (f: FixtureFlag, archived: boolean) => ({
  stage: archived ? 'archived' : (f.stage ?? 'live'),
  status: f.status ?? null,
  enteredStageAt: iso(1),
});
const searchItem = (f: FixtureFlag, archived: boolean, project: string) => ({
  name: f.name,
  type: 'release',
  project,
  stale: f.stale ?? false,
  createdAt: f.createdAt ?? iso(5),
  archivedAt: archived ? iso(0) : null,
  dependencyType: f.children?.length ? 'parent' : null,
  environments: envs(f),
  lifecycle:
    f.searchStage && !archived
      ? { ...lifecycleOf(f, false), stage: f.searchStage, status: null }
      : lifecycleOf(f, archived),
});

const PARENT_REFUSAL: Omit<Refusal, 'message'> = { status: 403, name: 'InvalidOperationError' };

/**
 * Serves one project's cleanup calls. `beside`: another project of the same instance, already
 * served on `s` (search and the instance-wide dependency answer then see both).
 */
export function serveCleanup(s: FixtureServer, flags: FixtureFlag[], project = 'default', beside?: Cleanup): Cleanup {
  const projects = beside?.instance ?? new Map<string, Cleanup>();
  const c: Cleanup = {
    project,
    instance: projects,
    active: new Map(flags.map((f) => [f.name, f])),
    archived: new Map(),
    refuse: new Map(),
    events: [],
    writes: [],
    validates: [],
    instanceId: beside?.instanceId ?? { value: 'a1b2c3d4-0000-4000-8000-000000000001' },
    environments: beside?.environments ?? [
      { name: 'default', enabled: false },
      { name: 'development', enabled: true },
      { name: 'production', enabled: true },
    ],
  };
  const base = `/api/admin/projects/${project}`;
  if (!beside) {
    s.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
    s.route('/api/admin/ui-config', (_req, res) =>
      sendJson(res, 200, {
        version: '8.2.0',
        versionInfo: { current: { oss: '8.2.0' }, instanceId: c.instanceId.value ?? undefined },
      }),
    );
    s.route('/api/admin/environments', (_req, res) =>
      sendJson(res, 200, {
        version: 1,
        environments: c.environments.map((e, i) => ({ ...e, type: e.name, sortOrder: i + 1, protected: false })),
      }),
    );
    s.route('/api/admin/search/features', (_req, res, url) => {
      const archived = url.searchParams.get('archived') === 'IS:true';
      const terms = url.searchParams.get('query')?.split(',');
      const stage = url.searchParams.get('lifecycle')?.replace(/^IS:/, '');
      const wanted = url.searchParams.get('project')?.replace(/^IS:/, '');
      const pool = [...projects.values()]
        .filter((p) => !wanted || p.project === wanted)
        .flatMap((p) => [...(archived ? p.archived : p.active).values()].map((f) => ({ f, project: p.project })))
        .filter(({ f }) => !terms || terms.some((t) => f.name.includes(t)))
        .filter(({ f }) => !stage || (archived ? 'archived' : (f.searchStage ?? f.stage ?? 'live')) === stage);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      sendJson(res, 200, {
        features: pool.slice(offset, offset + limit).map(({ f, project: p }) => searchItem(f, archived, p)),
        total: pool.length,
      });
    });
  }
  projects.set(project, c);
  if (!beside) {
    // The event search across the instance: project and type filters, newest first, paged.
    s.route('/api/admin/search/events', (_req, res, url) => {
      const instead = [...projects.values()].map((p) => p.onEvents?.()).find(Boolean);
      if (instead) return sendJson(res, instead.status, instead.body);
      const wanted = url.searchParams.get('project')?.replace(/^IS:/, '');
      const types = url.searchParams
        .get('type')
        ?.replace(/^IS_ANY_OF:|^IS:/, '')
        .split(',');
      const pool = [...projects.values()]
        .filter((p) => !wanted || p.project === wanted)
        .flatMap((p) => p.events)
        .filter((e) => !types || types.includes(e.type))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const date = [...projects.values()].map((p) => p.serverDate).find(Boolean);
      if (date) res.setHeader('date', date);
      sendJson(res, 200, { events: pool.slice(offset, offset + limit), total: pool.length });
    });
  }
  s.route(`${base}/features`, (_req, res) => {
    const instead = c.onList?.();
    if (instead) return sendJson(res, instead.status, instead.body);
    const features = [...c.active.values()].map((f) => ({
      name: f.name,
      type: 'release',
      stale: f.stale ?? false,
      createdAt: f.createdAt ?? iso(5),
      environments: envs(f),
    }));
    sendJson(res, 200, { version: 2, features });
  });
  // One answer for the whole instance, as the servers give it.
  s.route(`${base}/dependencies`, (_req, res) =>
    sendJson(
      res,
      200,
      [...projects.values()].some((p) => [...p.active.values()].some((f) => f.children?.length)),
    ),
  );
  for (const f of flags) {
    s.route(`${base}/features/${f.name}`, (_req, res) => {
      const live = c.active.get(f.name);
      if (!live)
        return sendJson(res, 404, {
          name: 'NotFoundError',
          message: `There's no feature named "${f.name}" in project "${project}".`,
        });
      sendJson(res, 200, {
        name: f.name,
        project,
        archived: false,
        children: live.children ?? [],
        lifecycle: lifecycleOf(live, false),
      });
    });
    // Its stage rows: the row of its stage (an archived flag keeps its rows, and answers too).
    s.route(`${base}/features/${f.name}/lifecycle`, (_req, res) => {
      const live = c.active.get(f.name);
      const { stage, status } = lifecycleOf(live ?? f, !live);
      sendJson(res, 200, [{ stage, ...(status ? { status } : {}), enteredStageAt: iso(1) }]);
    });
  }
  s.route(
    `${base}/archive`,
    (req, res) =>
      void body(req).then(({ features }) => {
        c.writes.push({ path: 'archive', features });
        if (c.drop) {
          c.drop--;
          return void req.socket.destroy();
        }
        return Promise.resolve(c.onArchive?.(features)).then(() => {
          const refused = features.find((n) => c.refuse.has(n));
          if (refused) {
            const r = c.refuse.get(refused)!;
            const { status, ...answer } =
              typeof r === 'string' ? { status: 403, name: 'PermissionError', message: r } : r;
            return sendJson(res, status, answer);
          }
          if (orphanParents(c, features).length > 0) {
            const message =
              features.length > 1
                ? 'You can not archive/delete those features since other features depend on them.'
                : 'You can not archive/delete this feature since other features depend on it.';
            return sendJson(res, PARENT_REFUSAL.status, { name: PARENT_REFUSAL.name, message });
          }
          for (const n of features) {
            const f = c.active.get(n);
            if (f) {
              c.active.delete(n);
              c.archived.set(n, f);
              happened(c, 'feature-archived', n);
            }
            if (c.deleteAfterArchive?.has(n)) {
              c.archived.delete(n);
              happened(c, 'feature-deleted', n);
            }
          }
          if (c.afterWrite?.('archive', features, res, req)) return;
          res.writeHead(202).end();
        });
      }),
    'POST',
  );
  s.route(
    `${base}/archive/validate`,
    (req, res) =>
      void body(req).then(({ features }) => {
        c.validates.push(features);
        sendJson(res, 200, {
          hasDeletedDependencies: false,
          parentsWithChildFeatures: c.validateMisses ? [] : orphanParents(c, features),
        });
      }),
    'POST',
  );
  s.route(
    `${base}/revive`,
    (req, res) =>
      void body(req).then(({ features }) => {
        c.writes.push({ path: 'revive', features });
        if (c.dropRevive?.(features)) return void req.socket.destroy();
        return Promise.resolve(c.onRevive?.(features)).then(() => {
          for (const n of features) {
            const f = c.archived.get(n);
            if (f) {
              c.archived.delete(n);
              c.active.set(n, f);
              happened(c, 'feature-revived', n);
            }
          }
          if (c.afterWrite?.('revive', features, res, req)) return;
          sendJson(res, 200, {});
        });
      }),
    'POST',
  );
  return c;
}

/** Archives these names now, as the server does when it carries out a request late (after its answer timed out). */
export function archiveNow(c: Cleanup, names: string[]): void {
  for (const n of names) {
    const f = c.active.get(n);
    if (f) {
      c.active.delete(n);
      c.archived.set(n, f);
      happened(c, 'feature-archived', n);
    }
  }
}

/** The names among these that have an active child outside them (what the servers refuse to archive). */
function orphanParents(c: Cleanup, names: string[]): string[] {
  const batch = new Set(names);
  return names.filter((n) =>
    (c.active.get(n)?.children ?? []).some((child) => c.active.has(child) && !batch.has(child)),
  );
}

let eventClock = 0;
/** One event in the project's history, newer than every one before it, with an id as the servers give (after any a test sets by hand). */
function happened(c: Cleanup, type: string, featureName: string): void {
  ++eventClock;
  c.events.unshift({
    id: 1_000_000 + eventClock,
    type,
    featureName,
    project: c.project,
    createdAt: new Date(NOW + eventClock).toISOString(),
  });
}
