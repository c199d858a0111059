import { writeSync } from 'node:fs';
import { getRawAsset } from 'node:sea';
import { builtin, runCommonJs, type BundleExports } from './code-cache.js';
import { fastPathFirst, onlyVersion } from './route.js';

// The single executable's main script (scripts/build-binary.mjs): the same start as launch.ts,
// with the bundles and their code caches as the executable's assets. Each cache was made at
// build time by a run of `feature get` (scripts/sea-warm.cjs), so it holds what a request compiles; Node's
// own `useCodeCache` covers this small script only (docs/performance.md, "Start-up").

function load(name: string): BundleExports {
  const filename = `${name}.cjs`;
  // As code-cache.ts reads it: the build wrote it wrapped and ASCII, so latin1 is its text.
  const { Script } = builtin<typeof import('node:vm')>('node:vm');
  const script = new Script(Buffer.from(getRawAsset(filename) as ArrayBuffer).toString('latin1'), {
    filename,
    cachedData: Buffer.from(getRawAsset(`${name}.v8`) as ArrayBuffer),
  });
  return runCommonJs(script, filename, '.');
}

const argv = process.argv.slice(2);
if (onlyVersion(argv)) {
  writeSync(1, `${process.env.FLAGCTL_BUILD_VERSION}\n`);
} else if (fastPathFirst(argv)) {
  void load('feature-get')
    .run()
    .then((ran) => ran || load('flagctl').run());
} else {
  void load('flagctl').run();
}
