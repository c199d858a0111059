// Owns the whole server fleet for one run: ONE embedded PostgreSQL cluster and one Unleash
// child process per requested version. Started by servers.mjs with child_process.fork() in
// its own process group (detached), so:
//   - a Ctrl-C in the terminal reaches only the top process; it then asks us to stop, or it
//     dies and we notice the closed IPC channel and clean up anyway;
//   - `kill <our pid>` (SIGTERM) stops everything and removes the temp data (demo --keep).
//
// Input: env FLAGCTL_SUPERVISOR (JSON, see SupervisorConfig).
// IPC to the parent:
//   -> {type:'ready', pid, postgres:{port, rootDir}, servers:[{version, pkg, url, adminToken, narrowToken, pid}]}
//   -> {type:'failed', message}
//   -> {type:'log', line}           (only when FLAGCTL_E2E_DEBUG=1)
//   -> {type:'died', line}          (an Unleash child exited after it was ready, with its output tail)
//   -> {type:'stopped', version}    (after a stop-server request)
//   -> {type:'detached'}           (ack of detach)
//   <- {type:'stop-server', version} | {type:'stop-all'} | {type:'detach'}
// After 'detach' (demo --keep) a closed IPC channel no longer stops the fleet.

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { startPostgres } from './postgres.mjs';
import { LogTail, debugEnabled, sleep, waitForExit } from './util.mjs';

/**
 * @typedef {object} SupervisorConfig
 * @property {Array<'6'|'8'>} versions
 * @property {string} [logLevel]
 * @property {number} [searchRateLimitPerMinute]
 */

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
/** @type {SupervisorConfig} */
const cfg = JSON.parse(process.env.FLAGCTL_SUPERVISOR ?? '{"versions":["6","8"]}');
const debug = debugEnabled();

// Our stderr is a pipe to the parent; after a detach the parent closes it. Never die of EPIPE.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

let detached = false;
/** @param {any} msg */
const send = (msg) => {
  if (process.connected) {
    try {
      process.send?.(msg);
    } catch {
      /* parent gone */
    }
  }
};
/** @param {string} line */
const log = (line) => {
  if (debug && !detached) send({ type: 'log', line });
};

/** @type {Awaited<ReturnType<typeof startPostgres>> | undefined} */
let pg;
/** @type {Map<string, {child: import('node:child_process').ChildProcess, tail: LogTail}>} */
const children = new Map();
/** @type {Promise<void> | undefined} */
let stopping;

function stopAll(code = 0) {
  if (!stopping) {
    stopping = (async () => {
      await Promise.all([...children.keys()].map(stopServer));
      if (pg) await pg.stop().catch(() => {});
    })().finally(() => process.exit(code));
  }
  return stopping;
}

/** @param {string} version */
async function stopServer(version) {
  const entry = children.get(version);
  if (!entry) return;
  children.delete(version);
  const { child } = entry;
  if (child.exitCode === null && child.signalCode === null) {
    try {
      child.kill('SIGTERM');
    } catch {
      /* gone */
    }
  }
  await waitForExit(child, 10_000);
}

for (const sig of /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) {
  process.on(sig, () => void stopAll(0));
}
process.on('disconnect', () => {
  if (!detached) void stopAll(0);
});
process.on('message', (/** @type {any} */ msg) => {
  if (!msg || typeof msg !== 'object') return;
  if (msg.type === 'stop-all') void stopAll(0);
  else if (msg.type === 'detach') {
    detached = true;
    send({ type: 'detached' });
  } else if (msg.type === 'stop-server') {
    void stopServer(String(msg.version)).then(() => send({ type: 'stopped', version: msg.version }));
  }
});
process.on('uncaughtException', (err) => {
  send({ type: 'failed', message: `supervisor crashed: ${err.stack ?? err}` });
  void stopAll(1);
});

/**
 * @param {'6'|'8'} version
 */
async function startUnleash(version) {
  if (!pg) throw new Error('postgres not started');
  const adminToken = `*:*.${randomBytes(24).toString('hex')}`;
  const clientToken = `default:development.${randomBytes(24).toString('hex')}`;
  const tail = new LogTail(300);
  const child = fork(resolve(here, 'unleash-child.mjs'), [], {
    cwd: repoRoot,
    execArgv: ['--no-deprecation', '--no-warnings'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      FLAGCTL_UNLEASH_CHILD: JSON.stringify({
        version,
        pkg: `unleash-v${version}`,
        db: pg.connection(`unleash_v${version}`),
        adminToken,
        clientToken,
        logLevel: cfg.logLevel ?? 'warn',
        searchRateLimitPerMinute: cfg.searchRateLimitPerMinute,
      }),
    },
  });
  children.set(version, { child, tail });
  const onOutput = (/** @type {Buffer} */ chunk) => {
    tail.push(chunk);
    if (debug) for (const line of chunk.toString().split('\n')) if (line) log(`[unleash-v${version}] ${line}`);
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);

  /** @type {{port: number, version?: string}} */
  const ready = await new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`unleash v${version} did not start within 240s`)), 240_000);
    child.on('message', (/** @type {any} */ msg) => {
      if (msg?.type === 'ready') {
        clearTimeout(timer);
        resolveReady(msg);
      } else if (msg?.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`unleash v${version} failed to start: ${msg.message}`));
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`unleash v${version} exited during start-up (code ${code}, signal ${signal})`));
    });
  }).catch((err) => {
    err.message = `${err.message}\n--- unleash-v${version} output (tail) ---\n${tail.toString()}`;
    throw err;
  });

  // A server that dies after it was ready fails whatever test uses it next, with a bare
  // ECONNRESET or ECONNREFUSED. Say why, always (not only under FLAGCTL_E2E_DEBUG): its exit
  // code or signal and the last lines it printed (Node prints an uncaught exception's stack).
  child.once('exit', (code, signal) => {
    if (stopping || !children.has(version)) return;
    send({
      type: 'died',
      line: `unleash v${version} (pid ${child.pid}) exited while in use (code ${code}, signal ${signal}); its last output:\n${tail.toString() || '(none)'}`,
    });
  });

  const url = `http://127.0.0.1:${ready.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`unleash v${version}: GET ${url}/health never returned 200`);
    await sleep(100);
  }
  return {
    version,
    pkg: ready.version ?? '',
    url,
    adminToken,
    narrowToken: clientToken,
    pid: child.pid,
  };
}

try {
  const t0 = Date.now();
  pg = await startPostgres({
    databases: cfg.versions.map((v) => `unleash_v${v}`),
    log: debug ? (line) => log(`[postgres] ${line.trimEnd()}`) : undefined,
  });
  log(`postgres ready on 127.0.0.1:${pg.port} after ${Date.now() - t0}ms`);
  const servers = await Promise.all(cfg.versions.map((v) => startUnleash(v)));
  log(`unleash ready after ${Date.now() - t0}ms`);
  send({ type: 'ready', pid: process.pid, postgres: { port: pg.port, rootDir: pg.rootDir }, servers });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  await stopAll(1);
}
