import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { ManualClock } from '../support/clock.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli, testIO } from '../support/io.js';

// Issue 35 item 4: `completion --server-names`, what the scripts run on <TAB> for a flag,
// project or environment name: a cache in the user's cache dir, a short time limit, nothing
// without credentials, and never a message on stderr.

const server = useFixtureServer();
const TOKEN = '*:*.completion-secret-token';
let cache: string;
beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'flagctl-cache-'));
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

const env = (more: Record<string, string> = {}) => ({
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: TOKEN,
  XDG_CACHE_HOME: cache,
  ...more,
});
const FEATURES = '/api/admin/projects/default/features';
const list = (...names: string[]) => ({
  version: 2,
  features: names.map((name) => ({ name, environments: [], tags: [] })),
});

async function names(kind: string, clock: ManualClock, more: Record<string, string> = {}) {
  const io = testIO({ env: env(more), clock });
  const code = await main(['completion', '--server-names', kind], io);
  return { code, stdout: io.out.text, stderr: io.err.text };
}

describe('completion --server-names', () => {
  it('prints the flag names of the profile project, sorted; a second <TAB> within a minute asks nothing', async () => {
    const clock = new ManualClock(1_000_000);
    server.json(FEATURES, list('new-checkout', 'beta~banner', 'a.flag'));
    expect(await names('features', clock)).toEqual({
      code: 0,
      stdout: 'a.flag\nbeta~banner\nnew-checkout\n',
      stderr: '',
    });
    clock.advance(59_000);
    expect((await names('features', clock)).stdout).toBe('a.flag\nbeta~banner\nnew-checkout\n');
    expect(server.requests.filter((r) => r.url.startsWith(FEATURES))).toHaveLength(1);
    clock.advance(2_000);
    server.reset();
    server.json(FEATURES, list('fresh'));
    expect((await names('features', clock)).stdout).toBe('fresh\n');
  });

  it('the cache file is private and holds no token', async () => {
    server.json(FEATURES, list('x'));
    await names('features', new ManualClock());
    const dir = join(cache, 'flagctl');
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^completion-[0-9a-f]{32}\.json$/);
    const text = readFileSync(join(dir, file!), 'utf8');
    expect(text).not.toContain('completion-secret-token');
    expect(text).not.toContain(TOKEN);
  });

  it('projects and environments', async () => {
    server.json('/api/admin/projects', { projects: [{ id: 'web' }, { id: 'default' }] });
    server.json('/api/admin/environments', { environments: [{ name: 'production' }, { name: 'development' }] });
    expect((await names('projects', new ManualClock())).stdout).toBe('default\nweb\n');
    expect((await names('environments', new ManualClock())).stdout).toBe('development\nproduction\n');
  });

  it('without credentials: nothing, and no request', async () => {
    const r = await runCli(['completion', '--server-names', 'features'], {
      env: { XDG_CACHE_HOME: cache, FLAGCTL_CONFIG_DIR: join(cache, 'none') },
    });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(server.requests).toEqual([]);
  });

  it('a refusal or a server error prints nothing, and no message; an older list is used when there is one', async () => {
    const clock = new ManualClock(5_000_000);
    server.json(FEATURES, { name: 'UnauthorizedError', message: 'no' }, 401);
    expect(await names('features', clock)).toEqual({ code: 0, stdout: '', stderr: '' });
    server.reset();
    server.json(FEATURES, list('kept'));
    await names('features', clock);
    clock.advance(120_000);
    server.reset();
    server.json(FEATURES, { message: 'boom' }, 500);
    expect(await names('features', clock, { FLAGCTL_RETRIES: '0' })).toEqual({ code: 0, stdout: 'kept\n', stderr: '' });
  });

  it('gives up after the time limit with nothing, and says nothing', async () => {
    const clock = new ManualClock();
    let answer: (() => void) | undefined;
    server.route(FEATURES, (_req, res) => {
      answer = () => sendJson(res, 200, list('late'));
    });
    const running = names('features', clock);
    await new Promise((r) => setTimeout(r, 200));
    clock.advance(2_000);
    expect(await running).toEqual({ code: 0, stdout: '', stderr: '' });
    answer?.();
  });

  it('names a shell could take for more than one word are left out', async () => {
    server.json(FEATURES, list('ok-name', 'bad name', '$(touch x)', 'semi;colon'));
    expect((await names('features', new ManualClock())).stdout).toBe('ok-name\n');
  });
});
