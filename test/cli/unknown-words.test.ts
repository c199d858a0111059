import { describe, expect, it } from 'vitest';
import { PROGRAM } from '../../src/commands/registry.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 35 item 3: a mistyped command or option with no close match still says where the
// right words are, as git, gh and kubectl do; exit 2 (usage) and nothing sent.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unknown-words-token' });
const nouns = PROGRAM.entries.filter((e) => e.path.length === 1).map((e) => e.path[0]!);

describe('an unknown word with no close match', () => {
  it('`flagctl features frobnicate` names the commands of features and its --help', async () => {
    const r = await runCli(['features', 'frobnicate'], { env: env() });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "flagctl: unknown command 'frobnicate'\n" +
        'The commands of `flagctl features` are: search, stale, revive. See `flagctl features --help`.\n',
    });
    expect(server.requests).toEqual([]);
  });

  it('`flagctl frobnicate` lists every noun and points at flagctl --help, after global options too', async () => {
    for (const argv of [['frobnicate'], ['--url', server.url, 'frobnicate', 'now']]) {
      const r = await runCli(argv, { env: env() });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `flagctl: unknown command 'frobnicate'\nThe commands of \`flagctl\` are: ${nouns.join(', ')}. See \`flagctl --help\`.\n`,
      );
    }
    expect(nouns).toEqual(expect.arrayContaining(['features', 'retire', 'auth']));
    expect(server.requests).toEqual([]);
  });

  it('an unknown option points at the --help of the command it was given to', async () => {
    const r = await runCli(['features', 'search', '--frobnicate', '--project', 'default'], { env: env() });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: "flagctl: unknown option '--frobnicate'\nSee `flagctl features search --help` for its options.\n",
    });
    const root = await runCli(['--frobnicate'], { env: env() });
    expect(root.stderr).toBe("flagctl: unknown option '--frobnicate'\nSee `flagctl --help` for its options.\n");
    expect(root.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('a close match under the noun in the other number is suggested: feature serch → features search', async () => {
    const r = await runCli(['feature', 'serch', '--query', 'x'], { env: env() });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: "flagctl: unknown command 'serch'\n(Did you mean `flagctl features search`?)\n",
    });
    const other = await runCli(['features', 'gte', 'x'], { env: env() });
    expect(other.stderr).toBe("flagctl: unknown command 'gte'\n(Did you mean `flagctl feature get`?)\n");
    // Nothing close there either: the commands of the noun as typed.
    const none = await runCli(['feature', 'frobnicate'], { env: env() });
    expect(none.stderr).toBe(
      "flagctl: unknown command 'frobnicate'\nThe commands of `flagctl feature` are: get, history. See `flagctl feature --help`.\n",
    );
    expect(server.requests).toEqual([]);
  });

  it('a close match keeps commander’s suggestion alone', async () => {
    const option = await runCli(['features', 'search', '--sort-bi', 'name'], { env: env() });
    expect(option).toEqual({
      code: 2,
      stdout: '',
      stderr: "flagctl: unknown option '--sort-bi'\n(Did you mean --sort-by?)\n",
    });
    const command = await runCli(['retire', 'aply'], { env: env() });
    expect(command.stderr).toBe("flagctl: unknown command 'aply'\n(Did you mean apply?)\n");
    expect(command.code).toBe(2);
    expect(server.requests).toEqual([]);
  });
});
