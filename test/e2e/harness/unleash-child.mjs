// Runs ONE Unleash server in its own Node process (so two Unleash versions never share a
// process or module cache). Started with child_process.fork() by servers.mjs / supervisor.mjs.
//
// Input: env FLAGCTL_UNLEASH_CHILD (JSON, see ChildConfig below).
// Output (IPC): {type:'ready', port} once the HTTP server listens; {type:'failed', message}
// when start-up throws. The parent then waits for GET /health == 200 before using it.
// Exit: on SIGTERM/SIGINT/SIGHUP, or when the IPC channel to the parent closes (the parent
// died), the server is stopped (HTTP + DB pool) and the process exits.
//
// Token injection: `authentication.initApiTokens` in the start() options. Unleash inserts
// them at start-up if the api_tokens table is empty (a fresh database always is).
//   6.10.1: types 'admin' | 'client' (legacy `project` or `projects`, mapped by mapLegacyTokenWithSecret)
//   8.2.0 : types 'admin' | 'backend' ('client' is a deprecated alias), `projects` array
// Secrets keep the classic format: admin `*:*.<hex>`, client `default:development.<hex>`.

/**
 * @typedef {object} ChildConfig
 * @property {'6'|'8'} version
 * @property {string} pkg          module specifier to import, e.g. 'unleash-v8'
 * @property {{host:string, port:number, user:string, password:string, database:string}} db
 * @property {string} adminToken
 * @property {string} clientToken
 * @property {string} [logLevel]   debug|info|warn|error (default warn)
 * @property {number} [searchRateLimitPerMinute]  v8 rate-limits /api/admin/search/features (default 15/min there)
 */

/** @type {ChildConfig} */
const cfg = JSON.parse(process.env.FLAGCTL_UNLEASH_CHILD ?? '{}');
if (!cfg.pkg || !cfg.db) {
  console.error('unleash-child: missing FLAGCTL_UNLEASH_CHILD config');
  process.exit(2);
}

// Unleash reads many defaults from process.env at import time: set them BEFORE importing.
for (const key of Object.keys(process.env)) {
  if (
    /^(DATABASE_|INIT_\w*API_TOKENS|HTTP_|BASE_URI_PATH|UNLEASH_|AUTH_|IMPORT_|ENABLED_ENVIRONMENTS)/.test(key) ||
    key === 'PORT'
  ) {
    delete process.env[key];
  }
}
Object.assign(process.env, {
  NODE_ENV: 'production', // vitest sets NODE_ENV=test, which flips Unleash's isOss/test behaviour
  TZ: 'UTC',
  SEND_TELEMETRY: 'false', // `telemetry: false` in options is ignored (options.telemetry || env)
  CHECK_VERSION: 'false',
  UNLEASH_VERSION_URL: '',
  LOG_LEVEL: cfg.logLevel ?? 'warn',
  ENABLE_OAS: 'true',
  SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE: String(cfg.searchRateLimitPerMinute ?? 100_000),
  CREATE_USER_RATE_LIMIT_PER_MINUTE: '1000',
  SIMPLE_LOGIN_LIMIT_PER_MINUTE: '1000',
});

const clientType = cfg.version === '6' ? 'client' : 'backend';

/** @type {any} */
let unleash;
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  const hardExit = setTimeout(() => process.exit(code), 8_000);
  hardExit.unref();
  try {
    if (unleash) await unleash.stop();
  } catch (err) {
    console.error('unleash-child: error while stopping', err);
  }
  process.exit(code);
}

for (const sig of /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) {
  process.on(sig, () => void shutdown(0));
}
// Parent gone (or asked us to go): never outlive it.
process.on('disconnect', () => void shutdown(0));
process.on('message', (/** @type {any} */ msg) => {
  if (msg && msg.type === 'stop') void shutdown(0);
});

try {
  const mod = await import(cfg.pkg);
  const start = mod.start ?? mod.default?.start;
  unleash = await start({
    db: {
      host: cfg.db.host,
      port: cfg.db.port,
      user: cfg.db.user,
      password: cfg.db.password,
      database: cfg.db.database,
      ssl: false,
      applicationName: `unleash-v${cfg.version}`,
    },
    server: {
      host: '127.0.0.1',
      port: 0, // the kernel picks a free port; reported to the parent below
      unleashUrl: 'http://127.0.0.1',
      gracefulShutdownEnable: false, // we handle signals ourselves (see shutdown())
      enableRequestLogger: false,
    },
    authentication: {
      type: 'open-source',
      enableApiToken: true,
      createAdminUser: true,
      initApiTokens: [
        { tokenName: 'flagctl-e2e-admin', type: 'admin', projects: ['*'], environment: '*', secret: cfg.adminToken },
        {
          tokenName: 'flagctl-e2e-client',
          type: clientType,
          projects: ['default'],
          environment: 'development',
          secret: cfg.clientToken,
        },
      ],
    },
    logLevel: cfg.logLevel ?? 'warn',
    // Environment variants (PUT .../environments/:env/variants) are refused with
    // 403 InvalidOperationError "Environment variants deprecated" on both 6.10.1 and 8.2.0
    // unless this flag is on (or the feature already has some). Real long-lived servers have
    // them, so the seed needs them.
    experimental: { flags: { enableLegacyVariants: true } },
    versionCheck: { enable: false, url: '' },
    telemetry: false,
    rateLimiting: {
      searchFeaturesMaxPerMinute: cfg.searchRateLimitPerMinute ?? 100_000,
      createUserMaxPerMinute: 1000,
      simpleLoginMaxPerMinute: 1000,
    },
  });
  if (stopping) {
    await unleash.stop().catch(() => {});
  } else {
    const address = unleash.server?.address();
    const port = typeof address === 'object' && address ? address.port : undefined;
    process.send?.({ type: 'ready', port, version: String(unleash.version ?? '') });
  }
} catch (err) {
  const message = err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err);
  console.error('unleash-child: start failed:', message);
  process.send?.({ type: 'failed', message });
  await shutdown(1);
}
