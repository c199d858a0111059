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
