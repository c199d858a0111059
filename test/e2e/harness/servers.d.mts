// Type declarations for ./servers.mjs (generated from its JSDoc, then committed).
// Regenerate after changing servers.mjs:
//   npx tsc --allowJs --declaration --emitDeclarationOnly --module nodenext --moduleResolution nodenext \
//     --target es2022 --strict --skipLibCheck --types node --outDir /tmp/dts test/e2e/harness/*.mjs
//   cp /tmp/dts/servers.d.mts test/e2e/harness/   (keep this header)

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
export function startServers({
  versions,
  logLevel,
  searchRateLimitPerMinute,
}?: {
  versions?: UnleashMajor[] | undefined;
  logLevel?: string | undefined;
  searchRateLimitPerMinute?: number | undefined;
}): Promise<Fleet>;
export type UnleashMajor = '6' | '8';
/**
 * Serializable description of one running server (what global-setup provides to tests).
 */
export type ServerInfo = {
  /**
   * major version
   */
  version: UnleashMajor;
  /**
   * exact unleash-server version, e.g. '6.10.1'
   */
  pkg: string;
  /**
   * base URL, http://127.0.0.1:PORT (no trailing slash)
   */
  url: string;
  adminToken: string;
  /**
   * authenticates, but gets 403 on admin endpoints
   */
  narrowToken: string;
  narrowTokenKind: 'client';
  /**
   * pid of the Unleash child process
   */
  pid: number;
};
export type RunningServer = ServerInfo & {
  stop: () => Promise<void>;
};
export type Fleet = {
  servers: RunningServer[];
  /**
   * idempotent
   */
  stopAll: () => Promise<void>;
  /**
   * SIGTERM to this pid stops everything and cleans up
   */
  supervisorPid: number;
  postgres: {
    port: number;
    rootDir: string;
  };
  /**
   * let the fleet outlive this process (demo --keep)
   */
  detach: () => Promise<void>;
};
