import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// `--url ""` (a CI variable that is unset or misspelt: `--url "$UNLEASH_PROD_URL"`) was taken as
// no --url at all: the command ran against FLAGCTL_URL or the profile's server, another server
// than the one named, and a gate passed there. An empty --url exits 2, as an empty --profile
// does, and nothing is sent.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();

describe('--url given empty', () => {
  it.each([
    [['--url', '', 'projects', 'list']],
    [['features', 'stale', '--max', '0', '--url', '']],
    [['feature', 'get', 'x', '--url', '']],
  ])('%j exits 2 and sends nothing to the server of FLAGCTL_URL', async (argv) => {
    const r = await runCli(argv, { env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN } });
    expect(r.stderr).toBe('flagctl: --url "": the server URL must not be empty\n');
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });
});

// `insights --section ''` (or `,`) named no section and showed them all, after the request.
describe('--section given empty', () => {
  it.each([[''], [','], [' ']])('insights --section %j exits 2, nothing sent', async (value) => {
    const r = await runCli(['insights', '--section', value], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.stderr).toBe(
      `flagctl: --section "${value}": expected one of users, flags, projects, metrics, environments\n`,
    );
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });
});
