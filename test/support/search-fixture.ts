import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './fixture-server.js';

export const SEARCH_PATH = '/api/admin/search/features';

type Feature = Record<string, unknown> & { name: string };

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
export const searchV8 = fixture('search-v8.json') as { features: Feature[]; total: number };
export const searchV6 = fixture('search-v6.json') as { features: Feature[]; total: number };
export const searchErrors = fixture('search-errors.json') as Record<string, unknown>;

/** `n` real-shaped search results named f-001, f-002, ... (copies of a captured 8.2.0 result). */
export function makeFeatures(n: number, from = 1): Feature[] {
  const template = searchV8.features[0]!;
  return Array.from({ length: n }, (_, i) => ({
    ...structuredClone(template),
    name: `f-${String(from + i).padStart(3, '0')}`,
  }));
}

/** offset/limit exactly as Unleash 6.10.1 and 8.2.0 read them (normalizeQueryParams). */
export function pageBounds(url: URL): { offset: number; limit: number } {
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset'));
  return { offset: offset > 0 ? offset : 0, limit: limit > 0 && limit <= 100 ? limit : 50 };
}

/**
 * The search endpoint over a fixed list, paging like the real servers: a limit above 100
 * becomes 50, and a page past the end reports total 0 (total comes from the page's rows).
 */
export function pageOf(all: Feature[], url: URL): { features: Feature[]; total: number } {
  const { offset, limit } = pageBounds(url);
  const features = all.slice(offset, offset + limit);
  return { features, total: features.length > 0 ? all.length : 0 };
}

export type SearchHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export function searchOver(all: Feature[]): SearchHandler {
  return (_req, res, url) => sendJson(res, 200, pageOf(all, url));
}

/**
 * What `features stale` reads beside the search for its ages: the flag types' lifetimes (as
 * 6.10.1 and 8.2.0 list them) and the change history of flags marked stale (`events`).
 */
export function serveStaleAges(
  server: { json(path: string, body: unknown): unknown },
  events: { featureName: string; createdAt: string; project?: string }[] = [],
): void {
  server.json('/api/admin/feature-types', {
    version: 1,
    types: [
      { id: 'release', lifetimeDays: 40 },
      { id: 'experiment', lifetimeDays: 40 },
      { id: 'operational', lifetimeDays: 7 },
      { id: 'kill-switch', lifetimeDays: null },
      { id: 'permission', lifetimeDays: null },
      { id: 'sunset', lifetimeDays: 1 },
    ],
  });
  server.json('/api/admin/search/events', {
    events: events.map((e, i) => ({
      id: i + 1,
      type: 'feature-stale-on',
      project: 'default',
      createdBy: 'ops',
      environment: null,
      data: null,
      preData: null,
      ...e,
    })),
    total: events.length,
  });
}
