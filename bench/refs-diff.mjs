// `npm run bench:refs-diff`: flagctl refs --diff on a pull-request-sized change in a repository
// the size of this project's node_modules (about 42,000 files, committed to git), against what
// a user would otherwise run for the same answer:
//
//   flagctl refs --root <repo> --diff HEAD~1 -o ndjson
//   curl …/features | jq -r '.features[].name' > names
//   git diff -U0 HEAD~1 | rg -F -f names; git grep -F -l -e <removed names>
//
// The change touches 10 files: it adds references to 4 flags, removes every reference to 3
// (extinct), and moves one between files. A real Unleash 8.2.0 with 1,200 flags (the e2e
// harness; BENCH_REFS_URL and BENCH_REFS_TOKEN use a running server). The repository is built
// once in .tmp/bench-refs-diff (hard links to node_modules; files the change edits are
// rewritten, never edited in place) and reused. Whole processes, warm cache, interleaved,
// medians. Budget: flagctl at most 1.5× the pipeline. No test asserts on these numbers.

import './plain-env.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${root}bin/flagctl`;
const REPO = join(root, '.tmp/bench-refs-diff');
const RUNS = Number(process.env.BENCH_REFS_RUNS ?? 5);
const FLAGS = 1200;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: REPO,
  GIT_AUTHOR_NAME: 'b',
  GIT_AUTHOR_EMAIL: 'b@example.com',
  GIT_COMMITTER_NAME: 'b',
  GIT_COMMITTER_EMAIL: 'b@example.com',
};
const git = (...args) =>
  execFileSync('git', ['-C', REPO, ...args], { env: gitEnv, encoding: 'utf8', maxBuffer: 1 << 28 });

function measured(cmd, args, env, okCodes = [0]) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', cmd, ...args], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  if (!okCodes.includes(r.status))
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(-500)}`);
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

/** Writes a file anew (a new inode): the repository's files are hard links into node_modules. */
function rewrite(rel, body) {
  const path = join(REPO, rel);
  rmSync(path, { force: true });
  writeFileSync(path, body);
}

/** The base commit (node_modules plus references to 4 flags) and the change on top, committed. */
function buildRepo(names) {
  const [a, b, c, d, ...added] = names;
  const marker = join(REPO, '.git/flagctl-bench-ready');
  if (!existsSync(marker)) {
    rmSync(REPO, { recursive: true, force: true });
    mkdirSync(REPO, { recursive: true });
    process.stderr.write('building the repository (hard links to node_modules, one commit)…\n');
    execFileSync('cp', ['-al', join(root, 'node_modules'), join(REPO, 'node_modules')]);
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'node_modules');
    writeFileSync(marker, '');
  }
  git('reset', '-q', '--hard', git('rev-list', '--max-parents=0', 'HEAD').trim());
  git('clean', '-qfd');
  // Ordinary source files: text, far below --max-file-kb.
  const files = git('ls-files', '-z', 'node_modules/*.js')
    .split('\0')
    .filter((f) => f.endsWith('.js') && statSync(join(REPO, f)).size < 64 * 1024);
  const pick = Array.from({ length: 10 }, (_, i) => files[Math.floor(((i + 0.5) * files.length) / 10)]);
  const base = (i, lines) => rewrite(pick[i], `${readFileSync(join(REPO, pick[i]), 'utf8')}\n${lines.join('\n')}\n`);
  // Base: a, b, c each referenced once (they will be extinct), d referenced in file 3.
  base(0, [`isEnabled("${a}");`]);
  base(1, [`isEnabled("${b}");`]);
  base(2, [`isEnabled("${c}");`]);
  base(3, [`const moved = isEnabled("${d}");`]);
  git('commit', '-q', '-am', 'base with references');
  const body = (i) => readFileSync(join(REPO, pick[i]), 'utf8');
  rewrite(pick[0], body(0).replace(`isEnabled("${a}");`, ''));
  rewrite(pick[1], body(1).replace(`isEnabled("${b}");`, ''));
  rewrite(pick[2], body(2).replace(`isEnabled("${c}");`, ''));
  rewrite(pick[3], body(3).replace(`const moved = isEnabled("${d}");`, ''));
  rewrite(pick[4], `${body(4)}\nconst moved = isEnabled("${d}");\n`);
  added.slice(0, 4).forEach((n, k) => rewrite(pick[5 + k], `${body(5 + k)}\nif (isEnabled("${n}")) {}\n`));
  rewrite(pick[9], `${body(9)}\n// an unrelated edit\n`);
  git('commit', '-q', '-am', 'the change: 10 files');
  return { removed: [a, b, c] };
}

async function main() {
  spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const srv = await server();
  try {
    const env = {
      ...process.env,
      FLAGCTL_URL: srv.url,
      FLAGCTL_TOKEN: srv.token,
      FLAGCTL_CONFIG_DIR: '/nonexistent',
      NO_COLOR: '1',
    };
    const list = await fetch(`${srv.url}/api/admin/projects/default/features`, {
      headers: { authorization: srv.token },
    }).then((r) => r.json());
    const names = list.features
      .map((f) => f.name)
      .filter((n) => n.startsWith('bulk.'))
      .slice(0, 8);
    const { removed } = buildRepo(names);
    const flagctl = () =>
      measured(process.execPath, [BIN, 'refs', '--root', REPO, '--diff', 'HEAD~1', '-o', 'ndjson'], env);
    const script = [
      'names=$(mktemp)',
      `curl -sf -H "authorization: $FLAGCTL_TOKEN" "$FLAGCTL_URL/api/admin/projects/default/features" | jq -r '.features[].name' > "$names"`,
      'git diff -U0 HEAD~1 | rg -F -f "$names" || true',
      `git grep -F -l ${removed.map((n) => `-e '${n}'`).join(' ')} || true`,
      'rm -f "$names"',
    ].join('\n');
    const pipeline = () => measured('bash', ['-o', 'pipefail', '-c', script], env);

    // The answer first: the extinct flags are the removed ones, and 4 + 1 references are added.
    const out = execFileSync(process.execPath, [BIN, 'refs', '--root', REPO, '--diff', 'HEAD~1', '-o', 'json'], {
      env,
      encoding: 'utf8',
    });
    const doc = JSON.parse(out);
    const extinct = doc.flags
      .filter((f) => f.extinct)
      .map((f) => f.name)
      .sort();
    const ok =
      JSON.stringify(extinct) === JSON.stringify([...removed].sort()) &&
      doc.changedFiles === 10 &&
      doc.flags.every((f) => f.added.length + f.removed.length > 0) &&
      doc.flags.length === 7;

    flagctl();
    pipeline(); // warm-up
    const rows = { flagctl: [], pipeline: [] };
    for (let i = 0; i < RUNS; i++) {
      rows.flagctl.push(flagctl());
      rows.pipeline.push(pipeline());
    }
    const m = Object.fromEntries(
      Object.entries(rows).map(([k, v]) => [
        k,
        Object.fromEntries(Object.keys(v[0]).map((f) => [f, median(v.map((x) => x[f]))])),
      ]),
    );
    const fmt = (r) => `wall ${r.wallMs.toFixed(0)} ms, cpu ${r.cpuMs.toFixed(0)} ms, rss ${r.rssMiB.toFixed(1)} MiB`;
    const ratio = m.flagctl.wallMs / m.pipeline.wallMs;
    const lines = [
      `flagctl refs --diff benchmark, ${cpus().length} cores, load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}; ${git('ls-files').split('\n').length - 1} files in git; medians of ${RUNS} runs, warm cache`,
      `refs --diff HEAD~1 -o ndjson                       ${fmt(m.flagctl)}`,
      `curl | jq; git diff -U0 | rg -F -f; git grep -F    ${fmt(m.pipeline)}`,
      `answer: ${doc.flags.length} flags, extinct ${extinct.join(', ')}                ${ok ? 'as built' : 'WRONG'}`,
      `wall: ≤ 1.5× the pipeline                          ${ratio.toFixed(2)}×  ${ratio <= 1.5 ? 'pass' : 'FAIL'}`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
  } finally {
    await srv.stop();
  }
}

await main();
