// Bundles the CLI and its runtime dependencies into one file, dist/flagctl.mjs.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/flagctl.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: false,
  legalComments: 'none',
  define: { 'process.env.FLAGCTL_BUILD_VERSION': JSON.stringify(pkg.version) },
  // Some bundled CommonJS modules call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __flagctlRequire } from 'node:module'; const require = __flagctlRequire(import.meta.url);" },
  logLevel: 'warning',
});
