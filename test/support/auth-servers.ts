import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { FixtureServer, sendJson } from './fixture-server.js';

// The set-up the auth tests share: two servers (one token each), a fresh config folder per
// test, and no request a test did not expect.

export const ADMIN = '*:*.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
export const OTHER = 'user:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
export const SEARCH = '/api/admin/search/features';

export interface AuthServers {
  server: FixtureServer;
  other: FixtureServer;
  /** This test's own temporary folder. */
  dir(): string;
  /** The config folder in it (FLAGCTL_CONFIG_DIR). */
  cfgDir(): string;
}

export function useAuthServers(): AuthServers {
  const server = new FixtureServer();
  const other = new FixtureServer();
  let dir = '';
  beforeAll(async () => {
    await server.start();
    await other.start();
  });
  afterAll(async () => {
    await server.stop();
    await other.stop();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'flagctl-auth-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    const unexpected = [...server.unexpected, ...other.unexpected];
    server.reset();
    other.reset();
    expect(unexpected).toEqual([]);
  });
  return { server, other, dir: () => dir, cfgDir: () => join(dir, 'flagctl') };
}

/** Answers the login check (200 for the accepted token, 401 otherwise) and the project list. */
export function acceptToken(s: FixtureServer, token: string, projects = ['default', 'web']): void {
  s.route(SEARCH, (req, res) =>
    req.headers.authorization === token
      ? sendJson(res, 200, { features: [], total: 0 })
      : sendJson(res, 401, { name: 'UnauthorizedError', message: 'Invalid token' }),
  );
  s.json('/api/admin/projects', { projects: projects.map((id) => ({ id })) });
}
