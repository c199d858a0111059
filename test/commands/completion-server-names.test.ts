import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { ManualClock } from '../support/clock.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli, testIO } from '../support/io.js';
import { serveCleanup } from '../support/retire-fixture.js';

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

  it('a list keeps what is typed before its last name, and leaves out the names already in it', async () => {
    server.json('/api/admin/projects', { projects: [{ id: 'web' }, { id: 'default' }, { id: 'mobile' }] });
    const clock = new ManualClock();
    const words = async (word: string) => {
      const io = testIO({ env: env(), clock });
      expect(await main(['completion', '--server-names', 'projects;list', `--word=${word}`], io)).toBe(0);
      expect(io.err.text).toBe('');
      return io.out.text.split('\n').filter(Boolean);
    };
    expect(await words('')).toEqual(['default', 'mobile', 'web']);
    expect(await words('web,')).toEqual(['web,default', 'web,mobile']);
    expect(await words('IS_ANY_OF:web,mo')).toEqual(['IS_ANY_OF:web,default', 'IS_ANY_OF:web,mobile']);
    expect(await words('!')).toEqual(['!default', '!mobile', '!web']);
    // One read of the list for every word typed.
    expect(server.requests.filter((r) => r.url === '/api/admin/projects')).toHaveLength(1);
  });

  it('env:state gives the environment and a colon, then its states; environment: gives names after it only', async () => {
    server.json('/api/admin/environments', { environments: [{ name: 'production' }, { name: 'development' }] });
    const clock = new ManualClock();
    const words = async (marker: string, word: string) => {
      const io = testIO({ env: env(), clock });
      await main(['completion', '--server-names', marker, '--word', word], io);
      return io.out.text;
    };
    const status = 'environments;then=enabled/disabled';
    expect(await words(status, 'pro')).toBe('development:\nproduction:\n');
    expect(await words(status, 'production:')).toBe('production:enabled\nproduction:disabled\n');
    expect(await words(status, 'nosuch:')).toBe('');
    const sort = 'environments;after=environment:';
    expect(await words(sort, 'na')).toBe('');
    expect(await words(sort, 'environment:')).toBe('environment:development\nenvironment:production\n');
  });

  it('segments, from the segment list', async () => {
    server.json('/api/admin/segments', {
      segments: [
        { id: 2, name: 'staff' },
        { id: 1, name: 'beta-testers' },
      ],
    });
    expect(await names('segments', new ManualClock())).toEqual({
      code: 0,
      stdout: 'beta-testers\nstaff\n',
      stderr: '',
    });
  });

  it("archived flags of the profile's project, searched for by what is typed, one page, each word cached", async () => {
    server.route('/api/admin/search/features', (_req, res, url) => {
      const all = ['old-banner', 'old-search', 'legacy-old'].filter((n) =>
        n.includes(url.searchParams.get('query') ?? ''),
      );
      sendJson(res, 200, { features: all.map((name) => ({ name })), total: all.length });
    });
    const clock = new ManualClock();
    const words = async (word: string) => {
      const io = testIO({ env: env(), clock });
      await main(['completion', '--server-names', 'archived', '--word', word], io);
      return io.out.text;
    };
    expect(await words('old')).toBe('old-banner\nold-search\n');
    expect(await words('old')).toBe('old-banner\nold-search\n');
    expect(await words('')).toBe('legacy-old\nold-banner\nold-search\n');
    const asked = server.requests.filter((r) => r.url.startsWith('/api/admin/search/features'));
    expect(asked).toHaveLength(2);
    const query = new URL(asked[0]!.url, server.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      archived: 'IS:true',
      project: 'IS:default',
      query: 'old',
      sortBy: 'name',
      offset: '0',
      limit: '100',
    });
  });

  it('an unknown kind or shape prints nothing on stdout', async () => {
    for (const marker of ['flags', 'projects;sideways']) {
      const io = testIO({ env: env() });
      expect(await main(['completion', '--server-names', marker], io)).toBe(2);
      expect(io.out.text).toBe('');
    }
    expect(server.requests).toEqual([]);
  });

  it('retire apply --only/--skip: the flags the plan file says to archive, read from the file alone', async () => {
    const tree = join(cache, 'tree');
    mkdirSync(tree);
    writeFileSync(join(tree, 'app.ts'), 'if (unleash.isEnabled("still-used")) render();\n');
    serveCleanup(server, [
      { name: 'gone-a', stale: true },
      { name: 'gone-b', stale: true },
      { name: 'still-used', stale: true },
    ]);
    const planned = await runCli(['retire', 'plan', tree, '-o', 'json'], { env: env() });
    expect(planned.code, planned.stderr).toBe(0);
    const plan = join(cache, 'plan.json');
    writeFileSync(plan, planned.stdout);
    server.reset();
    const words = async (args: string[], word: string) => {
      const io = testIO({ env: { XDG_CACHE_HOME: cache, FLAGCTL_CONFIG_DIR: join(cache, 'none') } });
      expect(await main(['completion', '--server-names', 'plan;list', ...args, '--word', word], io)).toBe(0);
      expect(io.err.text).toBe('');
      return io.out.text;
    };
    // No credentials needed, and nothing sent: the names are the file's.
    expect(await words(['--arg', plan], '')).toBe('gone-a\ngone-b\n');
    expect(await words(['--arg', plan], 'gone-a,')).toBe('gone-a,gone-b\n');
    expect(await words(['--arg', join(cache, 'missing.json')], '')).toBe('');
    expect(await words([], '')).toBe('');
    expect(server.requests).toEqual([]);
  });
});
