import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BIN, NODE, type BinResult } from './cli.js';

// Helpers for the search and stale e2e tests: the server's own answer fetched with plain
// fetch, a recording proxy in front of a real server, and a CLI run that reports stdout as
// it arrives.

/**
 * A flag in the server's search answer, read more strictly than src's lenient `SearchFlag`:
 * the seeded flags always carry these fields, and a test that finds one missing fails.
 */
export interface SearchResultFlag {
  name: string;
  type: string;
  description?: string | null;
  project: string;
  stale: boolean;
  createdAt: string;
  segments?: string[];
  tags?: { type: string; value: string }[] | null;
  environments: { name: string; enabled: boolean; yes?: number; no?: number }[];
}

interface Srv {
  url: string;
  adminToken: string;
}

/**
 * Every match of a search, paged with plain fetch. `params` are the raw parameters; `status`
 * entries are sent as `status[]=`, a different spelling from the CLI's, so both are checked.
 */
export async function serverSearch(
  server: Srv,
  params: [string, string][] = [],
  token = server.adminToken,
): Promise<{ features: SearchResultFlag[]; total: number }> {
  const features: SearchResultFlag[] = [];
  let total = 0;
  for (let offset = 0; ; offset += 100) {
    const q = new URLSearchParams(params.map(([k, v]) => [k === 'status' ? 'status[]' : k, v]));
    q.set('offset', String(offset));
    q.set('limit', '100');
    const res = await fetch(`${server.url}/api/admin/search/features?${q}`, {
      headers: { authorization: token, accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`search ${q}: HTTP ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { features: SearchResultFlag[]; total: number };
    if (page.features.length > 0 || offset === 0) total = page.total;
    features.push(...page.features);
    if (page.features.length < 100) return { features, total };
  }
}

export const namesOf = (list: { name: string }[]) => list.map((f) => f.name);

export function ndjson(text: string): SearchResultFlag[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SearchResultFlag);
}

/**
 * A proxy on 127.0.0.1 in front of a real server. `hook` sees each request URL first and may
 * hold it (await) or rewrite it; every request is recorded.
 */
export class RecordingProxy {
  readonly seen: URL[] = [];
  private server?: Server;

  constructor(
    private readonly target: string,
    private readonly hook: (url: URL) => Promise<URL | void> | URL | void = () => undefined,
    /** Rewrites a 200 answer's JSON body (the URL is the one flagctl asked for). */
    private readonly answer?: (url: URL, body: any) => unknown,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer(
      (req, res) =>
        void this.forward(req).then(
          ({ status, type, body }) => res.writeHead(status, { 'content-type': type }).end(body),
          (err: Error) => res.writeHead(502).end(String(err.message)),
        ),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  private async forward(req: IncomingMessage): Promise<{ status: number; type: string; body: Buffer }> {
    const url = new URL(req.url ?? '/', this.target);
    this.seen.push(url);
    const to = (await this.hook(url)) ?? url;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    const res = await fetch(to, { headers });
    let body = Buffer.from(await res.arrayBuffer());
    if (this.answer && res.status === 200)
      body = Buffer.from(JSON.stringify(this.answer(url, JSON.parse(body.toString('utf8')))));
    return { status: res.status, type: res.headers.get('content-type') ?? 'text/plain', body };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Runs the built CLI, calling `onStdout` with all stdout so far each time more arrives. */
export function flagctlWatching(
  args: string[],
  env: Record<string, string>,
  onStdout: (soFar: string) => void,
): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', FLAGCTL_CONFIG_DIR: '/nonexistent/flagctl', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => onStdout((stdout += d)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/**
 * Logs in as the built-in admin user (open-source servers) and makes a personal access token.
 * Tried up to three times: once, in a run where both runtimes share the servers, 8.2.0 answered
 * the token request with 401 "no authorization header" right after a successful login.
 */
export async function personalToken(server: { url: string }): Promise<{ token: string; id: number; cookie: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await personalTokenOnce(server);
    } catch (err) {
      if (attempt >= 3 || !/HTTP 401/.test(String(err))) throw err;
    }
  }
}

async function personalTokenOnce(server: { url: string }): Promise<{ token: string; id: number; cookie: string }> {
  const login = await fetch(`${server.url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
  });
  if (!login.ok) throw new Error(`login: HTTP ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${server.url}/api/admin/user/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      description: `flagctl e2e search ${Date.now()}`,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    }),
  });
  if (!res.ok) throw new Error(`PAT: HTTP ${res.status} ${await res.text()}`);
  const pat = (await res.json()) as { secret: string; id: number };
  return { token: pat.secret, id: pat.id, cookie };
}
