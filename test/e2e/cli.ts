import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));

/**
 * The node that runs the CLI: the machine's (the one running the tests), or another runtime
 * named by FLAGCTL_TEST_NODE (vitest.config.ts sets it to the pinned Node 24 for e2e-node24).
 * Both e2e projects run against the same servers (test/e2e/global-setup.ts).
 */
export const NODE = process.env.FLAGCTL_TEST_NODE || process.execPath;

/**
 * `base` made unique to this runtime's project, for what a test creates on the shared servers:
 * both runtimes run every e2e file against the same servers, one after the other, so a fixed
 * name would already exist when the second runtime runs.
 */
export function runtimeName(base: string): string {
  const major = /^v(\d+)\./.exec(process.env.FLAGCTL_TEST_NODE_VERSION ?? process.version)?.[1] ?? 'x';
  return `${base}-node${major}`;
}

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as a child process. The environment is minimal and explicit, so no
 * FLAGCTL_* or proxy variable of the developer's shell leaks in.
 */
export function flagctl(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', FLAGCTL_CONFIG_DIR: '/nonexistent/flagctl', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** Env that points flagctl at a server with a token. */
export function target(server: { url: string }, token: string): Record<string, string> {
  return { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: token };
}

/** A GET of the server's admin API with plain fetch, independent of flagctl. */
export async function adminGet(server: { url: string; adminToken: string }, path: string): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: server.adminToken, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
  return res.json();
}

/** Any call to the server's admin API with plain fetch, independent of flagctl; throws on a non-2xx answer. */
export async function admin(
  server: { url: string; adminToken: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: server.adminToken, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  const text = await res.text();
  // Some writes answer with no body or plain text: only a JSON answer is parsed.
  return text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text || undefined;
}

/**
 * Deletes a flag for good, as a test's clean-up does: archives it (if it is not already), waits
 * until the server has recorded the archive in the flag's lifecycle, then deletes it from the
 * archive. Unleash writes lifecycle stages from its event announcer, a job that runs about once a
 * second, and 8.2.0 dies (exit 1, a foreign-key error on `feature_lifecycles`) when that write
 * comes after the delete: every later test on that server then fails with a refused connection.
 */
export async function deleteFlag(
  server: { url: string; adminToken: string },
  name: string,
  project = 'default',
): Promise<void> {
  const send = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: server.adminToken, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const flag = encodeURIComponent(name);
  const archived = await send('POST', `/api/admin/projects/${encodeURIComponent(project)}/archive`, {
    features: [name],
  });
  // 4xx here means already archived (or gone): the lifecycle check below still applies.
  await archived.text();
  for (let i = 0; ; i++) {
    const res = await send('GET', `/api/admin/projects/${encodeURIComponent(project)}/features/${flag}/lifecycle`);
    const stages = res.ok ? ((await res.json()) as { stage: string }[]).map((s) => s.stage) : [];
    if (!res.ok) await res.body?.cancel();
    if (stages.includes('archived') && stages.includes('initial')) break;
    if (i >= 300) throw new Error(`${name}: the server recorded no archived lifecycle stage within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const gone = await send('DELETE', `/api/admin/archive/${flag}`);
  if (!gone.ok) throw new Error(`DELETE /api/admin/archive/${name}: HTTP ${gone.status} ${await gone.text()}`);
}
