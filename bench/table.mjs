// npm run bench:table: a terminal table of 100,000 rows against the same rows piped.
// Budget: the terminal costs at most 2× the pipe. `project overview` of a 100,000-feature
// project served by a local fixture on 127.0.0.1; the terminal is a real pseudo-terminal
// (util-linux `script`) 120 columns wide; both runs write through it. Medians of BENCH_TABLE_RUNS.

import './plain-env.mjs';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROWS = 100_000;
const RUNS = Number(process.env.BENCH_TABLE_RUNS ?? 3);

const features = Array.from({ length: ROWS }, (_, i) => ({
  name: `flag-${String(i).padStart(6, '0')}`,
  type: 'release',
  project: 'default',
  stale: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  environments: [
    { name: 'development', enabled: true },
    { name: 'production', enabled: i % 2 === 0 },
  ],
}));
const body = JSON.stringify({ name: 'Default', version: 1, features });
const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}`;
const env = {
  ...process.env,
  FLAGCTL_URL: url,
  FLAGCTL_TOKEN: '*:*.benchmark-token',
  FLAGCTL_CONFIG_DIR: '/nonexistent',
  NO_COLOR: '1',
  FLAGCTL_PAGER: '',
}; // the table as drawn, not through a pager

/** Wall time of one run inside a 120-column pseudo-terminal, in ms (async: the fixture must keep serving). */
function run(pipe) {
  const cmd = `stty cols 120 rows 40; node ${root}bin/flagctl project overview default 2>/dev/null${pipe ? ' | cat' : ''}`;
  const t = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', cmd, '/dev/null'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve(Number(process.hrtime.bigint() - t) / 1e6) : reject(new Error(`exit ${code}`)),
    );
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const terminal = [];
const piped = [];
await run(false); // warm-up
for (let i = 0; i < RUNS; i++) {
  terminal.push(await run(false));
  piped.push(await run(true));
}
server.close();
const [t, p] = [median(terminal), median(piped)];
const ratio = t / p;
const load = String(spawnSync('uptime').stdout)
  .trim()
  .replace(/.*load average: /, '');
console.log(
  `terminal table, ${ROWS.toLocaleString('en-US')} rows: terminal ${Math.round(t)} ms, piped ${Math.round(p)} ms, ${ratio.toFixed(2)}× (budget 2×) ${ratio <= 2 ? 'ok' : 'OVER BUDGET'}; load ${load}`,
);
if (ratio > 2) process.exitCode = 1;
