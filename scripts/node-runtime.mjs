// The Node runtime the single executable embeds and the second e2e runtime: the npm registry's
// `node-<platform>-<arch>` package at the version pinned in package.json ("seaNode"), checked
// against the sha512 integrity pinned beside it.
//
// It is deliberately in no dependency field: these packages carry a `node` bin, which npm would
// link as node_modules/.bin/node and so put ahead of the machine's node in every npm script;
// as an optionalDependency it would also reach every user's install. It is fetched on demand
// with `npm pack` (the registry, through npm's cache), verified, and unpacked into
// node_modules/.cache/flagctl-node/<version>-<platform>-<arch>/node.
//
//   node scripts/node-runtime.mjs     fetch if needed, print the path of the node binary
//   import { ensureNode } from ...    the same, from the build or a test set-up
//   vitest globalSetup                the same before the e2e project that runs the CLI on it
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).seaNode;

/** npm names these packages after Node's download names: win, not win32. */
const npmPlatform = (platform) => (platform === 'win32' ? 'win' : platform);

export const here = `${process.platform}-${process.arch}`;
export const NODE_VERSION = pinned.version;

/** Where the pinned node for a target lives once fetched (nothing is fetched here). */
export function nodePath(target = here) {
  const exe = target.startsWith('win32-') ? 'node.exe' : 'node';
  return join(root, 'node_modules/.cache/flagctl-node', `${pinned.version}-${target}`, exe);
}

/** Fetches, verifies and unpacks the pinned node for a target unless it is there; returns its path. */
export function ensureNode(target = here) {
  const file = nodePath(target);
  if (existsSync(file)) return file;
  const integrity = pinned.integrity[target];
  if (!integrity) {
    throw new Error(
      `no Node ${pinned.version} pinned for ${target} in package.json "seaNode"; pinned: ${Object.keys(pinned.integrity).join(', ')}`,
    );
  }
  const [platform, arch] = target.split('-');
  const spec = `node-${npmPlatform(platform)}-${arch}@${pinned.version}`;
  // Per process, then renamed into place: two test projects may ask at the same moment.
  const work = join(root, 'node_modules/.cache/flagctl-node', `.tmp-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const out = execFileSync(
      'npm',
      ['pack', spec, '--json', '--ignore-scripts', '--prefer-offline', '--pack-destination', work],
      {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const tarball = join(work, JSON.parse(out)[0].filename);
    const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (actual !== integrity) throw new Error(`${spec}: integrity ${actual} is not the pinned ${integrity}`);
    const inside = target.startsWith('win32-') ? 'package/node.exe' : 'package/bin/node';
    execFileSync('tar', ['-xzf', tarball, '-C', work, inside]);
    const dir = dirname(file);
    mkdirSync(join(dir, '..'), { recursive: true });
    try {
      renameSync(join(work, dirname(inside)), dir);
    } catch (err) {
      if (!existsSync(file)) throw err; // another process put it there first
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(file)) throw new Error(`${spec}: ${file} missing after unpacking`);
  return file;
}

/** vitest globalSetup: the runtime is there before any test spawns it. */
export default function setup() {
  ensureNode();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(ensureNode());
}
