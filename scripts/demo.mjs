#!/usr/bin/env node
// A guided tour of flagctl against a real, freshly seeded Unleash server.
//
//   npm run demo                 # build, start server, run the tour, clean up
//   npm run demo -- --keep       # ...and leave the server running for your own experiments
//   npm run demo -- --v6         # use Unleash 6.10.1 instead of 8.2.0
//   npm run demo -- --size 260   # seed more features (default 120)
//
// What it does: starts one embedded PostgreSQL and ONE Unleash server (8.2.0 by default) on
// 127.0.0.1 with the e2e seed data, stores a profile with `flagctl auth login` in a
// temporary config dir (FLAGCTL_CONFIG_DIR), then prints each tour command and its real
// output. A command that fails shows its exit code; the tour goes on. At the end (and on
// Ctrl-C or an error) everything is stopped and the temp dirs are removed.
//
// Edit TOUR to change the commands. `| head -n N` at the end of an entry shows only the
// first N lines of the output.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServers } from '../test/e2e/harness/servers.mjs';
import { seed, SEED } from '../test/e2e/harness/seed.mjs';

/** @type {string[][]} */
const TOUR = [
  ['auth', 'status'],
  ['feature', 'get', SEED.fullFeature],
  ['feature', 'get', SEED.fullFeature, '-o', 'json', '|', 'head', '-n', '30'],
  ['features', 'search', '--type', 'release', '--limit', '5'],
  [
    'features',
    'search',
    '--tag',
    'team:platform',
    '--status',
    'production:enabled',
    '--columns',
    'name,type,env:production.enabled,tags',
  ],
  ['features', 'search', '--state', 'stale'],
  ['features', 'stale', '--type', 'release', '-o', 'markdown'],
  ['project', 'overview', 'default', '|', 'head', '-n', '45'],
  // A small source tree the demo writes (@APP): which stale flags are still in our code?
  ['refs', '@APP', '--summary'],
  ['refs', '@APP', '--fail-on', 'stale,archived'],
  // What differs between development and production?
  ['diff', 'development', 'production', '--stat', '|', 'head', '-n', '12'],
  // Why is a flag on for this user?
  [
    'evaluate',
    SEED.fullFeature,
    '--env',
    'development',
    '-c',
    'userId=7',
    '-c',
    'country=DE',
    '-c',
    'appName=web-shop',
    '-c',
    'email=ann@example.com',
    '-c',
    'plan=pro',
  ],
  // Who changed it?
  ['feature', 'history', SEED.fullFeature, '--limit', '5'],
];

const PROFILE = 'demo';
const COMMAND_TIMEOUT_MS = 60_000;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(repoRoot, 'bin', 'flagctl');

// ---- arguments --------------------------------------------------------------------------
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(
    'usage: npm run demo -- [--keep] [--v6] [--size N]\n' +
      '  --keep    leave the server running at the end and print how to use and stop it\n' +
      '  --v6      run Unleash 6.10.1 instead of 8.2.0\n' +
      `  --size N  number of seeded active features (default 120; the e2e suite uses ${SEED.total})\n`,
  );
  process.exit(0);
}
const keep = argv.includes('--keep');
const version = argv.includes('--v6') ? '6' : '8';
const sizeArg = argv.indexOf('--size');
const size = sizeArg >= 0 ? Number.parseInt(argv[sizeArg + 1] ?? '', 10) : 120;
if (!Number.isFinite(size) || size < 1) {
  process.stderr.write('demo: --size needs a positive number\n');
  process.exit(2);
}

// ---- output helpers ---------------------------------------------------------------------
const tty = process.stdout.isTTY;
const style = (/** @type {string} */ code, /** @type {string} */ s) =>
  tty && !process.env.NO_COLOR ? `\x1b[${code}m${s}\x1b[0m` : s;
const say = (/** @type {string} */ s) => process.stdout.write(`${s}\n`);
const info = (/** @type {string} */ s) => say(style('2', s));

/** Quote an argument for display in a POSIX shell. @param {string} a */
const shq = (a) => (/^[A-Za-z0-9_@%+=:,./~-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);

// ---- cleanup ----------------------------------------------------------------------------
/** @type {Awaited<ReturnType<typeof startServers>> | undefined} */
let fleet;
/** @type {string | undefined} */
let configDir;
/** @type {import('node:child_process').ChildProcess | undefined} */
let running;
let cleaningUp = false;

async function cleanup() {
  if (cleaningUp) return;
  cleaningUp = true;
  running?.kill('SIGTERM');
  if (configDir) await rm(configDir, { recursive: true, force: true }).catch(() => {});
  if (fleet) await fleet.stopAll().catch(() => {});
}

for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(sig, () => {
    process.stderr.write(`\ndemo: ${sig} received, stopping the server and cleaning up...\n`);
    void cleanup().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  });
}
// `npm run demo | head` closes our stdout early: stop quietly instead of crashing.
process.stdout.on('error', (err) => {
  if (/** @type {NodeJS.ErrnoException} */ (err).code === 'EPIPE') void cleanup().finally(() => process.exit(0));
});
// Synchronous last resort (e.g. an uncaught exception): the fleet supervisor stops itself
// when our IPC channel closes; the config dir we remove here.
process.on('exit', () => {
  if (configDir && existsSync(configDir)) rmSync(configDir, { recursive: true, force: true });
});

// ---- running flagctl --------------------------------------------------------------------
/**
 * Run flagctl, streaming its output to our stdout (optionally only the first `maxLines`).
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {{ stdin?: string, maxLines?: number, quiet?: boolean }} [opts]
 * @returns {Promise<{ code: number | null, signal: string | null, error?: Error, output: string }>}
 */
function runFlagctl(args, env, { stdin, maxLines, quiet = false } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
    running = child;
    let output = '';
    let shown = 0;
    let truncated = false;
    const timer = setTimeout(() => {
      say(style('33', `[no answer after ${COMMAND_TIMEOUT_MS / 1000}s, stopping it]`));
      child.kill('SIGTERM');
    }, COMMAND_TIMEOUT_MS);
    const onData = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString();
      output += text;
      if (quiet) return;
      if (maxLines === undefined) {
        process.stdout.write(text);
        return;
      }
      for (const line of text.split(/(?<=\n)/)) {
        if (shown < maxLines) {
          process.stdout.write(line);
          if (line.endsWith('\n')) shown++;
        } else if (line.length > 0) {
          truncated = true;
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.stdin.on('error', () => {});
    child.stdin.end(stdin ?? '');
    /** @type {Error | undefined} */
    let error;
    child.on('error', (err) => {
      error = err;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      if (!quiet && output.length > 0 && !output.endsWith('\n') && !truncated) process.stdout.write('\n');
      if (truncated) say(style('2', '...'));
      resolveRun({ code, signal, error, output });
    });
  });
}

// ---- main -------------------------------------------------------------------------------
async function main() {
  if (!existsSync(join(repoRoot, 'dist', 'flagctl.cjs'))) {
    say(
      style(
        '33',
        'note: dist/flagctl.cjs is missing; run `npm run build` (npm run demo does it). The tour will show the failures.',
      ),
    );
  }

  const t0 = Date.now();
  info(`Starting PostgreSQL and Unleash ${version === '8' ? '8.2.0' : '6.10.1'} on 127.0.0.1 ...`);
  fleet = await startServers({ versions: [version] });
  const server = /** @type {NonNullable<typeof fleet>['servers'][number]} */ (fleet.servers[0]);
  info(
    `Unleash ${server.pkg} is up at ${server.url} (${((Date.now() - t0) / 1000).toFixed(1)}s). Seeding ${size} features ...`,
  );
  const t1 = Date.now();
  const seeded = await seed(server.url, server.adminToken, { size });
  info(
    `Seeded ${seeded.total} active + ${seeded.archived.length} archived features (${seeded.requests} API calls, ${((Date.now() - t1) / 1000).toFixed(1)}s).`,
  );

  configDir = await mkdtemp(join(tmpdir(), 'flagctl-demo-'));
  // A clean environment for flagctl: our config dir and profile, no FLAGCTL_URL/TOKEN from
  // the developer's shell, so the stored profile is what the tour uses.
  /** @type {Record<string, string>} */
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('FLAGCTL_')) env[k] = v;
  env.FLAGCTL_CONFIG_DIR = configDir;
  if (tty && !process.env.NO_COLOR) env.FORCE_COLOR ??= '1';
  if (process.stdout.columns) env.COLUMNS ??= String(process.stdout.columns);

  say('');
  const loginArgs = ['auth', 'login', '--url', server.url, '--profile', PROFILE];
  say(`${style('1', '$')} echo "$TOKEN" | flagctl ${loginArgs.map(shq).join(' ')}`);
  const login = await runFlagctl(loginArgs, env, { stdin: `${server.adminToken}\n` });
  reportExit(login);
  env.FLAGCTL_PROFILE = PROFILE;

  const app = join(configDir, 'app');
  await mkdir(join(app, 'src'), { recursive: true });
  await writeFile(
    join(app, 'src', 'checkout.ts'),
    [
      `if (unleash.isEnabled('${SEED.fullFeature}')) renderNewCheckout();`,
      `const legacy = unleash.isEnabled("${SEED.staleFeature}"); // still here after the migration`,
      `export const onboarding = flags['${SEED.archivedFeatures[0]}'];`,
      '',
    ].join('\n'),
  );
  for (const raw of TOUR) {
    const entry = raw.map((a) => (a === '@APP' ? app : a));
    const pipe = entry.indexOf('|');
    const args = pipe >= 0 ? entry.slice(0, pipe) : entry;
    const tail = pipe >= 0 ? entry.slice(pipe + 1) : [];
    let maxLines;
    if (tail.length > 0) {
      const n = Number.parseInt(tail[tail.length - 1] ?? '', 10);
      if (tail[0] !== 'head' || !Number.isFinite(n))
        throw new Error(`TOUR: only "| head -n N" is supported, got: ${tail.join(' ')}`);
      maxLines = n;
    }
    say('');
    say(`${style('1', '$')} flagctl ${args.map(shq).join(' ')}${tail.length ? ` | ${tail.join(' ')}` : ''}`);
    const result = await runFlagctl(args, env, { maxLines });
    reportExit(result);
  }
  say('');

  if (keep) {
    const pid = fleet.supervisorPid;
    await fleet.detach();
    fleet = undefined; // do not stop it in cleanup()
    say(style('1', `Unleash ${server.pkg} keeps running at ${server.url}`));
    say('Use it from another shell with:');
    say(`  export FLAGCTL_URL=${shq(server.url)} FLAGCTL_TOKEN=${shq(server.adminToken)}`);
    say(`  (a client token that gets 403 on admin endpoints: ${shq(server.narrowToken)})`);
    say(`Stop it (Unleash, PostgreSQL and the temp data) with:`);
    say(`  kill ${pid}`);
  } else {
    info('Stopping the server and removing temp data ...');
  }
}

/** @param {{ code: number | null, signal: string | null, error?: Error }} r */
function reportExit(r) {
  if (r.error) say(style('31', `[could not run flagctl: ${r.error.message}]`));
  else if (r.signal) say(style('31', `[killed by ${r.signal}]`));
  else if (r.code !== 0) say(style('33', `[exit code ${r.code}]`));
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (err) {
  process.stderr.write(`demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  await cleanup();
  process.exit(1);
}
