import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServers } from './harness/servers.mjs';
import { admin, adminGet, BIN, NODE } from './cli.js';

// For the e2e files that boot Unleash servers of their own (they archive, revive and delete,
// which the shared servers' other files assert on): the versions asked for, their servers and
// a temporary folder, stopped and removed after the file.

export const versions = (process.env.FLAGCTL_E2E_VERSIONS?.trim() || '6,8').split(',').map((v) => v.trim()) as (
  '6' | '8'
)[];

export type Fleet = Awaited<ReturnType<typeof startServers>>;
export type Server = Fleet['servers'][number];

export interface OwnServers {
  /** The file's own temporary folder. */
  dir: string;
  servers(): Server[];
  server(version: string): Server;
}

/** `name` names the temporary folder; `ready` runs once the servers are up (a seed). */
export function useOwnServers(name: string, ready?: (servers: Server[]) => Promise<unknown>): OwnServers {
  let fleet: Fleet | undefined;
  const dir = mkdtempSync(join(tmpdir(), `flagctl-${name}-e2e-`));
  beforeAll(async () => {
    fleet = await startServers({ versions });
    await ready?.(fleet.servers);
  }, 300_000);
  afterAll(async () => {
    await fleet?.stopAll();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  const servers = () => fleet!.servers;
  return { dir, servers, server: (version) => servers().find((s) => s.version === version)! };
}

/** A POST of the server's admin API (fetch, not flagctl); throws on a non-2xx answer. */
export const post = (s: Server, path: string, body: unknown): Promise<unknown> => admin(s, 'POST', path, body);

/** The names of the default project's active flags, sorted. */
export const activeNames = async (s: Server): Promise<string[]> =>
  ((await adminGet(s, '/api/admin/projects/default/features')) as { features: { name: string }[] }).features
    .map((f) => f.name)
    .sort();

/** Archives whatever of these is still active, so no later plan holds it. */
export async function tidy(s: Server, names: string[]): Promise<void> {
  const active = new Set(await activeNames(s));
  const left = names.filter((n) => active.has(n));
  for (let i = 0; i < left.length; i += 100)
    await post(s, '/api/admin/projects/default/archive', { features: left.slice(i, i + 100) });
}

export interface SwitchingRelay {
  url: string;
  /** FLAGCTL_URL at the relay, with a token the relay swaps. */
  env: Record<string, string>;
  /** Points the relay at another server from the next request on. */
  point(s: Server): void;
}

/**
 * A relay on 127.0.0.1 standing for a load balancer or a moved DNS name: it forwards to whichever
 * server it points at, swapping the caller's token for that server's admin token. Closed after
 * the file.
 */
export function useSwitchingRelay(): { start(first: Server): Promise<SwitchingRelay> } {
  let relay: HttpServer | undefined;
  afterAll(() => new Promise<void>((done) => (relay ? relay.close(() => done()) : done())));
  return {
    async start(first) {
      let to = first;
      relay = createServer((req, res) => {
        const up = new URL(to.url);
        const fwd = request(
          {
            host: up.hostname,
            port: up.port,
            path: req.url,
            method: req.method,
            headers: { ...req.headers, host: up.host, authorization: to.adminToken },
          },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        fwd.on('error', () => res.destroy());
        req.pipe(fwd);
      });
      await new Promise<void>((ready) => relay!.listen(0, '127.0.0.1', ready));
      const url = `http://127.0.0.1:${(relay.address() as { port: number }).port}`;
      return { url, env: { FLAGCTL_URL: url, FLAGCTL_TOKEN: 'relay-swaps-it' }, point: (s) => (to = s) };
    },
  };
}

/**
 * `flagctl retire apply <plan> --yes --result <result>` as a process of its own, which a fault
 * can stop: `terminate` (for a fault's `run`) sends it SIGTERM and waits until it says it stops
 * after the request in flight.
 */
export function stoppableApply(): {
  terminate: () => Promise<void>;
  run: (plan: string, result: string, env: Record<string, string>) => Promise<{ code: unknown; stderr: string }>;
} {
  let child: ChildProcess | undefined;
  let stderr = '';
  return {
    async terminate() {
      child!.kill('SIGTERM');
      while (!stderr.includes('stopping after the request in flight')) await new Promise((r) => setTimeout(r, 20));
    },
    async run(plan, result, env) {
      child = spawn(NODE, [BIN, 'retire', 'apply', plan, '--yes', '--result', result], {
        env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', FLAGCTL_CONFIG_DIR: '/nonexistent/flagctl', ...env },
      });
      child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdout!.resume();
      const code = await new Promise((resolve) => child!.on('close', resolve));
      return { code, stderr };
    },
  };
}
