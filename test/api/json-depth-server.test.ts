import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// A server's answer nested 100,000 levels deep. JSON.parse reads it (V8's parser does not
// recurse), but printing or walking it does, and the call stack ran out: flagctl said
// "unexpected error: Maximum call stack size exceeded", or, when the answer also held a number
// that needs the lossless second parse, that the JSON was "not valid; it may be truncated".
// Either way it is now refused as what it is, exit 1, nothing on stdout.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef' });
const LEVELS = 100_000;
const deep = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
const PATH = '/api/admin/projects/default/features/f';

function answer(extra: string): void {
  server.route(PATH, (_req, res) => {
    const body = `{"name":"f","type":"release","project":"default","environments":[]${extra},"deep":${deep}}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
}

describe('a server answer nested 100,000 levels deep', () => {
  it.each([
    ['-o json', ['-o', 'json'], ''],
    ['-o json, with a number that needs the lossless parse', ['-o', 'json'], ',"big":12345678901234567890'],
    ['-o ndjson', ['-o', 'ndjson', '--columns', 'environment'], ',"big":12345678901234567890'],
  ])('feature get %s: exit 1, one clear line', async (_label, args, extra) => {
    answer(extra as string);
    const r = await runCli(['feature', 'get', 'f', ...(args as string[])], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `flagctl: the server's answer is nested too deeply to process (thousands of levels; no real answer is): refusing it\n`,
    );
  });

  it('flagctl api on a terminal still shows the body as it came, made safe', async () => {
    server.route('/api/admin/x', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(deep));
    const r = await runCli(['api', '/api/admin/x'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${deep}\n`);
  });
});
