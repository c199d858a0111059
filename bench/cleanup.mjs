// npm run bench: `flagctl cleanup` over a real source tree against the yardstick, ast-grep
// (@ast-grep/cli, exact-pinned, used only here) doing one pattern rewrite over the same tree.
// It is installed on first use into .tmp/bench-tools, not as a devDependency: its lock entries
// name platform packages the registry may not hold, which would make `npm ci` refuse the lock.
//
// The tree: a copy of node_modules/unleash-v8 (Unleash 8.2.0 as published: about 13,400 files,
// its compiled server and frontend), which calls its own flags as
// `this.flagResolver.isEnabled('anonymiseEventLog')`. Both print the rewrite and change nothing:
//   flagctl cleanup anonymiseEventLog <tree> --keep on --allow-leftovers > /dev/null
//   ast-grep run -p '$R.isEnabled("anonymiseEventLog")' -r 'true' -l js <tree> > /dev/null
// Interleaved runs after a warm-up; medians. Budget: cleanup at most 1.0× ast-grep.
// No test asserts on these numbers; figures taken on a loaded machine are not quotable.
import './plain-env.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const FLAG = 'anonymiseEventLog';
const AST_GREP_VERSION = '0.40.0';
const TOOLS = join(root, '.tmp/bench-tools');
const AST_GREP = join(TOOLS, 'node_modules/@ast-grep/cli-linux-x64-gnu/ast-grep');
if (!existsSync(AST_GREP)) {
  // --ignore-scripts: the package's postinstall is not needed (the binary is called directly).
  const r = spawnSync(
    'npm',
    ['install', '--prefix', TOOLS, '--no-save', '--ignore-scripts', `@ast-grep/cli@${AST_GREP_VERSION}`],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !existsSync(AST_GREP))
    throw new Error(`bench/cleanup: could not install @ast-grep/cli@${AST_GREP_VERSION} into ${TOOLS}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function countFiles(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(join(dir, e.name)) : 1;
  return n;
}

function timed(cmd, args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: tmpdir() },
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const work = mkdtempSync(join(tmpdir(), 'flagctl-bench-cleanup-'));
try {
  const tree = join(work, 'unleash');
  cpSync(join(root, 'node_modules/unleash-v8'), tree, { recursive: true });
  const files = countFiles(tree);
  const cleanup = [
    process.execPath,
    [join(root, 'bin/flagctl'), 'cleanup', FLAG, tree, '--keep', 'on', '--allow-leftovers'],
  ];
  const astGrep = [AST_GREP, ['run', '-p', `$R.isEnabled('${FLAG}')`, '-r', 'true', '-l', 'js', tree]];
  for (const [cmd, args] of [cleanup, astGrep]) timed(cmd, args);
  const times = { cleanup: [], astGrep: [] };
  for (let i = 0; i < RUNS; i++) {
    times.cleanup.push(timed(...cleanup));
    times.astGrep.push(timed(...astGrep));
  }
  const c = median(times.cleanup);
  const a = median(times.astGrep);
  const ratio = c / a;
  process.stdout.write(
    [
      '',
      `cleanup over node_modules/unleash-v8 (${files} files), ${RUNS} interleaved runs, medians`,
      `  flagctl cleanup ${FLAG} --keep on          ${c.toFixed(0).padStart(6)} ms`,
      `  ast-grep run -p … -r true -l js           ${a.toFixed(0).padStart(6)} ms`,
      `cleanup ≤ 1.0× ast-grep                          ${`${ratio.toFixed(2)}×`.padEnd(8)} ${ratio <= 1 ? 'pass' : 'FAIL'}`,
      `load average at the end ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
