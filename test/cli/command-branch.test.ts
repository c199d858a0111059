import { describe, expect, it } from 'vitest';
import { buildProgram, entriesFor } from '../../src/cli/program.js';
import { commandsOf } from '../../src/cli/records.js';
import { PROGRAM } from '../../src/commands/registry.js';
import { testIO } from '../support/io.js';

// A command line that names a command builds only that command's branch of the tree (start-up
// time); its --help must read exactly as the whole tree's would, and anything else (no command,
// a group, `help`, a typo) still gets every command, for help and suggestions.

const app = () => ({ io: testIO(), secrets: new Set<string>(), program: PROGRAM });

function helpOf(argv: string[], branchOnly: boolean): string {
  const root = buildProgram(app(), PROGRAM, branchOnly ? argv : undefined);
  let cmd = root;
  for (const w of argv) cmd = cmd.commands.find((c) => c.name() === w) ?? cmd;
  return cmd.helpInformation();
}

describe('the branch a command line reaches', () => {
  it('names only the command and the groups above it', () => {
    const paths = (argv: string[]) => entriesFor(PROGRAM, argv).map((e) => e.path.join(' '));
    expect(paths(['feature', 'get', 'checkout'])).toEqual(['feature', 'feature get']);
    expect(paths(['--url', 'http://127.0.0.1:1', '--debug', 'refs', '.'])).toEqual(['refs']);
    expect(paths(['--url=http://x', 'features', 'stale', '-o', 'json'])).toEqual(['features', 'features stale']);
    // --url takes the next word as its value, so `feature` here is no command.
    expect(paths(['--url', 'feature', 'get'])).toHaveLength(PROGRAM.entries.length);
    for (const argv of [[], ['feature'], ['help', 'refs'], ['feature', 'gte'], ['--', 'refs']]) {
      expect(paths(argv), argv.join(' ')).toHaveLength(PROGRAM.entries.length);
    }
  });

  it("gives every command the same --help as the whole tree's", () => {
    const commands = commandsOf(PROGRAM);
    expect(commands.length).toBeGreaterThan(10);
    for (const c of commands) {
      const argv = [...c.path];
      expect(helpOf(argv, true), argv.join(' ')).toBe(helpOf(argv, false));
    }
  });
});
