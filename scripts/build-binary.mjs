// Builds dist/flagctl-<platform>-<arch>: a single executable that needs no Node on the target.
// It is Node's own single-executable application (SEA): a node binary with the CLI injected as
// a blob. That node is not the one running this script but the Node 24 LTS pinned in
// package.json ("seaNode": version and sha512 per platform), fetched from the npm registry
// package node-<platform>-<arch> by scripts/node-runtime.mjs. Nothing else is downloaded.
//
//   node scripts/build-binary.mjs
//       the binary for this machine, with a V8 code cache of the CLI
//   node scripts/build-binary.mjs --target linux-arm64
//       a binary for another pinned platform, without the code cache (it only fits the node
//       that made it, and that node cannot run here)
//   node scripts/build-binary.mjs --node <node binary of the target> --target <platform>-<arch>
//       a platform with no pinned package, e.g. --target darwin-arm64 with the node from
//       node-v<same version>-darwin-arm64.tar.gz. A macOS binary must then be signed on a Mac:
//       codesign --sign - <file>
//   --snapshot
//       a V8 startup snapshot instead of the code cache (measured slower, see README)
//   --without-cleanup
//       dist/flagctl-<platform>-<arch>-without-cleanup: the same without cleanup's code and its
//       grammars, for `node bench/run.mjs --without-cleanup` (start-up with and without them)
//   --if-changed
//       nothing, when the binary there was built from the same inputs (the bundle, this script,
//       the pinned node, the warm-up document): the tests ask for the binary in two projects
//       (artifact, e2e), and it is built once
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundle, GRAMMARS, root, withoutCleanup } from './build.mjs';
import { ensureNode, here, NODE_VERSION } from './node-runtime.mjs';

// The fuse Node checks for an injected blob (from Node's SEA documentation).
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const { values: args } = parseArgs({
  options: {
    node: { type: 'string' },
    target: { type: 'string' },
    snapshot: { type: 'boolean' },
    'without-cleanup': { type: 'boolean' },
    'if-changed': { type: 'boolean' },
  },
});
if (args.node && !args.target) throw new Error('--node needs --target <platform>-<arch>, e.g. --target darwin-arm64');
const target = args.target ?? here;
const platform = target.split('-')[0];
// The blob is made by the pinned node of this machine: the same version as the target's.
const maker = ensureNode(here);
const node = args.node ?? ensureNode(target);
// A code cache or snapshot only fits the very node that generated it.
const native = node === maker;
if (args.snapshot && !native)
  throw new Error('--snapshot needs the pinned node of this machine (no --node, no other --target)');

const bare = args['without-cleanup'];
const plugins = bare ? [withoutCleanup] : [];
const out = join(
  root,
  'dist',
  `flagctl-${target}${bare ? '-without-cleanup' : ''}${platform === 'win32' ? '.exe' : ''}`,
);
const work = join(root, 'dist', 'sea');
// Work files are named per process and the binary is renamed into place only once it is
// complete, so two builds at once (two test runs, say) never read each other's files.
const tmp = (name) => join(work, `${process.pid}.${name}`);

/** Runs a tool quietly; its output is shown only when it fails. */
function quiet(file, argv) {
  try {
    return execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
  } catch (err) {
    throw new Error(`${file} ${argv.join(' ')} failed:\n${err.stderr ?? ''}${err.stdout ?? ''}${err.message}`);
  }
}

/**
 * Official Linux node binaries carry about 12 MB of symbols and debug info that nothing needs
 * at run time (strip keeps the dynamic symbol table that native addons link against). Where
 * strip is missing, or cannot read another architecture's binary, the binary is just bigger.
 */
function stripDebugInfo(file) {
  try {
    execFileSync('strip', [file], { stdio: 'ignore' });
  } catch (err) {
    console.error(
      `note: not stripped (${err.code === 'ENOENT' ? 'strip not found' : 'strip failed'}); the binary keeps its debug info`,
    );
  }
}

/** postject's ELF reader (LIEF) warns once per unnamed note section of node's: harmless noise. */
async function injectQuietly(file, blob) {
  const { inject } = createRequire(import.meta.url)('postject');
  const warn = console.warn;
  console.warn = (...a) =>
    void (/^warning: Can't find string offset for section name/.test(String(a[0])) || warn(...a));
  try {
    await inject(file, 'NODE_SEA_BLOB', blob, {
      sentinelFuse: FUSE,
      machoSegmentName: platform === 'darwin' ? 'NODE_SEA' : undefined,
    });
  } finally {
    console.warn = warn;
  }
}

// 1. A SEA runs one CommonJS script whose require() sees only built-ins: bundle it all.
//    Built here for this machine, the binary's main is a small loader and the bundle one of its
//    assets, with a V8 code cache made by running the CLI once (scripts/sea-warm.cjs) on the very node the
//    binary is made of, so it also holds the functions that run compiled lazily. `--version`
//    then costs no more than node's own start, and the bundle's code comes cached. For another
//    platform (no cache possible) the bundle itself is the main script.
mkdirSync(work, { recursive: true });
const loader = native && !args.snapshot;
// The loader is src/startup/sea.ts; scripts/sea-warm.cjs makes the caches.
const main = loader
  ? await bundle({ outfile: tmp('main.cjs'), kind: 'sea' })
  : await bundle({ outfile: tmp('flagctl.cjs'), kind: args.snapshot ? 'snapshot' : 'script', plugins });
const assets = {};
if (loader) {
  assets['flagctl.cjs'] = await bundle({ outfile: tmp('flagctl.cjs'), plugins });
  assets['feature-get.cjs'] = await bundle({ outfile: tmp('feature-get.cjs'), kind: 'fast', plugins });
}

// What the binary is made of, known before the costly steps; written beside the binary once it
// is in place (see --if-changed).
const inputs = createHash('sha256');
for (const part of [
  readFileSync(fileURLToPath(import.meta.url)),
  readFileSync(join(root, 'scripts/sea-warm.cjs')),
  readFileSync(node),
  readFileSync(loader ? assets['flagctl.cjs'] : main),
  ...Object.values(GRAMMARS).map((f) => readFileSync(join(root, f))),
])
  inputs.update(part);
if (loader) inputs.update(readFileSync(assets['feature-get.cjs']));
if (loader) inputs.update(readFileSync(main));
if (loader) inputs.update(readFileSync(join(root, 'test/fixtures/feature.json')));
inputs.update(
  JSON.stringify({ target, snapshot: Boolean(args.snapshot), node: args.node ?? null, ...(bare ? { bare } : {}) }),
);
const stamp = `${out}.inputs`;
const digest = inputs.digest('hex');
if (args['if-changed'] && existsSync(out) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest) {
  for (const file of loader ? [...Object.values(assets), main] : [main]) rmSync(file, { force: true });
  console.error(`${out} is up to date (built from the same inputs)`);
  process.exit(0);
}

if (loader) {
  // Each bundle's cache from its own run of `feature get`: the fast path's, and the whole
  // CLI's (which runs every other command line).
  for (const name of ['flagctl', 'feature-get']) {
    assets[`${name}.v8`] = tmp(`${name}.v8`);
    quiet(maker, [
      join(root, 'scripts/sea-warm.cjs'),
      assets[`${name}.cjs`],
      assets[`${name}.v8`],
      join(root, 'test/fixtures/feature.json'),
    ]);
  }
}

// 2. The blob. See the README's Performance section for the startup snapshot (--snapshot) that
//    the code cache was measured against.
const blob = tmp('flagctl.blob');
const config = tmp('sea-config.json');
// cleanup's parser (src/cleanup/grammars.ts reads them with sea.getRawAsset): read from
// node_modules in place, so they are not among the work files removed below.
const grammars = Object.fromEntries(
  Object.entries(GRAMMARS).map(([name, from]) => [`grammars/${name}`, join(root, from)]),
);
const seaConfig = {
  main,
  output: blob,
  disableExperimentalSEAWarning: true,
  useCodeCache: loader,
  useSnapshot: Boolean(args.snapshot),
  assets: { ...assets, ...(bare ? {} : grammars) },
};
writeFileSync(config, `${JSON.stringify(seaConfig, null, 2)}\n`);
quiet(maker, ['--experimental-sea-config', config]);

// 3. A copy of the node binary with the blob injected. macOS binaries need their signature
//    removed first and a new (ad hoc) one after; a Windows .exe may be signed with signtool.
const exe = tmp(`flagctl${platform === 'win32' ? '.exe' : ''}`);
copyFileSync(node, exe);
chmodSync(exe, 0o755);
const onMac = platform === 'darwin' && process.platform === 'darwin';
if (onMac) quiet('codesign', ['--remove-signature', exe]);
if (platform === 'linux' && process.platform === 'linux') stripDebugInfo(exe);
await injectQuietly(exe, readFileSync(blob));
if (onMac) quiet('codesign', ['--sign', '-', exe]);

// 4. It must run: a broken injection shows here, not on a user's machine.
const version = target === here ? quiet(exe, ['--version']).trim() : '';
renameSync(exe, out);
writeFileSync(stamp, `${digest}\n`);
for (const file of [blob, config, main, ...Object.values(assets)]) rmSync(file, { force: true });
console.error(
  `built ${out}: Node ${NODE_VERSION}${args.node ? ` (from ${args.node})` : ''}, ${version ? `flagctl ${version}` : `for ${target}, not run here`}`,
);
if (platform === 'darwin' && !onMac) console.error(`note: sign it on a Mac before use: codesign --sign - ${out}`);
