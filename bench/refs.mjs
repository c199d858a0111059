// `npm run bench:refs`: flagctl refs against the pipeline a user would otherwise write, on two
// trees, with one real Unleash 8.2.0 (the e2e harness; BENCH_REFS_URL and BENCH_REFS_TOKEN use
// a running server that already holds the flags):
// - a real source tree: node_modules/unleash-v8 (Unleash's own compiled source), with the
//   flag names of its dist/lib/types/experimental.js seeded as flags;
// - a large tree: this project's node_modules, with 1,200 seeded flags besides.
//
//   flagctl refs --no-ignore <tree>           (piped: one line a reference, as rg prints them)
//   curl …/api/admin/projects/default/features | jq -r '.features[].name' | rg -F -f - -n --no-ignore <tree>
//
// On the source tree, every output format is timed against the same pipeline, with the same
// budget (2×), lifecycles included: table, json, ndjson, yaml, csv, markdown, github, sarif and
// --summary, each as a user types it, with --columns naming `lifecycle` where the format does
// not show it by default (table, csv, markdown). A lifecycle is one read of a flag's stage rows
// per active flag shown, which the pipeline does not make (search pages cannot stand in for them:
// docs/guides/refs-internals.md).
//
// Beside the budget, for information: the same pipeline followed by one curl process reading the
// stage rows of each flag the references name (`…/features/{name}/lifecycle`, in turn, kept
// alive), which is what a lifecycle costs flagctl; json, yaml and --summary also read those of
// the stale flags nobody references, so against them this yardstick is the smaller one.
//
// Whole processes, warm cache (one warm-up run each), interleaved, medians. Budgets: at most
// 2× the pipeline on the source tree, 1.5× on the large one. The oracle check: the references
// flagctl prints (file, line, flag) are exactly those an rg regex finds (a name between two of
// " ' ` or a line's edges, in files of at most 1 MiB). Also: the scan's MB/s against rg's, with
// and without a worker thread. ripgrep and jq come from Debian's packages; without them the
// pipeline rows are skipped with a note. No test asserts on these numbers.

import './plain-env.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${root}bin/flagctl`;
const SOURCE = 'node_modules/unleash-v8';
const LARGE = 'node_modules';
const RUNS = Number(process.env.BENCH_REFS_RUNS ?? 5);
const FLAGS = 1200;
/** The formats timed on the source tree; --columns adds the lifecycle where a format leaves it out. */
const WITH_LIFECYCLE = ['--columns', 'flag,state,lifecycle,archived,file,line,column,text'];
export const FORMATS = [
  ['-o table', ['-o', 'table', ...WITH_LIFECYCLE]],
  ['-o json', ['-o', 'json']],
  ['-o ndjson', ['-o', 'ndjson']],
  ['-o yaml', ['-o', 'yaml']],
  ['-o csv', ['-o', 'csv', ...WITH_LIFECYCLE]],
  ['-o markdown', ['-o', 'markdown', ...WITH_LIFECYCLE]],
  ['-o github', ['-o', 'github']],
  ['-o sarif', ['-o', 'sarif']],
  ['--summary', ['--summary']],
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const has = (cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;

/** The names of Unleash's experimental flags: the top-level keys of `const flags = {…}`. */
export function experimentalNames() {
  const text = readFileSync(`${root}${SOURCE}/dist/lib/types/experimental.js`, 'utf8');
  const body = text.slice(text.indexOf('const flags = {'));
  const end = body.indexOf('\n};');
  return [...new Set([...body.slice(0, end).matchAll(/^ {4}([A-Za-z][A-Za-z0-9]*):/gm)].map((m) => m[1]))];
}

/** Wall, CPU (user+sys, children included) and peak RSS of one process, via GNU time. */
function measured(cmd, args, env, okCodes = [0]) {
  // Wall time from the clock here (GNU time's %e has a 10 ms step, 6% of the pipeline's run);
  // CPU and peak RSS from GNU time.
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', cmd, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  if (!okCodes.includes(r.status))
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(-500)}`);
  const wallMs = Number(process.hrtime.bigint() - t) / 1e6;
  const [, u, s, m] = String(r.stderr).trim().split('\n').at(-1).split(' ').map(Number);
  return { wallMs, cpuMs: (u + s) * 1000, rssMiB: m / 1024 };
}

async function server(names) {
  if (process.env.BENCH_REFS_URL && process.env.BENCH_REFS_TOKEN) {
    return { url: process.env.BENCH_REFS_URL, token: process.env.BENCH_REFS_TOKEN, stop: async () => {} };
  }
  const { startServers } = await import('../test/e2e/harness/servers.mjs');
  const { seed, createPlainFeatures } = await import('../test/e2e/harness/seed.mjs');
  process.stderr.write(`starting Unleash 8.2.0, seeding ${FLAGS} flags and ${names.length} experimental flag names…\n`);
  const fleet = await startServers({ versions: ['8'] });
  const s = fleet.servers[0];
  await seed(s.url, s.adminToken, { size: FLAGS });
  await createPlainFeatures(s.url, s.adminToken, names.length, { name: (i) => names[i] });
  return { url: s.url, token: s.adminToken, stop: () => fleet.stopAll() };
}

/** Bytes of the regular files of a tree, for MB/s. */
const treeBytes = (tree) =>
  Number(String(spawnSync('du', ['-sb', '--apparent-size', tree], { cwd: root }).stdout).split('\t')[0]);

/** The oracle: `file:line:flag` of each name between two of " ' ` or a line's edges, by rg. */
function oracle(tree, names, dir) {
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const patterns = join(dir, 'patterns');
  writeFileSync(patterns, `(?:^|["'\`])(?:${escaped.join('|')})(?:["'\`]|\\r?$)\n`);
  const r = spawnSync(
    'rg',
    ['-o', '-n', '--no-ignore', '--with-filename', '--no-heading', '--max-filesize', '1M', '-f', patterns, tree],
    { cwd: root, maxBuffer: 1 << 28 },
  );
  const set = new Set();
  for (const line of String(r.stdout).split('\n')) {
    const m = /^(.*):(\d+):(.*)$/.exec(line);
    if (!m) continue;
    const name = m[3]
      .replace(/^["'`]/, '')
      .replace(/\r?$/, '')
      .replace(/["'`]$/, '');
    set.add(`${m[1]}:${m[2]}:${name}`);
  }
  return set;
}

function refsSet(tree, env) {
  const r = spawnSync(
    process.execPath,
    [BIN, 'refs', '--no-ignore', tree, '-o', 'ndjson', '--columns', 'name,file,line'],
    { cwd: root, env, maxBuffer: 1 << 28 },
  );
  const set = new Set();
  for (const line of String(r.stdout).split('\n').filter(Boolean)) {
    const x = JSON.parse(line);
    set.add(`${x.file}:${x.line}:${x.name}`);
  }
  return set;
}

async function main() {
  if (!existsSync(`${root}${SOURCE}`)) throw new Error(`no ${SOURCE}: run npm ci first`);
  spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const missing = ['rg', 'jq', 'curl'].filter((c) => !has(c));
  const names = experimentalNames();
  const srv = await server(names);
  // A server just filled answers its first minute slower (PostgreSQL has no statistics for the
  // new tables yet; see bench/retire.mjs): a server in use has them. BENCH_REFS_SETTLE=0 measures
  // that minute; a running server (BENCH_REFS_URL) is not waited for.
  const settle = process.env.BENCH_REFS_URL ? 0 : Number(process.env.BENCH_REFS_SETTLE ?? 70);
  if (settle > 0) {
    process.stderr.write(`waiting ${settle} s for the server's statistics (BENCH_REFS_SETTLE)…\n`);
    await new Promise((resolve) => setTimeout(resolve, settle * 1000));
  }
  const work = mkdtempSync(join(tmpdir(), 'flagctl-bench-refs-'));
  try {
    const env = {
      ...process.env,
      FLAGCTL_URL: srv.url,
      FLAGCTL_TOKEN: srv.token,
      FLAGCTL_CONFIG_DIR: '/nonexistent',
      NO_COLOR: '1',
    };
    const refs = (tree, extra = []) => measured(process.execPath, [BIN, 'refs', '--no-ignore', tree, ...extra], env);
    const pipeline = (tree) =>
      measured(
        'bash',
        [
          '-o',
          'pipefail',
          '-c',
          `curl -sf -H "authorization: $FLAGCTL_TOKEN" "$FLAGCTL_URL/api/admin/projects/default/features" | jq -r '.features[].name' | rg -F -f - -n --no-ignore ${tree}`,
        ],
        env,
        [0, 1],
      );
    const stageRows = join(work, 'stage-rows.curl');
    const pipelineAndStages = (tree) =>
      measured(
        'bash',
        [
          '-o',
          'pipefail',
          '-c',
          `{ curl -sf -H "authorization: $FLAGCTL_TOKEN" "$FLAGCTL_URL/api/admin/projects/default/features" | jq -r '.features[].name' | rg -F -f - -n --no-ignore ${tree}; [ $? -le 1 ]; } && curl -sf -K ${stageRows}`,
        ],
        env,
      );
    const rgAlone = (tree, threads) =>
      measured('rg', ['-F', '-f', join(work, 'names'), '-n', '--no-ignore', '-j', String(threads), tree], env, [0, 1]);

    const load = loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
    const lines = [
      `flagctl refs benchmark, ${cpus().length} cores, ${cpus()[0]?.model}; load average at the start ${load}; medians of ${RUNS} interleaved runs, warm cache`,
    ];
    const ratios = [];
    for (const [tree, budget] of [
      [SOURCE, 2],
      [LARGE, 1.5],
    ]) {
      const formats = tree === SOURCE ? FORMATS : [];
      const rows = { refs: [], refs0: [], refs1: [], pipeline: [], withStages: [], rg1: [], rg2: [] };
      const yardstick = missing.length === 0 && formats.length > 0;
      if (yardstick) {
        // The flags the references name: one stage-rows read each, as refs makes them.
        const shown = [...new Set([...refsSet(tree, env)].map((k) => k.slice(k.lastIndexOf(':') + 1)))];
        const q = (s) => JSON.stringify(s);
        writeFileSync(
          stageRows,
          [
            `header = ${q(`authorization: ${srv.token}`)}`,
            ...shown.flatMap((n) => [
              `url = ${q(`${srv.url}/api/admin/projects/default/features/${encodeURIComponent(n)}/lifecycle`)}`,
              'output = "/dev/null"',
            ]),
          ].join('\n'),
        );
      }
      for (const [label] of formats) rows[label] = [];
      if (missing.length === 0) {
        const all = spawnSync(
          'bash',
          [
            '-c',
            `curl -sf -H "authorization: $FLAGCTL_TOKEN" "$FLAGCTL_URL/api/admin/projects/default/features" | jq -r '.features[].name'`,
          ],
          { env },
        );
        writeFileSync(join(work, 'names'), all.stdout);
      }
      refs(tree); // warm-up: the page cache holds the tree from here on
      if (missing.length === 0) pipeline(tree);
      for (let i = 0; i < RUNS; i++) {
        rows.refs.push(refs(tree));
        if (missing.length === 0) rows.pipeline.push(pipeline(tree));
        if (yardstick) rows.withStages.push(pipelineAndStages(tree));
        for (const [label, args] of formats) rows[label].push(refs(tree, args));
        rows.refs0.push(refs(tree, ['--threads', '0']));
        rows.refs1.push(refs(tree, ['--threads', '1']));
        if (missing.length === 0) {
          rows.rg1.push(rgAlone(tree, 1));
          rows.rg2.push(rgAlone(tree, 2));
        }
      }
      const m = Object.fromEntries(
        Object.entries(rows)
          .filter(([, v]) => v.length > 0)
          .map(([k, v]) => [k, Object.fromEntries(Object.keys(v[0]).map((f) => [f, median(v.map((x) => x[f]))]))]),
      );
      const mb = treeBytes(tree) / 1e6;
      const fmt = (r) =>
        `wall ${r.wallMs.toFixed(0).padStart(5)} ms (${(mb / (r.wallMs / 1000)).toFixed(0).padStart(4)} MB/s), cpu ${r.cpuMs.toFixed(0).padStart(5)} ms, rss ${r.rssMiB.toFixed(1)} MiB`;
      lines.push('', `${tree} (${mb.toFixed(0)} MB)`);
      lines.push(`  refs (piped, default threads)         ${fmt(m.refs)}`);
      for (const [label] of formats) lines.push(`  refs ${label.padEnd(32)} ${fmt(m[label])}`);
      lines.push(`  refs --threads 0                      ${fmt(m.refs0)}`);
      lines.push(`  refs --threads 1                      ${fmt(m.refs1)}`);
      if (m.pipeline) {
        lines.push(`  curl | jq | rg -F -f - -n             ${fmt(m.pipeline)}`);
        lines.push(`  rg -F -f names -n -j1                 ${fmt(m.rg1)}`);
        lines.push(`  rg -F -f names -n -j2                 ${fmt(m.rg2)}`);
        if (m.withStages) lines.push(`  the same, then curl of the stage rows  ${fmt(m.withStages)}`);
        const ratio = m.refs.wallMs / m.pipeline.wallMs;
        ratios.push([`${tree}: refs ≤ ${budget}× the pipeline`, ratio, budget]);
        for (const [label] of formats)
          ratios.push([`${tree}: refs ${label} ≤ ${budget}×`, m[label].wallMs / m.pipeline.wallMs, budget]);
        if (m.withStages)
          for (const [label] of formats)
            ratios.push([
              `${tree}: refs ${label} / pipeline + stage rows`,
              m[label].wallMs / m.withStages.wallMs,
              null,
            ]);
        const want = oracle(
          tree,
          String(readFileSync(join(work, 'names')))
            .split('\n')
            .filter(Boolean),
          work,
        );
        const got = refsSet(tree, env);
        const missed = [...want].filter((x) => !got.has(x));
        const extra = [...got].filter((x) => !want.has(x));
        lines.push(
          `  oracle: ${got.size} references by refs, ${want.size} by rg; ${missed.length} missed, ${extra.length} extra ${missed.length + extra.length === 0 ? 'pass' : 'FAIL'}`,
        );
        for (const x of [
          ...missed.slice(0, 3).map((y) => `missed ${y}`),
          ...extra.slice(0, 3).map((y) => `extra ${y}`),
        ])
          lines.push(`    ${x}`);
      } else lines.push(`  pipeline skipped: ${missing.join(', ')} not installed (apt-get install -y ripgrep jq curl)`);
    }
    lines.push('');
    for (const [name, value, limit] of ratios)
      if (limit === null) lines.push(`${name.padEnd(48)} ${`${value.toFixed(2)}×`.padEnd(8)} (information)`);
      else lines.push(`${name.padEnd(48)} ${`${value.toFixed(2)}×`.padEnd(8)} ${value <= limit ? 'pass' : 'FAIL'}`);
    lines.push(
      `load average at the end ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    await srv.stop();
  }
}

await main();
