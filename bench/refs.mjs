// `npm run bench:refs`: flagctl refs against the pipeline a user would otherwise write, over
// this project's node_modules (about 40,000 files), with a real Unleash 8.2.0 seeded with
// 1,200 flags (the e2e harness; BENCH_REFS_URL and BENCH_REFS_TOKEN use a running server).
//
//   flagctl refs --no-ignore node_modules -o ndjson
//   curl …/api/admin/projects/default/features | jq -r '.features[].name' | rg -F -f - -c --no-ignore node_modules
//
// Whole processes, warm cache (one warm-up run each), interleaved, medians. Budgets: wall at
// most 2× the pipeline; peak RSS bounded by the largest file read, not by the tree (the whole
// tree against one subtree, both without worker threads; each worker adds a fixed amount). ripgrep comes from Debian's `ripgrep`
// package; without rg the row is skipped with a note. No test asserts on these numbers.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${root}bin/flagctl`;
const TREE = 'node_modules';
const SUBTREE = 'node_modules/typescript';
const RUNS = Number(process.env.BENCH_REFS_RUNS ?? 5);
const FLAGS = 1200;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const has = (cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;

/** Wall, CPU (user+sys, children included) and peak RSS of one process, via GNU time. */
function measured(cmd, args, env, okCodes = [0]) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', cmd, ...args], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  if (!okCodes.includes(r.status)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(-500)}`);
  const [e, u, s, m] = String(r.stderr).trim().split('\n').at(-1).split(' ').map(Number);
  return { wallMs: e * 1000, cpuMs: (u + s) * 1000, rssMiB: m / 1024 };
}

async function server() {
  if (process.env.BENCH_REFS_URL && process.env.BENCH_REFS_TOKEN) {
    return { url: process.env.BENCH_REFS_URL, token: process.env.BENCH_REFS_TOKEN, stop: async () => {} };
  }
  const { startServers } = await import('../test/e2e/harness/servers.mjs');
  const { seed } = await import('../test/e2e/harness/seed.mjs');
  process.stderr.write(`starting Unleash 8.2.0 and seeding ${FLAGS} flags…\n`);
  const fleet = await startServers({ versions: ['8'] });
  const s = fleet.servers[0];
  await seed(s.url, s.adminToken, { size: FLAGS });
  return { url: s.url, token: s.adminToken, stop: () => fleet.stopAll() };
}

async function main() {
  if (!existsSync(`${root}${TREE}`)) throw new Error(`no ${TREE}: run npm ci first`);
  spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const missing = ['rg', 'jq', 'curl'].filter((c) => !has(c));
  const srv = await server();
  try {
    const env = { ...process.env, FLAGCTL_URL: srv.url, FLAGCTL_TOKEN: srv.token, FLAGCTL_CONFIG_DIR: '/nonexistent', NO_COLOR: '1' };
    const refs = (path, extra = []) => measured(process.execPath, [BIN, 'refs', '--no-ignore', path, '-o', 'ndjson', ...extra], env);
    const script = `curl -sf -H "authorization: $FLAGCTL_TOKEN" "$FLAGCTL_URL/api/admin/projects/default/features" | jq -r '.features[].name' | rg -F -f - -c --no-ignore ${TREE}`;
    // rg exits 1 when nothing matches, which is what node_modules holds of the seed's names.
    const pipeline = () => measured('bash', ['-o', 'pipefail', '-c', script], env, [0, 1]);

    const rows = { refs: [], refs0: [], pipeline: [], subtree: [] };
    refs(TREE, ['--threads', '1']); // warm-up: the page cache holds the tree from here on
    if (missing.length === 0) pipeline();
    for (let i = 0; i < RUNS; i++) {
      rows.refs.push(refs(TREE, ['--threads', '1']));
      rows.refs0.push(refs(TREE, ['--threads', '0']));
      if (missing.length === 0) rows.pipeline.push(pipeline());
      rows.subtree.push(refs(SUBTREE, ['--threads', '0']));
    }
    const m = Object.fromEntries(
      Object.entries(rows)
        .filter(([, v]) => v.length > 0)
        .map(([k, v]) => [k, Object.fromEntries(Object.keys(v[0]).map((f) => [f, median(v.map((x) => x[f]))]))]),
    );
    const fmt = (r) => `wall ${r.wallMs.toFixed(0)} ms, cpu ${r.cpuMs.toFixed(0)} ms, rss ${r.rssMiB.toFixed(1)} MiB`;
    const lines = [
      `flagctl refs benchmark, ${cpus().length} cores, ${cpus()[0]?.model}; ${FLAGS} flags on Unleash; medians of ${RUNS} runs, warm cache`,
      `refs --no-ignore ${TREE} -o ndjson --threads 1    ${fmt(m.refs)}`,
      `refs … --threads 0 (no worker thread)              ${fmt(m.refs0)}`,
      m.pipeline ? `curl | jq | rg -F -f - -c --no-ignore ${TREE}    ${fmt(m.pipeline)}` : `pipeline skipped: ${missing.join(', ')} not installed (apt-get install -y ripgrep jq curl)`,
      `refs … ${SUBTREE} --threads 0 (subtree)  ${fmt(m.subtree)}`,
      '',
    ];
    const budgets = [];
    if (m.pipeline) {
      budgets.push(['wall, --threads 1: ≤ 2× the curl | jq | rg pipeline', m.refs.wallMs / m.pipeline.wallMs, 2, (v) => `${v.toFixed(2)}×`]);
      budgets.push(['wall, --threads 0: ≤ 2× the curl | jq | rg pipeline', m.refs0.wallMs / m.pipeline.wallMs, 2, (v) => `${v.toFixed(2)}×`]);
    }
    budgets.push(['peak RSS, no workers: ≤ the subtree\'s + 16 MiB', m.refs0.rssMiB - m.subtree.rssMiB, 16, (v) => `+${v.toFixed(1)} MiB`]);
    for (const [name, value, limit, show] of budgets) lines.push(`${name.padEnd(52)} ${show(value).padEnd(10)} ${value <= limit ? 'pass' : 'FAIL'}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await srv.stop();
  }
}

await main();
