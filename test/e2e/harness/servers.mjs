// Start real Unleash servers (one child process per version) on one embedded PostgreSQL.
//
//   const { servers, stopAll } = await startServers({ versions: ['6', '8'] });
//   servers[0] -> { version:'6', pkg:'6.10.1', url:'http://127.0.0.1:PORT', adminToken, narrowToken, stop }
//   await stopAll();   // stops the Unleash children, then PostgreSQL, and removes the temp dir
//
// The fleet lives in a separate supervisor process (supervisor.mjs, own process group). It
// stops everything when asked, on SIGTERM/SIGINT/SIGHUP, and when this process dies (closed
// IPC channel), so nothing is left behind even if the caller crashes or is killed.
//
// Credentials per server (random per run, injected at start-up, see unleash-child.mjs):
//   adminToken : `*:*.<hex>` admin API token (all projects, all environments)
//   narrowToken: `default:development.<hex>` client (v6) / backend (v8) SDK token. It is a
//                valid credential, but the server refuses it on /api/admin/** with
//                403 {"message":"invalid token: expected a different token type for this endpoint"}.
//                (A viewer user's personal access token would NOT do: GET feature/search
//                need no permission beyond being logged in, so a viewer gets 200.)

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { LogTail, debugEnabled, waitForExit } from './util.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** @typedef {'6'|'8'} UnleashMajor */

/**
 * Serializable description of one running server (what global-setup provides to tests).
 * @typedef {object} ServerInfo
 * @property {UnleashMajor} version   major version
 * @property {string} pkg             exact unleash-server version, e.g. '6.10.1'
 * @property {string} url             base URL, http://127.0.0.1:PORT (no trailing slash)
 * @property {string} adminToken
 * @property {string} narrowToken     authenticates, but gets 403 on admin endpoints
 * @property {'client'} narrowTokenKind
 * @property {number} pid             pid of the Unleash child process
 */

/**
 * @typedef {ServerInfo & { stop: () => Promise<void> }} RunningServer
 */

/**
 * @typedef {object} Fleet
 * @property {RunningServer[]} servers
 * @property {() => Promise<void>} stopAll  idempotent
 * @property {number} supervisorPid         SIGTERM to this pid stops everything and cleans up
 * @property {{port: number, rootDir: string}} postgres
 * @property {() => Promise<void>} detach   let the fleet outlive this process (demo --keep)
 */

/**
 * @param {object} [opts]
 * @param {UnleashMajor[]} [opts.versions]  default ['6','8']
 * @param {string} [opts.logLevel]          Unleash log level (default 'warn')
 * @param {number} [opts.searchRateLimitPerMinute]  Unleash 8 limits /api/admin/search/features to 15
 *                 requests/min per client by default; the harness raises it to 100000 unless set here.
 * @returns {Promise<Fleet>}
 */
export async function startServers({ versions = ['6', '8'], logLevel, searchRateLimitPerMinute } = {}) {
  const debug = debugEnabled();
  const stderrTail = new LogTail(200);
  const supervisor = fork(resolve(here, 'supervisor.mjs'), [], {
    detached: true, // own process group: a terminal Ctrl-C does not hit postgres/unleash directly
    execArgv: ['--no-deprecation', '--no-warnings'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: {
      ...process.env,
      FLAGCTL_SUPERVISOR: JSON.stringify({ versions, logLevel, searchRateLimitPerMinute }),
    },
  });
  supervisor.stderr?.on('data', (chunk) => {
    stderrTail.push(chunk);
    if (debug) process.stderr.write(chunk);
  });

  let exited = false;
  supervisor.once('exit', () => {
    exited = true;
  });
  // Backstop: if this process exits without calling stopAll(), tell the supervisor to clean up.
  const onExit = () => {
    if (!exited && !detachedFlag) {
      try {
        supervisor.kill('SIGTERM');
      } catch {
        /* ignore */
      }
    }
  };
  let detachedFlag = false;
  process.once('exit', onExit);

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stopAll = () => {
    if (!stopping) {
      stopping = (async () => {
        if (!exited) {
          if (supervisor.connected) supervisor.send({ type: 'stop-all' });
          else supervisor.kill('SIGTERM');
          await waitForExit(supervisor, 45_000);
        }
        process.removeListener('exit', onExit);
      })();
    }
    return stopping;
  };

  /** @type {any} */
  const ready = await new Promise((resolveReady, reject) => {
    supervisor.on('message', (/** @type {any} */ msg) => {
      if (msg?.type === 'ready') resolveReady(msg);
      else if (msg?.type === 'failed') reject(new Error(msg.message));
      else if (msg?.type === 'log' || msg?.type === 'died') process.stderr.write(`[harness] ${msg.line}\n`);
    });
    supervisor.once('exit', (code, signal) =>
      reject(new Error(`server supervisor exited during start-up (code ${code}, signal ${signal})\n${stderrTail}`)),
    );
  }).catch(async (err) => {
    await stopAll();
    throw err;
  });

  /** @type {RunningServer[]} */
  const servers = ready.servers.map((/** @type {ServerInfo} */ s) => ({
    ...s,
    narrowTokenKind: 'client',
    stop: () =>
      new Promise((resolveStop) => {
        if (exited || !supervisor.connected) return resolveStop(undefined);
        /** @param {any} msg */
        const onMsg = (msg) => {
          if (msg?.type === 'stopped' && msg.version === s.version) {
            supervisor.removeListener('message', onMsg);
            resolveStop(undefined);
          }
        };
        supervisor.on('message', onMsg);
        supervisor.send({ type: 'stop-server', version: s.version });
      }),
  }));

  const detach = async () => {
    detachedFlag = true;
    process.removeListener('exit', onExit);
    if (supervisor.connected) {
      await new Promise((resolveAck) => {
        const timer = setTimeout(resolveAck, 5_000);
        supervisor.on('message', (/** @type {any} */ msg) => {
          if (msg?.type === 'detached') {
            clearTimeout(timer);
            resolveAck(undefined);
          }
        });
        supervisor.send({ type: 'detach' });
      });
      supervisor.disconnect();
    }
    supervisor.stderr?.destroy();
    supervisor.unref();
  };

  return { servers, stopAll, supervisorPid: /** @type {number} */ (supervisor.pid), postgres: ready.postgres, detach };
}
