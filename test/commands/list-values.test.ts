import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

// One vocabulary for lists: `retire --only a,b`, `--include`, `--skip` and `feature history
// --event-type a,b` take a comma list as well as repeats, but `diff --feature a,b` looked for a
// flag named "a,b" ("on neither side", exit 5) and `export -e development,production` for an
// environment of that name. Flag and environment names are URL friendly, so neither holds a
// comma: a comma now separates names there too, the same as repeating the option.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });

async function run(argv: string[]) {
  server.reset();
  serveProject(server, v8Project());
  const r = await runCli(argv, { env: env() });
  return { ...r, urls: server.requests.map((q) => q.url).sort() };
}

describe('comma lists where an option repeats', () => {
  it('diff --feature a,b is --feature a --feature b', async () => {
    const names = Object.keys(v8Project().documents).slice(0, 2);
    const repeated = await run([
      'diff',
      'development',
      'production',
      '--feature',
      names[0]!,
      '--feature',
      names[1]!,
      '-o',
      'json',
    ]);
    expect(repeated.stderr).toBe('');
    const listed = await run(['diff', 'development', 'production', '--feature', names.join(','), '-o', 'json']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(repeated.code);
    expect(listed.stdout).toBe(repeated.stdout);
    expect(listed.urls).toEqual(repeated.urls);
  });

  it('export -e development,production is -e development -e production', async () => {
    const repeated = await run(['export', '-e', 'development', '-e', 'production']);
    expect(repeated.code, repeated.stderr).toBe(0);
    const listed = await run(['export', '-e', 'development,production']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).environments).toEqual(JSON.parse(repeated.stdout).environments);
  });

  it.each([
    [['diff', 'development', 'production', '--feature', 'a,'], '--feature'],
    [['export', '-e', 'development,,production'], '--env'],
  ])('%j: an empty name in the list exits 2, nothing sent', async (argv, option) => {
    const r = await runCli(argv, { env: env() });
    expect(r.stderr).toMatch(new RegExp(`^flagctl: ${option} "[^"]*": `));
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });
});
