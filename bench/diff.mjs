// npm run bench:diff (also run by npm run bench), on a 5,000-feature project of a real Unleash 8.2.0:
// - `flagctl export` (reads only: one GET per feature, 8 in flight) against bench/get-pool.mjs,
//   a ~20-line Node keep-alive pool (8 sockets) making the same GETs. Budget: at most 1.5×.
// - `flagctl diff development production` (reads only) is reported beside it.
// - `flagctl diff development production --feature <one>` against one curl process making the
//   same GETs one after the other (the project's environments, the feature's document and its
//   tags). Budget: at most 1.2×. With --feature only that flag's reads are made, so the time
//   does not grow with the project. Beside it, the lower bound no Node program can pass: `node
//   -e 0` (start and exit, nothing loaded, nothing sent) with the same node, and flagctl's time
//   over that bound, against curl's (a restated budget would read: over the bound, ≤ 1.2× curl).
// (`diff --batch-export` and its row against curl of the two batch exports went with the
// option: Unleash logs every batch export as a features-exported event, see docs/writes.md.)
//
// The server is started here with its own PostgreSQL (test/e2e/harness) and seeded with plain
// POSTs: every feature has a rollout in development, every third one a different rollout with a
// constraint in production, every second one is enabled in development, every fifth has a tag.
// Runs are interleaved after a warm-up; medians are reported. Results go to
// bench/diff-results.json. No test asserts on these numbers.

import './plain-env.mjs';
import { adminApi } from './admin-api.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServers } from '../test/e2e/harness/servers.mjs';

const cacheHome = mkdtempSync(join(tmpdir(), 'flagctl-bench-diff-cache-'));
const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${root}bin/flagctl`;
const FEATURES = Number(process.env.BENCH_DIFF_FEATURES ?? 5_000);
const RUNS = Number(process.env.BENCH_DIFF_RUNS ?? 7);
const READ_BUDGET = 1.5;
const ONE_FLAG_BUDGET = 1.2;
const P = '/api/admin/projects/default';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Wall time (ms) of one process; `ok` lists the exit codes that count as success. */
function wall(cmd, args, env, ok = [0]) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 28 });
  if (!ok.includes(r.status))
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(-800)}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function seed(url, token, n) {
  const api = adminApi(url, token);
  const one = async (i) => {
    const name = `diff.flag-${String(i).padStart(5, '0')}`;
    await api('POST', `${P}/features`, {
      name,
      type: ['release', 'experiment', 'operational'][i % 3],
      description: `bench flag ${i}`,
    });
    const rollout = (r) => ({
      name: 'flexibleRollout',
      parameters: { rollout: r, stickiness: 'default', groupId: name },
      constraints: [],
    });
    await api('POST', `${P}/features/${name}/environments/development/strategies`, rollout('100'));
    if (i % 3 === 0) {
      const constraint = {
        contextName: 'userId',
        operator: 'IN',
        values: [`u${i}`, `v${i}`],
        inverted: false,
        caseInsensitive: false,
      };
      await api('POST', `${P}/features/${name}/environments/production/strategies`, {
        ...rollout('25'),
        constraints: [constraint],
      });
    }
    if (i % 2 === 0) await api('POST', `${P}/features/${name}/environments/development/on`);
    if (i % 5 === 0) await api('POST', `/api/admin/features/${name}/tags`, { type: 'simple', value: `t${i % 7}` });
  };
  let next = 0;
  const worker = async () => {
    while (next < n) await one(next++);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const fleet = await startServers({ versions: ['8'] });
try {
  const server = fleet.servers[0];
  const t = Date.now();
  await seed(server.url, server.adminToken, FEATURES);
  process.stderr.write(
    `bench: ${FEATURES} features seeded in ${Math.round((Date.now() - t) / 1000)} s on unleash-server ${server.pkg}\n`,
  );

  const env = {
    PATH: process.env.PATH,
    HOME: '/nonexistent',
    // A code cache of its own, as a user who has run flagctl before has (bench/run.mjs does the
    // same); the warm-up fills it.
    XDG_CACHE_HOME: cacheHome,
    FLAGCTL_CONFIG_DIR: '/nonexistent',
    FLAGCTL_URL: server.url,
    FLAGCTL_TOKEN: server.adminToken,
    NO_COLOR: '1',
  };
  const readDiffArgs = ['diff', 'development', 'production', '-o', 'json'];
  const exportArgs = ['export'];
  const poolArgs = [`${root}bench/get-pool.mjs`, server.url, server.adminToken];
  // flagctl exits 3: the environments differ.
  const check = spawnSync(BIN, readDiffArgs, { env, maxBuffer: 1 << 28 });
  if (check.status !== 3) throw new Error(`diff exited ${check.status}: ${String(check.stderr).slice(-800)}`);
  const changes = JSON.parse(String(check.stdout)).changes.length;

  // One flag that differs (every third one has a production strategy of its own).
  const one = 'diff.flag-00003';
  const oneArgs = ['diff', 'development', 'production', '--feature', one];
  const auth = ['-H', `authorization: ${server.adminToken}`];
  const get = (path) => ['-sSf', '-o', '/dev/null', ...auth, `${server.url}${path}`];
  const curlArgs = [
    '/api/admin/environments/project/default',
    `${P}/features/${one}?variantEnvironments=true`,
    `/api/admin/features/${one}/tags`,
  ].flatMap((path, i) => (i > 0 ? ['--next', ...get(path)] : get(path)));

  wall(process.execPath, poolArgs, env);
  wall(BIN, exportArgs, env);
  wall(BIN, oneArgs, env, [3]);
  wall('curl', curlArgs, env);
  const poolMs = [];
  const exportMs = [];
  const readDiffMs = [];
  const oneMs = [];
  const curlMs = [];
  const nodeZeroMs = [];
  for (let r = 0; r < RUNS; r++) {
    poolMs.push(wall(process.execPath, poolArgs, env));
    exportMs.push(wall(BIN, exportArgs, env));
    readDiffMs.push(wall(BIN, readDiffArgs, env, [3]));
    curlMs.push(wall('curl', curlArgs, env));
    oneMs.push(wall(BIN, oneArgs, env, [3]));
    nodeZeroMs.push(wall(process.execPath, ['-e', '0'], env));
  }
  const result = {
    features: FEATURES,
    changedFeatures: changes,
    exportMs: median(exportMs),
    poolMs: median(poolMs),
    readRatio: median(exportMs) / median(poolMs),
    readBudget: READ_BUDGET,
    readDiffMs: median(readDiffMs),
    oneFeatureMs: median(oneMs),
    oneFeatureCurlMs: median(curlMs),
    oneFeatureRatio: median(oneMs) / median(curlMs),
    oneFeatureBudget: ONE_FLAG_BUDGET,
    nodeZeroMs: median(nodeZeroMs),
    nodeZeroRatio: median(nodeZeroMs) / median(curlMs),
    oneFeatureOverNodeZeroRatio: (median(oneMs) - median(nodeZeroMs)) / median(curlMs),
    node: process.version,
    runs: RUNS,
    cpus: cpus().length,
    server: server.pkg,
  };
  writeFileSync(`${root}bench/diff-results.json`, `${JSON.stringify(result, null, 2)}\n`);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`export (reads only), ${FEATURES} features:            ${s(result.exportMs)} (median of ${RUNS})`);
  console.log(`Node keep-alive pool, the same GETs (8 sockets):   ${s(result.poolMs)}`);
  console.log(
    `ratio ${result.readRatio.toFixed(2)}× (budget ≤ ${READ_BUDGET}×): ${result.readRatio <= READ_BUDGET ? 'within' : 'OVER'}`,
  );
  console.log(`diff development production (reads only, ${changes} differ): ${s(result.readDiffMs)}`);
  console.log(
    `diff … --feature ${one}: ${s(result.oneFeatureMs)}; curl of the same 3 GETs in turn: ${s(result.oneFeatureCurlMs)}`,
  );
  console.log(
    `ratio ${result.oneFeatureRatio.toFixed(2)}× (budget ≤ ${ONE_FLAG_BUDGET}×): ${result.oneFeatureRatio <= ONE_FLAG_BUDGET ? 'within' : 'OVER'}`,
  );
  console.log(
    `lower bound: \`node -e 0\` (${result.node}) alone takes ${s(result.nodeZeroMs)}, ${result.nodeZeroRatio.toFixed(2)}× curl's 3 GETs;` +
      ` flagctl over that bound: ${s(result.oneFeatureMs - result.nodeZeroMs)}, ${result.oneFeatureOverNodeZeroRatio.toFixed(2)}× curl`,
  );
  if (result.readRatio > READ_BUDGET || result.oneFeatureRatio > ONE_FLAG_BUDGET) process.exitCode = 1;
} finally {
  rmSync(cacheHome, { recursive: true, force: true });
  await fleet.stopAll();
}
