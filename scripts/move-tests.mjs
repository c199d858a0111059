// Moves the unit tests out of test/unit/ so that tests follow the code: a command's tests to
// test/commands/<noun>-<verb>[-<aspect>].test.ts, the rest to test/<folder of src they test>/
// (api, output, cli, config, search, refs, diff, evaluate, history, cleanup, startup), the
// checks of the build and of the repository to test/build/ (project build), and the tests
// that run the built CLI as a process to test/faults/. Shared helpers go to test/support/.
//
//   node scripts/move-tests.mjs            git mv each file, then fix every relative path the
//                                          tests hold and every mention of a moved file's path
//   node scripts/move-tests.mjs --dry-run  only say what it would do
//
// It is idempotent: a file already at its new place is left alone, and a second run changes
// nothing. A test file in test/unit/ that the table below does not name stops it before
// anything moves, naming the file, unless its name starts with a command's noun (then it
// goes to test/commands/ under the same name).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dryRun = process.argv.includes('--dry-run');
const SELF = 'scripts/move-tests.mjs';

/** Old name in test/unit/ → new path under test/. */
const TABLE = {
  // commands: <noun>-<verb>[-<aspect>]
  'api.test.ts': 'commands/api.test.ts',
  'api-numbers.test.ts': 'commands/api-numbers.test.ts',
  'api-paging.test.ts': 'commands/api-paging.test.ts',
  'api-path-escape.test.ts': 'commands/api-path-escape.test.ts',
  'auth.test.ts': 'commands/auth-login.test.ts',
  'auth-config-dir.test.ts': 'commands/auth-login-config-dir.test.ts',
  'auth-profiles.test.ts': 'commands/auth-profiles.test.ts',
  'cleanup-command.test.ts': 'commands/cleanup.test.ts',
  'completion-server.test.ts': 'commands/completion-server-names.test.ts',
  'csv-terminal.test.ts': 'commands/feature-history-csv.test.ts',
  'diff-cli.test.ts': 'commands/diff.test.ts',
  'diff-partial-read.test.ts': 'commands/diff-partial-read.test.ts',
  'diff-projects.test.ts': 'commands/diff-projects.test.ts',
  'diff-truth.test.ts': 'commands/diff-truth.test.ts',
  'diff-weights.test.ts': 'commands/diff-weights.test.ts',
  'hostile-diff.test.ts': 'commands/diff-hostile.test.ts',
  'read-pool.test.ts': 'commands/diff-read-pool.test.ts',
  'evaluate.test.ts': 'commands/evaluate.test.ts',
  'evaluate-keys.test.ts': 'commands/evaluate-keys.test.ts',
  'evaluate-unknown.test.ts': 'commands/evaluate-unknown.test.ts',
  'evaluate-view-truth.test.ts': 'commands/evaluate-terminal.test.ts',
  'export.test.ts': 'commands/export.test.ts',
  'feature-get.test.ts': 'commands/feature-get.test.ts',
  'feature-get-fast.test.ts': 'commands/feature-get-fast.test.ts',
  'feature-get-partial.test.ts': 'commands/feature-get-partial.test.ts',
  'features-search.test.ts': 'commands/features-search.test.ts',
  'features-stale.test.ts': 'commands/features-stale.test.ts',
  'history.test.ts': 'commands/feature-history.test.ts',
  'history-keys.test.ts': 'commands/feature-history-keys.test.ts',
  'history-missing-data.test.ts': 'commands/feature-history-missing-data.test.ts',
  'history-paging-truth.test.ts': 'commands/feature-history-paging.test.ts',
  'history-times.test.ts': 'commands/feature-history-times.test.ts',
  'history-truth.test.ts': 'commands/feature-history-variants.test.ts',
  'insights.test.ts': 'commands/insights.test.ts',
  'project-overview.test.ts': 'commands/project-overview.test.ts',
  'refs-command.test.ts': 'commands/refs.test.ts',
  'refs-calls.test.ts': 'commands/refs-calls.test.ts',
  'refs-diff-command.test.ts': 'commands/refs-diff.test.ts',
  'refs-hostile-names.test.ts': 'commands/refs-hostile-names.test.ts',
  'refs-special.test.ts': 'commands/refs-special.test.ts',
  'refs-tree.test.ts': 'commands/refs-tree.test.ts',
  'refs-truth.test.ts': 'commands/refs-truth.test.ts',
  'retire.test.ts': 'commands/retire.test.ts',
  'retire-judge.test.ts': 'commands/retire-apply-judge.test.ts',
  'retire-truth.test.ts': 'commands/retire-apply-truth.test.ts',
  'retire-show.test.ts': 'commands/retire-show.test.ts',
  'retire-unread.test.ts': 'commands/retire-plan-unread.test.ts',
  // the command framework (src/cli/): parsing, checks before run(), help
  'command-branch.test.ts': 'cli/command-branch.test.ts',
  'contradictions.test.ts': 'cli/contradictions.test.ts',
  'dates-and-ages.test.ts': 'cli/dates-and-ages.test.ts',
  'help.test.ts': 'cli/help.test.ts',
  'json-depth.test.ts': 'cli/json-depth.test.ts',
  'messages.test.ts': 'cli/messages.test.ts',
  'name-check.test.ts': 'cli/name-check.test.ts',
  'project-check.test.ts': 'cli/project-check.test.ts',
  'typed-commands.test.ts': 'cli/typed-commands.test.ts',
  'vocabulary.test.ts': 'cli/vocabulary.test.ts',
  // config/: tokens and profiles
  'profile-keys.test.ts': 'config/profile-keys.test.ts',
  'prompt-hidden.test.ts': 'config/prompt-hidden.test.ts',
  'token-input.test.ts': 'config/token-input.test.ts',
  // api/: transport, paging, pacing, schemas
  'feature-shape.test.ts': 'api/flag-shape.test.ts',
  'json-depth-server.test.ts': 'api/json-depth-server.test.ts',
  'paging-complete.test.ts': 'api/paging-complete.test.ts',
  'proxy.test.ts': 'api/proxy.test.ts',
  'rate-limit.test.ts': 'api/rate-limit.test.ts',
  'rate-limit-cli.test.ts': 'api/rate-limit-cli.test.ts',
  'run-settles.test.ts': 'api/run-settles.test.ts',
  'search-shape.test.ts': 'api/search-shape.test.ts',
  // output/: formats, tables, terminals, masking
  'chart.test.ts': 'output/chart.test.ts',
  'ci-output.test.ts': 'output/github.test.ts',
  'colour-width.test.ts': 'output/colour-width.test.ts',
  'edges-json.test.ts': 'output/edges-json.test.ts',
  'edges-tables.test.ts': 'output/edges-tables.test.ts',
  'edges-values.test.ts': 'output/edges-values.test.ts',
  'edges-width.test.ts': 'output/edges-width.test.ts',
  'github-annotation-cap.test.ts': 'output/github-annotation-cap.test.ts',
  'hostile-times.test.ts': 'output/hostile-times.test.ts',
  'hostile-values.test.ts': 'output/hostile-values.test.ts',
  'hostile-workflow.test.ts': 'output/hostile-workflow.test.ts',
  'json-inert.test.ts': 'output/json-inert.test.ts',
  'masking-views.test.ts': 'output/masking-views.test.ts',
  'output-failures.test.ts': 'output/write-failures.test.ts',
  'pager.test.ts': 'output/pager.test.ts',
  'table-keys.test.ts': 'output/table-keys.test.ts',
  'yaml-output.test.ts': 'output/yaml.test.ts',
  // domain folders
  'search-filters.test.ts': 'search/filters.test.ts',
  'refs-matcher.test.ts': 'refs/matcher.test.ts',
  'refs-wasm.test.ts': 'refs/wasm.test.ts',
  'refs-diff-view.test.ts': 'refs/diff-view.test.ts',
  'diff-engine.test.ts': 'diff/engine.test.ts',
  'evaluate-model.test.ts': 'evaluate/model.test.ts',
  'history-summary.test.ts': 'history/summary.test.ts',
  'cleanup-command-line.test.ts': 'cleanup/command-line.test.ts',
  'cleanup-js.test.ts': 'cleanup/js.test.ts',
  'cleanup-langs.test.ts': 'cleanup/langs.test.ts',
  'cleanup-patch.test.ts': 'cleanup/patch.test.ts',
  'cleanup-patch-path.test.ts': 'cleanup/patch-path.test.ts',
  'canonical-line.test.ts': 'snapshot/canonical-line.test.ts',
  'plan-shape.test.ts': 'retire/plan-shape.test.ts',
  'name-key.test.ts': 'cli/name-key.test.ts',
  'unknown-words.test.ts': 'cli/unknown-words.test.ts',
  'cleanup/corpus.ts': 'cleanup/corpus.ts',
  'bin-nouns.test.ts': 'startup/bin-nouns.test.ts',
  // the build and the repository (project build): they run esbuild, tsc and scripts/
  'action-setup.test.ts': 'build/action-setup.test.ts',
  'build-guard.test.ts': 'build/build-guard.test.ts',
  'bundle-builtins.test.ts': 'build/bundle-builtins.test.ts',
  'contributing-layout.test.ts': 'build/contributing-layout.test.ts',
  'docs.test.ts': 'build/docs.test.ts',
  'folder-rules.test.ts': 'build/folder-rules.test.ts',
  'format-branches.test.ts': 'build/format-branches.test.ts',
  'formats-complete.test.ts': 'build/formats-complete.test.ts',
  'format-registry.test.ts': 'build/format-registry.test.ts',
  'import-cycles.test.ts': 'build/import-cycles.test.ts',
  'post-sites.test.ts': 'build/post-sites.test.ts',
  // the built CLI as a process (project faults)
  'refs-unreadable.test.ts': 'faults/refs-unreadable.test.ts',
  // helpers shared by several folders
  'export-fixture.ts': 'support/export-fixture.ts',
  'refs-diff-repo.ts': 'support/refs-diff-repo.ts',
  'refs-tree.ts': 'support/refs-tree.ts',
  'retire-fixture.ts': 'support/retire-fixture.ts',
};

/** A test file the table does not name goes to test/commands/ when its name starts so. */
const NOUNS =
  /^(api|auth|cleanup|completion|diff|environments|evaluate|export|feature|features|insights|project|projects|refs|retire)-/;

/** Texts outside the tests that describe the old layout in words, not by a file's path. */
const TEXT = [
  [
    'docs/contributing.md',
    '| **unit** | `test/unit/`: in-process, fast | `npm run test:unit` |',
    '| **unit** | `test/commands/`, `test/api/`, `test/output/`, `test/cli/`, `test/config/` and one folder per domain folder of `src/`: in-process, fast | `npm run test:unit` |',
  ],
  [
    'docs/contributing.md',
    '`npx vitest run --project unit test/unit/<file>.test.ts`',
    '`npx vitest run --project unit test/commands/<noun>-<verb>.test.ts`',
  ],
  ['docs/contributing.md', '3. a test in `test/unit/` (its output', '3. a test in `test/output/` (its output'],
  [
    'docs/contributing.md',
    'test/unit                main() in-process against strict 127.0.0.1 fixtures (project unit)\n',
    'test/                    tests follow the code; project unit is every folder from commands/ to startup/\n' +
      "  commands/              a command's tests, <noun>-<verb>[-<aspect>].test.ts: main() in-process\n" +
      '                         against strict 127.0.0.1 fixtures\n' +
      '  api/ cli/ config/      each the folder of src/ of the same name\n' +
      '  output/ search/ refs/  the same\n' +
      '  diff/ evaluate/        the same\n' +
      '  history/ cleanup/      the same\n' +
      '  startup/               the same\n' +
      '  support/ fixtures/     shared helpers, and answers captured from real servers\n' +
      "  build/                 the build's own checks and what the repository must hold (project build)\n",
  ],
  ['docs/contributing.md', 'test/faults              fault', '  faults/                fault'],
  [
    'docs/contributing.md',
    '| **faults** |',
    "| **build** | `test/build/`: the build's own checks (bundle, import circles, folder rules, POST sites), the generated docs, the Action's set-up; they run esbuild, tsc and bash | `npm run test:build` |\n| **faults** |",
  ],
  ['docs/contributing.md', 'and runs five vitest projects', 'and runs six vitest projects'],
  [
    'docs/contributing.md',
    'lint, format check, build, the five projects',
    'lint, format check, build, the six projects',
  ],
  ['docs/contributing.md', 'test/artifact            the package', '  artifact/              the package'],
  ['docs/contributing.md', 'test/e2e                 the built CLI', '  e2e/                   the built CLI'],
  ['docs/reliability.md', '(`test/unit/`, `test/faults/`)', '(`test/commands/`, `test/api/`, `test/faults/` …)'],
  ['docs/untrusted-data.md', 'held by a test in `test/unit/` or', 'held by a test in `test/` (unit) or'],
];

/** vitest.config.ts: unit takes every test folder but the other projects', and build is a project. */
const BUILD_PROJECT = `      {
        test: {
          name: 'build',
          include: ['test/build/**/*.test.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
`;
function withBuildProject(config) {
  if (config.includes("name: 'build'")) return config;
  let next = config.replace(
    "          include: ['test/unit/**/*.test.ts'],\n",
    "          include: ['test/**/*.test.ts'],\n          exclude: ['test/{build,faults,artifact,e2e}/**'],\n",
  );
  for (const n of [4, 3, 2, 1]) next = next.replace(`groupOrder: ${n} }`, `groupOrder: ${n + 1} }`);
  const faults = "      {\n        test: {\n          name: 'faults',";
  if (!next.includes(faults)) throw new Error('move-tests: vitest.config.ts has no faults project to put build before');
  return next.replace(faults, `${BUILD_PROJECT}${faults}`);
}
const withBuildScript = (pkg) =>
  pkg.includes('"test:build"')
    ? pkg
    : pkg.replace(
        /( *)"test:faults": /,
        '$1"test:build": "npm run build && vitest run --project build",\n$1"test:faults": ',
      );

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const tracked = () => git('ls-files', '-z').split('\0').filter(Boolean);
const isFile = (p) => existsSync(join(root, p)) && statSync(join(root, p)).isFile();

/** old repository path → new one, for the files still at their old place. */
function plan() {
  const unit = 'test/unit';
  const left = existsSync(join(root, unit))
    ? readdirSync(join(root, unit), { recursive: true })
        .map(String)
        .filter((f) => isFile(`${unit}/${f}`))
    : [];
  const moves = new Map();
  const unknown = [];
  for (const name of left) {
    const to = TABLE[name] ?? (NOUNS.test(name) && !name.includes('/') ? `commands/${name}` : undefined);
    if (!to) unknown.push(`${unit}/${name}`);
    else if (isFile(`test/${to}`)) unknown.push(`${unit}/${name} (test/${to} exists already)`);
    else moves.set(`${unit}/${name}`, `test/${to}`);
  }
  if (unknown.length) {
    process.stderr.write(`move-tests: no place for ${unknown.join(', ')}: add it to TABLE in ${SELF}\n`);
    process.exit(1);
  }
  return moves;
}

/** The path a relative specifier of `file` (at `from`, moving to `to`) should read after the moves. */
function respecify(spec, from, to, moves) {
  const target = posix.normalize(posix.join(posix.dirname(from), spec));
  const asTs = target.replace(/\.js$/, '.ts');
  const exists = existsSync(join(root, target)) || existsSync(join(root, asTs));
  if (!exists) return spec;
  let moved = target;
  if (moves.has(target)) moved = moves.get(target);
  else if (moves.has(asTs)) moved = moves.get(asTs).replace(/\.ts$/, '.js');
  let out = posix.relative(posix.dirname(to), moved) || '.';
  if (!out.startsWith('.')) out = `./${out}`;
  if (spec.endsWith('/') && !out.endsWith('/')) out += '/';
  return out;
}

/** The text of a test file with each relative path in a string literal fixed for the moves. */
function rewriteSpecifiers(text, from, to, moves) {
  return text.replace(/(['"`])(\.\.?\/[^'"`\n$]*)\1/g, (all, q, spec) => `${q}${respecify(spec, from, to, moves)}${q}`);
}

const moves = plan();
const files = tracked().filter((f) => isFile(f));
const out = new Map();

// Relative paths inside every test, moved or not (an e2e test imports a unit helper).
for (const file of files.filter((f) => /^test\/.*\.(ts|mts|mjs|cjs|js)$/.test(f))) {
  const text = readFileSync(join(root, file), 'utf8');
  const to = moves.get(file) ?? file;
  const next = rewriteSpecifiers(text, file, to, moves);
  if (next !== text || to !== file) out.set(file, { to, text: next, changed: next !== text });
}

// Each moved file's old path where a text names it (docs, comments), and the words above.
const unmatched = [];
const byOld = [...moves].sort((a, b) => b[0].length - a[0].length);
for (const file of files.filter(
  (f) => f !== SELF && /\.(ts|mts|mjs|cjs|js|md|json|yml|yaml|sh)$|^\.prettierignore$/.test(f),
)) {
  const entry = out.get(file);
  const text = entry?.text ?? readFileSync(join(root, file), 'utf8');
  let next = text;
  for (const [from, to] of byOld) next = next.split(from).join(to);
  if (file === 'vitest.config.ts') next = withBuildProject(next);
  if (file === 'package.json') next = withBuildScript(next);
  for (const [doc, old, now] of TEXT) {
    if (doc !== file || next.includes(now)) continue;
    if (next.includes(old)) next = next.split(old).join(now);
    else unmatched.push(`${doc} no longer holds ${JSON.stringify(old.split('\n')[0])}`);
  }
  if (next !== text) out.set(file, { to: entry?.to ?? moves.get(file) ?? file, text: next, changed: true });
}

const config = out.get('vitest.config.ts')?.text ?? readFileSync(join(root, 'vitest.config.ts'), 'utf8');
if (config.includes("'test/unit/")) {
  process.stderr.write('move-tests: vitest.config.ts still names test/unit/: edit withBuildProject() to match it\n');
  process.exit(1);
}

for (const [from, to] of moves) {
  process.stdout.write(`${dryRun ? 'would move' : 'moved'} ${from} → ${to}\n`);
  if (dryRun) continue;
  mkdirSync(dirname(join(root, to)), { recursive: true });
  git('mv', from, to);
}
for (const { to, text, changed } of out.values()) {
  if (!changed) continue;
  process.stdout.write(`${dryRun ? 'would fix' : 'fixed'} paths in ${to}\n`);
  if (!dryRun) writeFileSync(join(root, to), text);
}
// git mv leaves the emptied folders behind.
if (!dryRun && existsSync(join(root, 'test/unit'))) {
  const rest = readdirSync(join(root, 'test/unit'), { recursive: true }).map(String);
  if (rest.every((f) => !isFile(`test/unit/${f}`))) rmSync(join(root, 'test/unit'), { recursive: true });
}
if (moves.size === 0) process.stdout.write('move-tests: nothing to move\n');
// Words about the layout that changed meanwhile: contributing-layout.test.ts fails until the
// map names every test folder, so say which to edit by hand.
for (const line of unmatched) process.stderr.write(`move-tests: edit by hand: ${line}\n`);
