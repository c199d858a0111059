import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// An option that takes one value, given twice, kept the last value and dropped the first without
// a word: `features stale --fail-on stale --fail-on potentially-stale` gated on potentially stale
// flags only (six marked-stale flags passed), `--project web --project mobile` read mobile alone,
// `refs --fail-on stale --fail-on archived` let stale references through. A gate then passed on
// half of what was asked. Now it exits 2, naming both values, before anything is sent; options
// declared repeatable (--tag, --status, -c, export -e, diff --feature, ...) still collect.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

describe('an option of one value, given twice', () => {
  it.each([
    [
      ['features', 'stale', '--fail-on', 'stale', '--fail-on', 'potentially-stale'],
      '--fail-on',
      'stale',
      'potentially-stale',
    ],
    [['features', 'stale', '--project', 'web', '--project', 'mobile', '--max', '0'], '--project', 'web', 'mobile'],
    [['features', 'search', '--state', 'stale', '--state', 'active', '--fail-if-any'], '--state', 'stale', 'active'],
    [['refs', '.', '--fail-on', 'stale', '--fail-on', 'archived'], '--fail-on', 'stale', 'archived'],
    [
      ['evaluate', 'f', '-e', 'development', '--env', 'production', '--expect', 'off'],
      '--env',
      'development',
      'production',
    ],
    [['diff', 'development', 'production', '--fail-on', 'none', '--fail-on', 'drift'], '--fail-on', 'none', 'drift'],
    [['features', 'search', '-p', 'web', '--project=mobile'], '--project', 'web', 'mobile'],
  ])('%j exits 2 naming both values, nothing sent', async (argv, option, first, second) => {
    const r = await runCli(argv, { env: env() });
    expect(r.stderr).toBe(
      `flagctl: ${option} is given twice ("${first}", then "${second}"); give it once: a second value would replace the first, not add to it\n`,
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('the same value twice is refused too: the command line says something it does not mean', async () => {
    const r = await runCli(['features', 'stale', '--max', '0', '--max', '0'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max is given twice');
  });
});
