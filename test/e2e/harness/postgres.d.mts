// Type declarations for ./postgres.mjs (generated from its JSDoc, then committed).
// Regenerate after changing postgres.mjs:
//   npx tsc --allowJs --declaration --emitDeclarationOnly --module nodenext --moduleResolution nodenext \
//     --target es2022 --strict --skipLibCheck --types node --outDir /tmp/dts test/e2e/harness/*.mjs
//   cp /tmp/dts/postgres.d.mts test/e2e/harness/   (keep this header)

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
export function startPostgres({
  databases,
  log,
}?: {
  databases?: string[] | undefined;
  log?: ((line: string) => void) | undefined;
}): Promise<PostgresHandle>;
export type PgConnection = {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  ssl: false;
};
export type PostgresHandle = {
  /**
   * always 127.0.0.1
   */
  host: string;
  port: number;
  user: string;
  password: string;
  /**
   * temp dir holding the cluster (removed by stop())
   */
  rootDir: string;
  /**
   * connection options for one database
   */
  connection: (database: string) => PgConnection;
  createDatabase: (name: string) => Promise<void>;
  /**
   * stop the server and remove rootDir; idempotent
   */
  stop: () => Promise<void>;
  /**
   * last lines PostgreSQL printed
   */
  logs: () => string;
};
