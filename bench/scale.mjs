// npm run bench:scale (also run by npm run bench): flagctl at the size of a real instance.
//
//   1. --all of 5,000 features on a real Unleash 8.2.0 at its default search limit (15 a
//      minute): wall time against the floor that limit allows, and the 429s it ran into.
//   2. project overview -o json of the same 5,000-feature project against curl fetching
//      /overview and /features one after the other.
//   3. peak RSS of --all at 200,000 features against 50,000 (bench/fixture-server.mjs).
//
// The real server is started here with its own PostgreSQL (test/e2e/harness), and its 5,000
// features are created with plain POSTs, so `npm test` is untouched. Row 1 takes about three
// minutes, as the limit demands. BENCH_SCALE=fixture runs row 3 only. Results go to
// bench/scale-results.json. No test asserts on these numbers.

import './plain-env.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startServers } from '../test/e2e/harness/servers.mjs';
import { createPlainFeatures } from '../test/e2e/harness/seed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${root}bin/flagctl`;
const FEATURES = 5_000;
const LIMIT = 15; // Unleash 8's default SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE
const WINDOW_S = 60;
const PAGE = 100;
const OVERVIEW_RUNS = Number(process.env.BENCH_OVERVIEW_RUNS ?? 7);
const RSS_RUNS = Number(process.env.BENCH_RSS_RUNS ?? 3);
const onlyFixture = process.env.BENCH_SCALE === 'fixture';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function flagctlEnv(url, token) {
  return {
    PATH: process.env.PATH,
    HOME: '/nonexistent',
    FLAGCTL_CONFIG_DIR: '/nonexistent',
    FLAGCTL_URL: url,
    FLAGCTL_TOKEN: token,
    NO_COLOR: '1',
  };
}

/** Wall time (ms), peak RSS (MiB) and stderr of one process, via GNU time. */
function measured(cmd, args, env) {
  const r = spawnSync('/usr/bin/time', ['-f', '@@ %e %M', cmd, ...args], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 28,
  });
  const err = String(r.stderr);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${err.slice(-800)}`);
  const [, e, m] = err.trim().split('\n').at(-1).split(' ');
  return { wallMs: Number(e) * 1000, rssMiB: Number(m) / 1024, stderr: err };
}

/** Wall time (ms) of one process, with a finer clock than GNU time. */
function wall(cmd, args, env) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(-800)}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function realServerRows() {
  const fleet = await startServers({ versions: ['8'], searchRateLimitPerMinute: LIMIT });
  try {
    const server = fleet.servers[0];
    const t = Date.now();
    await createPlainFeatures(server.url, server.adminToken, FEATURES, {
      name: (i) => `scale.flag-${String(i).padStart(5, '0')}`,
      type: (i) => ['release', 'experiment', 'operational'][i % 3],
    });
    process.stderr.write(
      `bench: ${FEATURES} features created in ${Math.round((Date.now() - t) / 1000)} s on unleash-server ${server.pkg}\n`,
    );
    const env = flagctlEnv(server.url, server.adminToken);

    // 1. --all first, while the search window is fresh (nothing above searched).
    const all = measured(process.execPath, [BIN, 'features', 'search', '--all', '-o', 'ndjson', '--debug'], env);
    const searches = all.stderr
      .split('\n')
      .filter((l) => l.startsWith('debug: GET ') && l.includes('/api/admin/search/features'));
    const refused = searches.filter((l) => / -> 429 /.test(l)).length;
    const pages = Math.ceil(FEATURES / PAGE);
    const floorMs = Math.ceil((pages - LIMIT) / LIMIT) * WINDOW_S * 1000;
    const waits = all.stderr.split('\n').filter((l) => l.startsWith('flagctl: the server allows'));

    // 2. The overview against curl of its two endpoints, one after the other; interleaved runs.
    const base = `${server.url}/api/admin/projects/default`;
    const curlArgs = [
      '-sf',
      '-H',
      `authorization: ${server.adminToken}`,
      `${base}/overview`,
      '-o',
      '/dev/null',
      `${base}/features`,
      '-o',
      '/dev/null',
    ];
    const overviewArgs = [BIN, 'project', 'overview', 'default', '-o', 'json'];
    wall('curl', curlArgs, env);
    wall(process.execPath, overviewArgs, env);
    const curlMs = [];
    const overviewMs = [];
    for (let i = 0; i < OVERVIEW_RUNS; i++) {
      curlMs.push(wall('curl', curlArgs, env));
      overviewMs.push(wall(process.execPath, overviewArgs, env));
    }
    return {
      server: server.pkg,
      all: {
        wallMs: all.wallMs,
        floorMs,
        pages,
        searchRequests: searches.length,
        refused,
        waitLines: waits.length,
        firstWaitLine: waits[0],
      },
      overview: { ms: median(overviewMs), curlMs: median(curlMs), runs: OVERVIEW_RUNS },
    };
  } finally {
    await fleet.stopAll();
  }
}

async function startFixture(total) {
  const child = spawn(process.execPath, [`${root}bench/fixture-server.mjs`, String(total)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
  return { url: JSON.parse(line).url, stop: () => child.kill('SIGTERM') };
}

async function rssRow(total) {
  const fixture = await startFixture(total);
  try {
    const args = [BIN, 'features', 'search', '--all', '-o', 'ndjson'];
    const env = flagctlEnv(fixture.url, '*:*.benchmark-token');
    const runs = [];
    for (let i = 0; i < RSS_RUNS; i++) runs.push(measured(process.execPath, args, env));
    return {
      total,
      rssMiB: median(runs.map((r) => r.rssMiB)),
      wallMs: median(runs.map((r) => r.wallMs)),
      runs: RSS_RUNS,
    };
  } finally {
    fixture.stop();
  }
}

async function main() {
  spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const real = onlyFixture ? undefined : await realServerRows();
  const rss50 = await rssRow(50_000);
  const rss200 = await rssRow(200_000);

  const budgets = [];
  if (real) {
    budgets.push(
      [
        'overview -o json ≤ 4× curl of /overview + /features',
        real.overview.ms / real.overview.curlMs,
        4,
        (v) => `${v.toFixed(2)}×`,
      ],
      ['--all 5,000 ≤ 1.05× the rate-limit floor', real.all.wallMs / real.all.floorMs, 1.05, (v) => `${v.toFixed(3)}×`],
      ['--all 5,000: 429s ≤ one per window', real.all.refused, Math.ceil(real.all.pages / LIMIT), (v) => `${v}`],
    );
  }
  budgets.push(['peak RSS at 200,000 ≤ 1.1× at 50,000', rss200.rssMiB / rss50.rssMiB, 1.1, (v) => `${v.toFixed(3)}×`]);
  const rows = budgets.map(([name, value, limit, show]) => ({
    name,
    value,
    limit,
    shown: show(value),
    pass: value <= limit,
  }));

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    real,
    rss: [rss50, rss200],
    budgets: rows,
  };
  writeFileSync(`${root}bench/scale-results.json`, `${JSON.stringify(results, null, 2)}\n`);

  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [`flagctl at scale, ${cpus().length} cores, Node ${process.version}`, ''];
  if (real) {
    lines.push(
      `search --all -o ndjson, ${FEATURES} on ${real.server} (limit ${LIMIT}/min)  wall ${s(real.all.wallMs)}, floor ${s(real.all.floorMs)}, ${real.all.searchRequests} requests, ${real.all.refused} × 429, ${real.all.waitLines} wait lines`,
      `   first wait line: ${real.all.firstWaitLine ?? '(none)'}`,
      `project overview -o json, ${FEATURES}           ${s(real.overview.ms)} (median of ${real.overview.runs}); curl /overview + /features ${s(real.overview.curlMs)}`,
    );
  }
  lines.push(
    `search --all -o ndjson, 50,000 (fixture)      peak RSS ${rss50.rssMiB.toFixed(1)} MiB, wall ${s(rss50.wallMs)}`,
    `search --all -o ndjson, 200,000 (fixture)     peak RSS ${rss200.rssMiB.toFixed(1)} MiB, wall ${s(rss200.wallMs)}`,
    '',
    'budget                                                value      result',
    ...rows.map((b) => `${b.name.padEnd(53)} ${b.shown.padEnd(10)} ${b.pass ? 'pass' : 'FAIL'}`),
    '',
    'written: bench/scale-results.json',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  if (rows.some((b) => !b.pass)) process.exitCode = 1;
}

await main();
