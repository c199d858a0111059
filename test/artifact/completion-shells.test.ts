import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCompletionEnv } from '../support/completion-env.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveCleanup } from '../support/retire-fixture.js';
import search from '../../src/commands/features/search/index.js';
import stale from '../../src/commands/features/stale/index.js';

// The zsh and fish scripts run in the real shells (Debian's zsh and fish; `npm test` installs
// them when they are missing, see scripts/test-deps.mjs).
// - fish: `complete -C '<line>'` asks fish itself what it would offer on TAB.
// - zsh: the script's _flagctl runs in a real zsh with `words` and CURRENT set as the
//   completion system sets them. Only the completion system's output builtins (compadd,
//   _describe, _files, compset) are stand-ins that print the candidates matching the word
//   under the cursor, as zsh's matcher does by default; everything the script decides runs as is.

const env = useCompletionEnv(['zsh', 'fish']);
const server = useFixtureServer();

const ZSH_DRIVER = `
compdef() { :; }
source "$SCRIPT" || exit 9
typeset -g PREFIX=\${@[-1]}
compset() { [[ $1 == -P ]] && PREFIX=\${PREFIX#\${~2}}; return 0; }
_flagctl_offer() { local x; for x in "$@"; do [[ $x == "$PREFIX"* ]] && print -r -- "$x"; done; }
compadd() {
  local arr=''
  while (( $# )); do case $1 in -a) shift; arr=$1 ;; -S) shift ;; esac; shift; done
  _flagctl_offer "\${(@P)arr}"
}
_describe() { local -a names; local x; for x in "\${(@P)\${@[-1]}}"; do names+=("\${\${x%%:*}//\\\\/}"); done; _flagctl_offer "\${names[@]}"; }
_files() { _flagctl_offer @files; }
words=("$@"); CURRENT=$#
_flagctl
`;

function shellEnv(extra: Record<string, string> = {}) {
  return { PATH: `${env.bin}:${process.env.PATH}`, HOME: env.tmp, FLAGCTL_CONFIG_DIR: env.configDir, ...extra };
}

/** What zsh offers for `line` (cursor at the end), sorted. */
function zsh(line: string, extra: Record<string, string> = {}): string[] {
  const words = line.split(/\s+/).filter(Boolean);
  if (/\s$/.test(line)) words.push('');
  const r = spawnSync('zsh', ['-f', '-c', ZSH_DRIVER, 'zsh', ...words], {
    cwd: env.tmp,
    encoding: 'utf8',
    env: { ...shellEnv(extra), SCRIPT: env.scripts.zsh! },
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.split('\n').filter(Boolean).sort();
}

/** What fish offers for `line` (cursor at the end), without descriptions, sorted. */
function fish(line: string, extra: Record<string, string> = {}): string[] {
  const r = spawnSync('fish', ['--no-config', '-c', 'source $SCRIPT; complete -C $LINE'], {
    cwd: env.tmp,
    encoding: 'utf8',
    env: { ...shellEnv(extra), SCRIPT: env.scripts.fish!, LINE: line },
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!)
    .sort();
}

/** Every command path and its subcommands, from `--help` as a user would find them. */
async function commandPaths(path: string[] = []): Promise<{ path: string[]; subcommands: string[] }[]> {
  const help = (await runCli([...path, '--help'])).stdout;
  const section = help.split(/\n\s*\n/).find((block) => /^Commands:/m.test(block)) ?? '';
  const subcommands = [...section.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]!);
  const below = await Promise.all(subcommands.filter((c) => c !== 'help').map((c) => commandPaths([...path, c])));
  return [{ path, subcommands }, ...below.flat()];
}

const sorted = (list: string[]) => [...list].sort();

for (const [name, complete] of [
  ['zsh', zsh],
  ['fish', fish],
] as const) {
  describe(`${name} completion`, () => {
    it('runs in a real shell', () => {
      const r = spawnSync(name, ['--version'], { encoding: 'utf8' });
      expect(r.status, `${name} is not installed: npm test installs it (scripts/test-deps.mjs)`).toBe(0);
    });

    it('completes every command path of the tree with its subcommands', async () => {
      const paths = await commandPaths();
      expect(paths.map((p) => p.path.join(' '))).toEqual(
        expect.arrayContaining(['', 'feature get', 'features search', 'auth login']),
      );
      for (const { path, subcommands } of paths.filter((p) => p.subcommands.length)) {
        expect(complete(['flagctl', ...path, ''].join(' ')), `flagctl ${path.join(' ')}`).toEqual(sorted(subcommands));
      }
    });

    it('completes a partial command name', () => {
      expect(complete('flagctl fea')).toEqual(['feature', 'features']);
      expect(complete('flagctl features s')).toEqual(['search', 'stale']);
    });

    it("offers each command's own flags and the global ones, and only those", () => {
      const search = complete('flagctl features search --');
      expect(search).toEqual(
        expect.arrayContaining([
          '--sort-by',
          '--sort-order',
          '--state',
          '--all',
          '--output',
          '--columns',
          '--profile',
          '--url',
          '--help',
        ]),
      );
      expect(search).not.toContain('--section');
      expect(complete('flagctl insights --se')).toEqual(['--section']);
      expect(complete('flagctl --profile prod features search --sort-o')).toEqual(['--sort-order']);
    });

    it('completes file names where a path is expected: a plan, a tree, an @snapshot, --from (issue 35 item 4)', () => {
      const files = name === 'zsh' ? ['@files'] : ['files/'];
      expect(complete('flagctl retire apply fi')).toEqual(name === 'zsh' ? [] : files);
      expect(complete('flagctl retire apply ')).toEqual(
        name === 'zsh' ? ['@files'] : expect.arrayContaining(['files/']),
      );
      expect(complete('flagctl refs src ')).toEqual(name === 'zsh' ? ['@files'] : expect.arrayContaining(['files/']));
      expect(complete('flagctl diff @')).toEqual(name === 'zsh' ? ['@files'] : expect.arrayContaining(['@files/']));
      expect(complete('flagctl features revive --from ')).toEqual(
        name === 'zsh' ? ['@files'] : expect.arrayContaining(['files/']),
      );
      // cleanup's words are flag names, then paths: file names beside the names, with no @.
      expect(complete('flagctl cleanup new-checkout ')).toEqual(
        name === 'zsh' ? ['@files'] : expect.arrayContaining(['files/']),
      );
      if (name === 'fish') {
        expect(complete('flagctl cleanup new-checkout files/n')).toEqual(['files/notes.txt']);
        expect(complete('flagctl retire apply files/n')).toEqual(['files/notes.txt']);
        expect(complete('flagctl diff @files/n')).toEqual(['@files/notes.txt']);
      }
      // No path there: no file names.
      expect(complete('flagctl features search ')).toEqual([]);
      expect(complete('flagctl feature ')).toEqual(['get', 'help', 'history']);
    });

    it('completes flag, project and environment names from the server; nothing without credentials (issue 35 item 4)', async () => {
      server.json('/api/admin/projects/default/features', {
        version: 2,
        features: [{ name: 'new-checkout' }, { name: 'new-banner' }, { name: 'old' }],
      });
      server.json('/api/admin/projects', { projects: [{ id: 'default' }, { id: 'web' }] });
      server.json('/api/admin/environments', { environments: [{ name: 'development' }, { name: 'production' }] });
      const live = {
        FLAGCTL_URL: server.url,
        FLAGCTL_TOKEN: '*:*.completion-token',
        XDG_CACHE_HOME: join(env.tmp, `cache-${name}`),
      };
      // The shell runs synchronously here, so this process's fixture could not answer it: the names
      // are fetched once in-process (what a first <TAB> does), and the scripts read them from the cache.
      for (const kind of ['features', 'projects', 'environments'])
        await runCli(['completion', '--server-names', kind], { env: live });
      expect(complete('flagctl feature get new-', live)).toEqual(['new-banner', 'new-checkout']);
      expect(complete('flagctl feature history --project w', live)).toEqual(['web']);
      expect(complete('flagctl evaluate --env pro', live)).toEqual(['production']);
      expect(complete('flagctl feature get ', { XDG_CACHE_HOME: join(env.tmp, `nocreds-${name}`) })).toEqual([]);
    });

    it('completes server names in lists, env:state, environment:, and diff ENV or @FILE', async () => {
      server.json('/api/admin/projects', { projects: [{ id: 'default' }, { id: 'web' }] });
      server.json('/api/admin/environments', { environments: [{ name: 'development' }, { name: 'production' }] });
      server.json('/api/admin/segments', { segments: [{ id: 1, name: 'beta-testers' }] });
      server.json('/api/admin/search/features', { features: [{ name: 'old-banner' }], total: 1 });
      const live = {
        FLAGCTL_URL: server.url,
        FLAGCTL_TOKEN: '*:*.completion-token',
        XDG_CACHE_HOME: join(env.tmp, `cache-shapes-${name}`),
      };
      for (const kind of ['projects', 'environments', 'segments'])
        await runCli(['completion', '--server-names', kind], { env: live });
      await runCli(['completion', '--server-names', 'archived', '--word', 'old'], { env: live });
      expect(complete('flagctl features search --project IS_ANY_OF:default,w', live)).toEqual([
        'IS_ANY_OF:default,web',
      ]);
      expect(complete('flagctl refs --project default,', live)).toEqual(['default,web']);
      expect(complete('flagctl features search --segment be', live)).toEqual(['beta-testers']);
      expect(complete('flagctl features search --status pro', live)).toEqual(['production:']);
      expect(complete('flagctl features search --status production:', live)).toEqual([
        'production:disabled',
        'production:enabled',
      ]);
      expect(complete('flagctl features search --sort-by environment:d', live)).toEqual(['environment:development']);
      expect(complete('flagctl diff development pro', live)).toEqual(['production']);
      expect(complete('flagctl features revive old', live)).toEqual(['old-banner']);
    });

    it('retire apply --only completes the flags of the plan file given, with nothing sent', async () => {
      const tree = join(env.tmp, `plan-tree-${name}`);
      mkdirSync(tree);
      writeFileSync(join(tree, 'app.ts'), 'if (unleash.isEnabled("still-used")) render();\n');
      serveCleanup(server, [
        { name: 'gone-a', stale: true },
        { name: 'gone-b', stale: true },
        { name: 'still-used', stale: true },
      ]);
      const live = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.completion-token' };
      const r = await runCli(['retire', 'plan', tree, '-o', 'json'], { env: { ...live, FLAGCTL_CONFIG_DIR: '/none' } });
      expect(r.code, r.stderr).toBe(0);
      const plan = join(env.tmp, `plan-${name}.json`);
      writeFileSync(plan, r.stdout);
      server.reset();
      const none = { XDG_CACHE_HOME: join(env.tmp, `cache-plan-${name}`) };
      expect(complete(`flagctl retire apply ${plan} --only go`, none)).toEqual(['gone-a', 'gone-b']);
      expect(complete(`flagctl retire apply ${plan} --skip gone-a,`, none)).toEqual(['gone-a,gone-b']);
      expect(server.requests).toEqual([]);
    });

    it('completes enumerated flag values and arguments', () => {
      // The formats each record offers: a new format needs no edit here.
      expect(complete('flagctl features search -o ')).toEqual(sorted([...search.formats!]));
      expect(complete('flagctl features stale -o ')).toEqual(sorted([...stale.formats!]));
      expect(complete('flagctl features search --sort-order ')).toEqual(['asc', 'desc']);
      expect(complete('flagctl features search --state p')).toEqual(['potentially-stale']);
      expect(complete('flagctl insights --section ')).toEqual(
        sorted(['users', 'flags', 'projects', 'metrics', 'environments']),
      );
      expect(complete('flagctl completion ')).toEqual(['bash', 'fish', 'zsh']);
    });

    it('a flag that takes a free value is not followed by command or flag names, and its value is skipped', () => {
      expect(complete('flagctl features search --query ')).toEqual([]);
      expect(complete('flagctl --url http://127.0.0.1:4242 features s')).toEqual(['search', 'stale']);
    });

    it('completes --profile with the profile names of the config file, never running a name', () => {
      expect(complete('flagctl --profile ')).toEqual(['pre-prod', 'prod', 'staging']);
      expect(complete('flagctl features search --profile st')).toEqual(['staging']);
      expect(complete('flagctl --profile ', { FLAGCTL_CONFIG_DIR: join(env.tmp, 'missing') })).toEqual([]);
      expect(existsSync(join(env.tmp, 'pwned'))).toBe(false);
    });
  });
}
