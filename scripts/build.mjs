// Bundles the CLI and its runtime dependencies into one file, dist/flagctl.cjs; the fast path of
// `feature get` into dist/feature-get.cjs (src/startup/feature-get.ts): the same modules, without
// commander; and the launcher that bin/flagctl runs, dist/launch.cjs (src/startup/launch.ts),
// which tries the fast path first for that command and keeps each bundle's code cache.
//
//   node scripts/build.mjs                the bundle
//   node scripts/build.mjs --completions  the bundle, then completions/ regenerated from it
//
// Other scripts and tests import bundle() to build variants: the single executable's main
// script, or a copy instrumented to report which modules it evaluates.
//
// The bundle is CommonJS so that one file serves every runtime: the launcher compiles it with
// vm.Script and a V8 code cache (src/startup/code-cache.ts), and a single executable needs a
// CommonJS main anyway.
import { build } from 'esbuild';
import { assertNoCycles } from './import-cycles.mjs';
import { assertFolderRules } from './folder-rules.mjs';
import { assertPostSites } from './post-sites.mjs';
import { assertNoFormatBranches } from './format-branches.mjs';
import { assertRegistry } from './format-registry.mjs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Dependencies only some commands need: nothing may import them statically (see assertLazy). */
export const LAZY_PACKAGES = ['ora'];

/**
 * What help, --version and shell completion never need: zod, chalk, the API layer, the views,
 * and each command's implementation (src/commands/<noun>/<verb>/run.ts, loaded with import()
 * when the command runs). The command modules main.ts imports only declare options and help; if
 * one of them imported any of these statically, every start would pay for it (see assertLazy;
 * test/build/build-guard.test.ts plants a static import to show the build then fails).
 */
const STARTUP_FREE = [
  /^node_modules\/(zod|chalk)\//,
  /^src\/api\//,
  /^src\/output\/(.+-view|chart|github)\.ts$/,
  /^src\/commands\/(.+\/)?run\.ts$/,
];

/** The completion scripts in completions/, named as each shell looks for them. */
export const COMPLETION_FILES = { bash: 'flagctl.bash', zsh: '_flagctl', fish: 'flagctl.fish' };

/**
 * Node's built-in modules are loaded with require(), statically imported or not:
 * - an ESM `import` of a built-in goes through its ESM facade, which reads every export at
 *   start-up (`fs.promises` among them, loading fs/promises and more): a few ms each;
 * - in CommonJS output esbuild keeps `import('node:tls')` as a real dynamic import, which
 *   neither a single executable nor vm.Script can run ("A dynamic import callback was not
 *   specified").
 * And through a module of getters, one per name the built-in has (known at build time), each
 * loading it on first use: esbuild's ESM interop (__toESM) reads the property descriptor of
 * every name of an imported CommonJS module, and on Node 24 reading the descriptor of one of
 * Node's own lazy names loads it. `import { promisify } from 'node:util'` loaded worker_threads,
 * streams, parse_args and a dozen more internals (about 1 ms); `import * as fs` loaded fs/dir.
 * Getters of our own are only descriptors to read, so a built-in loads when first used, and
 * only what is used. (A bare Proxy has no own names: esbuild's copy then found nothing, and
 * `import { spawn } from 'node:child_process'` was undefined in the bundle.) The getters sit on
 * the prototype of the module's exports, which esbuild's copy takes as the prototype of its
 * own: a name is found there, and nothing is copied per import (fs has about 100 names, and
 * the fast path of `feature get` imports it from seven modules).
 * Only modules whose exports are plain namespaces of functions and constants, all their own
 * names, are wrapped so (LAZY_BUILTINS); every other one is required as it is. events and
 * stream export a function that code calls or extends, and node:process is the process
 * itself, whose on/emit are inherited (not own names) and whose members libraries set
 * (signal-exit sets process.exitCode and wraps process.emit).
 */
const LAZY_BUILTINS = new Set([
  'child_process',
  'fs',
  'os',
  'tty',
  'util',
  'zlib',
  'worker_threads',
  'http',
  'https',
  'net',
  'tls',
  'crypto',
  'string_decoder',
  'vm',
]);

function builtinModule(path) {
  if (!LAZY_BUILTINS.has(path.replace(/^node:/, '')))
    return `module.exports = __flagctlRequire(${JSON.stringify(path)});`;
  const real = createRequire(import.meta.url)(path);
  return `let m; const load = () => (m ??= __flagctlRequire(${JSON.stringify(path)}));
const names = Object.create(null);
for (const k of ${JSON.stringify(Object.keys(real))}) Object.defineProperty(names, k, { enumerable: true, get: () => load()[k] });
module.exports = Object.create(names);`;
}

export const builtinsAsRequire = {
  name: 'builtins-as-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z]/ }, (args) =>
      isBuiltin(args.path) ? { path: args.path, namespace: 'builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      // Not `require`: esbuild would resolve that back to this very module.
      contents: builtinModule(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The launcher (dist/launch.cjs, every start's first module) imports only names from fs and
 * path, which Node has loaded before any script runs. As esbuild's own plain require()s (no
 * interop copy for named imports) they cost nothing, where the getters above build a table of
 * closures on every start (measured in docs/performance.md, "Start-up"). vm and zlib it takes
 * with process.getBuiltinModule when it uses them (code-cache.ts, `builtin`), so `--version`
 * loads neither and a cached run no zlib.
 */
const launcherBuiltins = {
  name: 'launcher-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(fs|path)$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * esbuild keeps a module that is reached only through `import()` out of the bundle's start-up:
 * its code runs when the import does. One static import anywhere would make it run at every
 * start, `--version` included; this fails the build when that happens.
 */
function assertLazy(metafile) {
  const eager = new Set();
  const visit = (path) => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imp of metafile.inputs[path]?.imports ?? []) {
      if (imp.kind !== 'dynamic-import' && !imp.external) visit(imp.path);
    }
  };
  // From main.ts too: entry.ts reaches it through import(), but every command starts there.
  const entries = Object.keys(metafile.inputs).filter(
    (p) => p === '<stdin>' || /src\/(entry|main|startup\/feature-get)\.ts$/.test(p),
  );
  entries.forEach(visit);
  const pattern = new RegExp(`node_modules/(${LAZY_PACKAGES.join('|')})/`);
  const loaded = [...eager].filter((p) => pattern.test(p) || STARTUP_FREE.some((re) => re.test(p)));
  if (loaded.length) {
    throw new Error(`these must load lazily (with import()), but are imported statically:\n  ${loaded.join('\n  ')}`);
  }
}

/**
 * `flagctl cleanup`'s parser (src/cleanup/, which loads web-tree-sitter and the grammars from
 * dist/grammars/) is for that command alone: every other command's start-up stays as it was
 * (issue 38). Its one door is src/commands/cleanup/run.ts, loaded with import() when cleanup
 * runs; the build fails if any other path, static or dynamic, reaches the parser. Only the
 * text of the `flagctl cleanup …` command line (command-line.ts), which retire plan and refs
 * print, is shared.
 */
export const CLEANUP_DOOR = 'src/commands/cleanup/run.ts';
const CLEANUP_ENGINE = /^(src\/cleanup\/(?!command-line\.ts$)|node_modules\/(web-tree-sitter|tree-sitter-wasms)\/)/;

function assertCleanupApart(metafile) {
  const seen = new Map();
  const visit = (path, from) => {
    if (seen.has(path) || path === CLEANUP_DOOR) return;
    seen.set(path, from);
    for (const imp of metafile.inputs[path]?.imports ?? []) if (!imp.external) visit(imp.path, path);
  };
  for (const out of Object.values(metafile.outputs)) if (out.entryPoint) visit(out.entryPoint, undefined);
  const reached = [...seen].filter(([p]) => CLEANUP_ENGINE.test(p));
  if (reached.length)
    throw new Error(
      `cleanup's parser is loaded only by ${CLEANUP_DOOR}, but other code reaches it:\n  ${reached.map(([p, from]) => `${p} (imported by ${from})`).join('\n  ')}`,
    );
}

/**
 * A build without cleanup's code, for `node bench/run.mjs --without-cleanup` only: its door
 * (CLEANUP_DOOR) becomes a run() that refuses, so neither the parser nor anything only cleanup
 * uses is in the bundle, and the benchmark compares start-up with and without it. Its record
 * (options and help) stays, as every command's does.
 */
export const withoutCleanup = {
  name: 'without-cleanup',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]commands[\\/]cleanup[\\/]run\.ts$/ }, () => ({
      contents:
        "export async function run() { throw new Error('this flagctl was built without cleanup (a benchmark variant)'); }",
      loader: 'ts',
    }));
  },
};

/** The fast path exists to run without commander: the build fails if it is bundled at all. */
function assertWithout(metafile, pattern) {
  const found = Object.keys(metafile.inputs).filter((p) => pattern.test(p));
  if (found.length)
    throw new Error(`the fast path (src/startup/feature-get.ts) must not bundle these:\n  ${found.join('\n  ')}`);
}

/** What each kind of bundle runs when loaded: an entry file, or a main script of its own. */
const MAINS = {
  // dist/flagctl.cjs: exports main() and run(); the launcher calls run().
  package: 'src/entry.ts',
  // dist/feature-get.cjs: exports run() (true when it ran the command) and featureGetFast().
  fast: 'src/startup/feature-get.ts',
  // dist/launch.cjs: exports launch(), which bin/flagctl calls (src/startup/).
  launch: 'src/startup/launch.ts',
  // The single executable's main script, which loads the bundles from its assets.
  sea: 'src/startup/sea.ts',
  // A single executable's main script: runs the CLI.
  script: "import { run } from './src/entry.js';\nvoid run();\n",
  // A single executable's startup snapshot: the modules are evaluated when the snapshot is
  // built, and the CLI runs when the binary starts.
  snapshot:
    "import { run } from './src/entry.js';\nimport './src/main.js';\n__flagctlRequire('node:v8').startupSnapshot.setDeserializeMainFunction(() => void run());\n",
};

/**
 * Builds one self-contained CommonJS file (kind: see MAINS). The file is written under a temp
 * name and renamed, so a concurrent reader never sees half a bundle.
 */
export async function bundle({ outfile, kind = 'package', plugins = [] } = {}) {
  if (!(kind in MAINS)) throw new Error(`bundle kind ${kind}: expected one of ${Object.keys(MAINS).join(', ')}`);
  const entry = MAINS[kind].startsWith('src/')
    ? { entryPoints: [join(root, MAINS[kind])] }
    : { stdin: { contents: MAINS[kind], resolveDir: root, loader: 'ts' } };
  const result = await build({
    ...entry,
    absWorkingDir: root,
    bundle: true,
    write: false,
    outfile,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    legalComments: 'none',
    metafile: true,
    plugins: [...(kind === 'launch' ? [launcherBuiltins] : []), builtinsAsRequire, ...plugins],
    define: {
      'process.env.FLAGCTL_BUILD_VERSION': JSON.stringify(pkg.version),
      'process.env.FLAGCTL_NOUNS_WITH_VERBS': JSON.stringify(nounsWithVerbs().join(',')),
    },
    banner: { js: 'const __flagctlRequire = require;' },
    logLevel: 'warning',
  });
  assertLazy(result.metafile);
  assertCleanupApart(result.metafile);
  if (kind === 'fast') assertWithout(result.metafile, /^node_modules\/commander\//);
  assertNoCycles(join(root, 'src'));
  assertFolderRules(join(root, 'src'));
  assertPostSites(join(root, 'src'));
  assertNoFormatBranches(join(root, 'src'));
  assertRegistry(join(root, 'src'));
  const [file] = result.outputFiles;
  mkdirSync(dirname(file.path), { recursive: true });
  const tmp = `${file.path}.${process.pid}.tmp`;
  const loaded = LOADED_BY_LAUNCHER.has(kind);
  if (loaded) assertAscii(file.contents, outfile);
  writeFileSync(
    tmp,
    Buffer.concat([
      Buffer.from(`${BUNDLE_ID_PREFIX}${bundleId(file.contents)}\n${loaded ? WRAPPER_HEAD : ''}`),
      file.contents,
      Buffer.from(loaded ? WRAPPER_TAIL : ''),
    ]),
  );
  renameSync(tmp, file.path);
  return file.path;
}

/**
 * The bundles the launchers run through `vm.Script` with a code cache (src/startup/): the CLI's
 * and the fast path's. Each is written already inside CommonJS's function wrapper, so the
 * launcher compiles the file's text as it is read: wrapping it at run time made V8 copy the
 * whole text into one more string on every start (docs/performance.md, "Start-up"). The head
 * hands the wrapper back when the text runs as a script (`module` is not defined there), and
 * runs it when Node requires the file as a module, so the file stays an ordinary CommonJS file.
 */
const LOADED_BY_LAUNCHER = new Set(['package', 'fast']);
export const WRAPPER_HEAD =
  "(f => typeof module === 'object' ? f.call(exports, exports, require, module, __filename, __dirname) : f)" +
  '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n});\n';

/**
 * The launchers read these bundles as latin1, which for ASCII is the same text without a UTF-8
 * decode (and, from about 1 MB, a string V8 does not copy): esbuild escapes every other
 * character by default (`charset: 'ascii'`), and this holds it to that.
 */
function assertAscii(contents, outfile) {
  const at = contents.findIndex((byte) => byte > 0x7f);
  if (at === -1) return;
  // esbuild escapes strings, not the comments it keeps (a JSDoc on a class member).
  const text = Buffer.from(contents).toString('utf8');
  const line = Buffer.from(contents.subarray(0, at)).toString('utf8').split('\n').length;
  throw new Error(
    `${outfile}: line ${line} is not ASCII (the launchers read the bundle as latin1); write its source in ASCII:\n` +
      text.split('\n')[line - 1].trim(),
  );
}

/**
 * The nouns that take a verb (src/commands/<noun>/<verb>/index.ts, no <noun>/index.ts): the
 * launcher names its code caches by command before any bundle, and so the registry, is loaded.
 */
export function nounsWithVerbs() {
  const dir = join(root, 'src/commands');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !existsSync(join(dir, e.name, 'index.ts')))
    .filter((e) =>
      readdirSync(join(dir, e.name), { withFileTypes: true }).some(
        (v) => v.isDirectory() && existsSync(join(dir, e.name, v.name, 'index.ts')),
      ),
    )
    .map((e) => e.name)
    .sort();
}

/**
 * The bundle's first line names its content (bin/flagctl puts it in the code cache's name):
 * a rebuild that changes the text changes the name, even where the file keeps its inode and
 * the file system's timestamps are too coarse for its change time to differ.
 */
export const BUNDLE_ID_PREFIX = '// flagctl bundle ';
const bundleId = (contents) => createHash('sha256').update(contents).digest('hex').slice(0, 16);

/** Writes completions/ from what the CLI just built prints, so the committed scripts match the code. */
function writeCompletions() {
  for (const [shell, name] of Object.entries(COMPLETION_FILES)) {
    const script = execFileSync(process.execPath, [join(root, 'bin/flagctl'), 'completion', shell], {
      encoding: 'utf8',
    });
    mkdirSync(join(root, 'completions'), { recursive: true });
    writeFileSync(join(root, 'completions', name), script);
    console.error(`wrote completions/${name}`);
  }
}

/**
 * The parser `flagctl cleanup` loads on demand (src/cleanup/grammars.ts): tree-sitter's runtime
 * (its JavaScript and its wasm) and one grammar per language, as files beside the bundle, never inside its text, so no other
 * command reads them. Returns each file's name under dist/grammars/ and its source.
 */
export const GRAMMARS = {
  'tree-sitter.cjs': 'node_modules/web-tree-sitter/tree-sitter.cjs',
  'tree-sitter.wasm': 'node_modules/web-tree-sitter/tree-sitter.wasm',
  ...Object.fromEntries(
    ['typescript', 'tsx', 'javascript', 'python', 'go', 'java'].map((l) => [
      `tree-sitter-${l}.wasm`,
      `node_modules/tree-sitter-wasms/out/tree-sitter-${l}.wasm`,
    ]),
  ),
};

export function copyGrammars() {
  const dir = join(root, 'dist/grammars');
  mkdirSync(dir, { recursive: true });
  for (const [name, from] of Object.entries(GRAMMARS)) copyFileSync(join(root, from), join(dir, name));
  return dir;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await bundle({ outfile: join(root, 'dist/flagctl.cjs') });
  copyGrammars();
  console.error(`built ${file}`);
  console.error(`built ${await bundle({ outfile: join(root, 'dist/feature-get.cjs'), kind: 'fast' })}`);
  console.error(`built ${await bundle({ outfile: join(root, 'dist/launch.cjs'), kind: 'launch' })}`);
  if (process.argv.includes('--completions')) writeCompletions();
}
