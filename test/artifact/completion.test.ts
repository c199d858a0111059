import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCompletionEnv } from '../support/completion-env.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveCleanup } from '../support/retire-fixture.js';
import search from '../../src/commands/features/search/index.js';

// The completion scripts are tested in a real bash: the generated script is sourced and its
// function called with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set as bash sets them.
// `--profile` runs `flagctl completion --profiles`, so a `flagctl` on PATH runs this checkout.

const root = new URL('../../', import.meta.url).pathname;
const env = useCompletionEnv(['bash']);
const server = useFixtureServer();
const { tmp, configDir } = env;

/** A plan (gone-a and gone-b to archive, still-used kept by a reference) written to `path`. */
async function writePlan(path: string): Promise<string> {
  const tree = join(tmp, 'plan-tree');
  mkdirSync(tree, { recursive: true });
  writeFileSync(join(tree, 'app.ts'), 'if (unleash.isEnabled("still-used")) render();\n');
  serveCleanup(server, [
    { name: 'gone-a', stale: true },
    { name: 'gone-b', stale: true },
    { name: 'still-used', stale: true },
  ]);
  const env = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.completion-token', FLAGCTL_CONFIG_DIR: join(tmp, 'none') };
  const r = await runCli(['retire', 'plan', tree, '-o', 'json'], { env });
  expect(r.code, r.stderr).toBe(0);
  writeFileSync(path, r.stdout);
  return path;
}

/** The words bash puts in COMP_WORDS for `line` (checked against bash 5 in a terminal). */
function compWords(line: string): string[] {
  const words = line
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((chunk) => chunk.match(/[=:<>]+|[^=:<>]+/g) ?? []);
  if (line === '' || /\s$/.test(line)) words.push('');
  return words;
}

interface Completion {
  reply: string[];
  /** Options the script set with compopt, e.g. nospace. */
  compopt: string;
}

/** Completes `line` with the cursor at its end, as bash would on TAB. */
function complete(line: string, extra: Record<string, string> = {}): Completion {
  const driver = `
    source "$SCRIPT" || exit 9
    compopt() { _calls+="$* "; }
    line=$1; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE=$line; COMP_POINT=\${#line}
    _flagctl
    printf 'reply:%s\\n' "\${COMPREPLY[@]}"
    printf 'compopt:%s\\n' "$_calls"`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', driver, 'bash', line, ...compWords(line)], {
    cwd: tmp,
    encoding: 'utf8',
    env: {
      PATH: `${env.bin}:${process.env.PATH}`,
      HOME: tmp,
      FLAGCTL_CONFIG_DIR: configDir,
      SCRIPT: env.scripts.bash!,
      ...extra,
    },
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const lines = r.stdout.split('\n');
  return {
    reply: lines
      .filter((l) => l.startsWith('reply:'))
      .map((l) => l.slice(6))
      .filter(Boolean),
    compopt: lines
      .find((l) => l.startsWith('compopt:'))!
      .slice(8)
      .trim(),
  };
}

const reply = (line: string) => complete(line).reply;

/** Every command path of the live tree, found through `--help` as a user would. */
async function commandPaths(path: string[] = []): Promise<{ path: string[]; subcommands: string[] }[]> {
  const help = (await runCli([...path, '--help'])).stdout;
  const section = help.split(/\n\s*\n/).find((block) => /^Commands:/m.test(block)) ?? '';
  const subcommands = [...section.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]!);
  const children = subcommands.filter((c) => c !== 'help');
  const below = await Promise.all(children.map((c) => commandPaths([...path, c])));
  return [{ path, subcommands }, ...below.flat()];
}

describe('completion scripts', () => {
  it.each([
    ['bash', 'flagctl.bash'],
    ['zsh', '_flagctl'],
    ['fish', 'flagctl.fish'],
  ])('completions/ holds the current %s script (regenerate: npm run completions)', async (shell, file) => {
    const r = await runCli(['completion', shell]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const committed = join(root, 'completions', file);
    expect(existsSync(committed), `${committed} is missing: run npm run completions`).toBe(true);
    expect(readFileSync(committed, 'utf8'), `completions/${file} is out of date: run npm run completions`).toBe(
      r.stdout,
    );
  });

  it('the bash script is valid bash and registers the function', () => {
    const r = spawnSync('bash', ['--norc', '-c', `source '${env.scripts.bash}' && complete -p flagctl`], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('complete -o default -F _flagctl flagctl');
  });

  it('zsh and fish scripts are generated from the same tree', async () => {
    const zsh = (await runCli(['completion', 'zsh'])).stdout;
    const fish = (await runCli(['completion', 'fish'])).stdout;
    expect(zsh.startsWith('#compdef flagctl\n')).toBe(true);
    expect(zsh).toContain("'features search|--sort-order') printf '%s\\n' 'asc' 'desc' ;;");
    expect(zsh).toContain("'search:Search and filter features across projects; page through every match'");
    expect(fish).toContain("complete -c flagctl -f -a '(__flagctl_complete)'");
    expect(fish).toContain("case 'features search|--sort-order'\n            printf '%s\\n' 'asc' 'desc'");
  });

  it('completion without a shell, or with an unknown one, is a usage error', async () => {
    const none = await runCli(['completion']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('name a shell: flagctl completion bash, zsh, fish');
    const tcsh = await runCli(['completion', 'tcsh']);
    expect(tcsh.code).toBe(2);
    expect(tcsh.stderr).toContain('Allowed choices are bash, zsh, fish');
  });
});

describe('bash completion', () => {
  it('completes every command path of the tree with its subcommands', async () => {
    const paths = await commandPaths();
    expect(paths.map((p) => p.path.join(' '))).toEqual(
      expect.arrayContaining(['', 'feature get', 'features search', 'auth login']),
    );
    for (const { path, subcommands } of paths.filter((p) => p.subcommands.length)) {
      expect(reply(['flagctl', ...path, ''].join(' ')), `flagctl ${path.join(' ')}`).toEqual(subcommands);
    }
  });

  it('completes a partial command name', () => {
    expect(reply('flagctl fea')).toEqual(['feature', 'features']);
    expect(reply('flagctl features s')).toEqual(['search', 'stale']);
    expect(reply('flagctl au')).toEqual(['auth']);
  });

  it("offers each command's own flags and the global ones", async () => {
    const search = reply('flagctl features search --');
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
    expect(reply('flagctl insights --s')).toEqual(['--since', '--section']);
    expect(reply('flagctl feature get checkout-v2 -')).toEqual(
      expect.arrayContaining(['-p', '--project', '-o', '--output', '-h']),
    );
    // Global flags come before the subcommand too, and do not end the command path.
    expect(reply('flagctl --profile prod features search --sort-o')).toEqual(['--sort-order']);
  });

  it('offers the flags that `--help` lists, for every command', async () => {
    for (const { path } of await commandPaths()) {
      const help = (await runCli([...path, '--help'])).stdout;
      const listed = [...help.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!);
      expect(reply(['flagctl', ...path, '--'].join(' ')), `flagctl ${path.join(' ')} --`).toEqual(
        expect.arrayContaining(listed),
      );
    }
  });

  it('completes enumerated flag values', () => {
    // The formats its record offers, in its order: a new format needs no edit here.
    expect(reply('flagctl features search -o ')).toEqual(search.formats);
    expect(search.formats).toEqual(expect.arrayContaining(['table', 'json', 'yaml', 'github']));
    expect(reply('flagctl insights --output cs')).toEqual(['csv']);
    expect(reply('flagctl features search --sort-order ')).toEqual(['asc', 'desc']);
    expect(reply('flagctl features search --state p')).toEqual(['potentially-stale']);
    expect(reply('flagctl features stale --type kill')).toEqual(['kill-switch']);
    expect(reply('flagctl insights --section ')).toEqual(['users', 'flags', 'projects', 'metrics', 'environments']);
    expect(reply('flagctl completion ')).toEqual(['bash', 'zsh', 'fish']);
    expect(reply('flagctl help f')).toEqual(['feature', 'features']);
  });

  it('completes --flag=value, and values with a colon, as bash splits them', () => {
    expect(reply('flagctl features search --output=nd')).toEqual(['ndjson']);
    expect(reply('flagctl features search --output=')).toEqual(search.formats!.map((f) => `=${f}`));
    expect(reply('flagctl features search --sort-by=last')).toEqual(['lastSeenAt']);
    // bash replaces only the word after the last ':' of environment:pro.
    expect(reply('flagctl features search --tag INCLUDE_A')).toEqual(['INCLUDE_ALL_OF:', 'INCLUDE_ANY_OF:']);
    expect(reply('flagctl features search --state IS_N')).toEqual(['IS_NOT:', 'IS_NONE_OF:']);
  });

  it('a prefix such as environment: gets no space after it', () => {
    const c = complete('flagctl features search --sort-by env');
    expect(c.reply).toEqual(['environment:']);
    expect(c.compopt).toBe('-o nospace');
    expect(complete('flagctl features search --sort-by name').compopt).toBe('');
  });

  it('a flag that takes a free value is not followed by command or flag names', () => {
    expect(reply('flagctl features search --query ')).toEqual([]);
    expect(reply('flagctl --url ')).toEqual([]);
    // ... and the value it took is skipped: `features` after it is still the command.
    expect(reply('flagctl --url http://127.0.0.1:4242 features s')).toEqual(['search', 'stale']);
  });

  it('completes --profile with the profile names of the config file', () => {
    expect(reply('flagctl --profile ')).toEqual(['pre-prod', 'prod', 'staging']);
    expect(reply('flagctl features search --profile st')).toEqual(['staging']);
    expect(reply('flagctl auth logout --profile=pr')).toEqual(['pre-prod', 'prod']);
    // The name that looks like a command substitution is left out, and never run.
    expect(existsSync(join(tmp, 'pwned'))).toBe(false);
  });

  it('offers no profiles, and no error, when the config cannot be read', () => {
    expect(complete('flagctl --profile ', { FLAGCTL_CONFIG_DIR: join(tmp, 'missing') }).reply).toEqual([]);
    const bad = join(tmp, 'bad-config');
    mkdirSync(bad, { mode: 0o700 });
    writeFileSync(join(bad, 'config.json'), '{not json', { mode: 0o600 });
    expect(complete('flagctl --profile ', { FLAGCTL_CONFIG_DIR: bad }).reply).toEqual([]);
  });

  it('completes file names where a path is expected: a plan, a tree, an @snapshot, --from (issue 35 item 4)', () => {
    expect(readFileSync(env.scripts.bash!, 'utf8')).toContain('complete -o default -F _flagctl flagctl');
    expect(complete('flagctl retire apply files/n')).toEqual({ reply: ['files/notes.txt'], compopt: '-o filenames' });
    expect(reply('flagctl refs files/c')).toEqual(['files/ca.pem', 'files/cert.pem']);
    expect(reply('flagctl diff @files/n')).toEqual(['@files/notes.txt']);
    expect(reply('flagctl features revive --from files/n')).toEqual(['files/notes.txt']);
    expect(reply('flagctl retire apply --result files/n')).toEqual(['files/notes.txt']);
    expect(reply('flagctl cleanup new-checkout files/n')).toEqual(['files/notes.txt']);
    // A group or a command that takes no path offers no file names (bash's -o default may, on its own).
    expect(reply('flagctl feature fil')).toEqual([]);
    expect(reply('flagctl features search fil')).toEqual([]);
  });

  it('completes flag, project and environment names from the server; nothing without credentials (issue 35 item 4)', async () => {
    server.json('/api/admin/projects/default/features', {
      version: 2,
      features: [{ name: 'new-checkout' }, { name: 'new-banner' }, { name: 'old' }],
    });
    server.json('/api/admin/projects', { projects: [{ id: 'default' }, { id: 'web' }] });
    server.json('/api/admin/environments', { environments: [{ name: 'development' }, { name: 'production' }] });
    const live = { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.completion-token', XDG_CACHE_HOME: join(tmp, 'cache') };
    // The shell runs synchronously here, so this process's fixture could not answer it: the names
    // are fetched once in-process (what a first <TAB> does), and the scripts read them from the cache.
    for (const kind of ['features', 'projects', 'environments'])
      await runCli(['completion', '--server-names', kind], { env: live });
    expect(complete('flagctl feature get new-', live).reply).toEqual(['new-banner', 'new-checkout']);
    expect(complete('flagctl feature history --project w', live).reply).toEqual(['web']);
    expect(complete('flagctl evaluate --env=pro', live).reply).toEqual(['production']);
    expect(complete('flagctl feature get ', { XDG_CACHE_HOME: join(tmp, 'cache2') }).reply).toEqual([]);
  });

  it('completes server names in every option and argument that takes them: lists, env:state, environment:, ENV or @FILE', async () => {
    server.json('/api/admin/projects/default/features', { version: 2, features: [{ name: 'new-checkout' }] });
    server.json('/api/admin/projects', { projects: [{ id: 'default' }, { id: 'web' }] });
    server.json('/api/admin/environments', { environments: [{ name: 'development' }, { name: 'production' }] });
    server.json('/api/admin/segments', {
      segments: [
        { id: 1, name: 'beta-testers' },
        { id: 2, name: 'staff' },
      ],
    });
    server.json('/api/admin/search/features', { features: [{ name: 'old-banner' }, { name: 'old-search' }], total: 2 });
    const live = {
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: '*:*.completion-token',
      XDG_CACHE_HOME: join(tmp, 'cache3'),
    };
    // As above: a first <TAB> in-process fills the cache the shell then reads.
    for (const kind of ['features', 'projects', 'environments', 'segments'])
      await runCli(['completion', '--server-names', kind], { env: live });
    await runCli(['completion', '--server-names', 'archived', '--word', 'old'], { env: live });
    const r = (line: string) => complete(line, live).reply;
    expect(r('flagctl features search --project w')).toEqual(['web']);
    expect(r('flagctl features search --project IS_ANY_OF:default,w')).toEqual(['default,web']);
    expect(r('flagctl features stale --project=!w')).toEqual(['!web']);
    expect(r('flagctl refs --project default,')).toEqual(['default,web']);
    expect(r('flagctl features search --segment INCLUDE:b')).toEqual(['beta-testers']);
    expect(complete('flagctl features search --status pro', live)).toEqual({
      reply: ['production:'],
      compopt: '-o nospace',
    });
    // The word under the cursor is bash's `:` there: it becomes production:enabled.
    expect(r('flagctl features search --status production:')).toEqual([':enabled', ':disabled']);
    expect(r('flagctl features search --sort-by environment:d')).toEqual(['development']);
    expect(r('flagctl diff development pro')).toEqual(['production']);
    expect(r('flagctl diff @files/n')).toEqual(['@files/notes.txt']);
    expect(r('flagctl diff --feature new')).toEqual(['new-checkout']);
    expect(r('flagctl evaluate -e production one new-')).toEqual(['new-checkout']);
    expect(r('flagctl project overview w')).toEqual(['web']);
    expect(r('flagctl cleanup -p w')).toEqual(['web']);
    // cleanup's words are flag names, then paths: both complete.
    expect(r('flagctl cleanup new')).toEqual(['new-checkout']);
    expect(r('flagctl features revive old')).toEqual(['old-banner', 'old-search']);
  });

  it('retire apply --only and --skip complete the flags of the plan file given, with nothing sent', async () => {
    const plan = await writePlan(join(tmp, 'bash-plan.json'));
    const none = { XDG_CACHE_HOME: join(tmp, 'cache-plan'), FLAGCTL_CONFIG_DIR: join(tmp, 'none') };
    server.reset();
    expect(complete(`flagctl retire apply ${plan} --only go`, none).reply).toEqual(['gone-a', 'gone-b']);
    // No plan named yet: no names.
    expect(complete('flagctl retire apply --skip=gone-a,', none).reply).toEqual([]);
    expect(complete(`flagctl retire apply ${plan} --skip=gone-a,`, none).reply).toEqual(['gone-a,gone-b']);
    expect(server.requests).toEqual([]);
  });

  it('completes file names for --ca-file and after a redirection', () => {
    expect(complete('flagctl --ca-file files/c').reply).toEqual(['files/ca.pem', 'files/cert.pem']);
    expect(complete('flagctl --ca-file files/c').compopt).toBe('-o filenames');
    expect(reply('flagctl insights -o csv > files/n')).toEqual(['files/notes.txt']);
  });
});

describe('completion --profiles', () => {
  it('prints the profile names, sorted, one per line', async () => {
    const r = await runCli(['completion', '--profiles'], { env: { FLAGCTL_CONFIG_DIR: configDir } });
    expect(r).toEqual({ code: 0, stdout: 'pre-prod\nprod\nstaging\n', stderr: '' });
  });

  it('prints nothing, and succeeds, when the config is missing, unsafe or broken', async () => {
    const open = join(tmp, 'open-config');
    mkdirSync(open);
    writeFileSync(join(open, 'config.json'), JSON.stringify({ profiles: { a: { url: 'u', token: 't' } } }), {
      mode: 0o644,
    });
    chmodSync(join(open, 'config.json'), 0o644);
    for (const dir of [join(tmp, 'nothing-here'), open]) {
      const r = await runCli(['completion', '--profiles'], { env: { FLAGCTL_CONFIG_DIR: dir } });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    }
  });

  it('is hidden from help', async () => {
    const r = await runCli(['completion', '--help']);
    expect(r.stdout).not.toContain('--profiles');
  });
});
