import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { pagerCommand } from '../../src/output/pager.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { testIO } from '../support/io.js';

// Issue 35 item 5 through main(): which pager starts, and when none does. The terminal itself
// (a real pager on a pseudo-terminal) is test/artifact/terminal-pager.test.ts.

const server = useFixtureServer();

async function runWithPager(argv: string[], opts: { tty?: boolean; env?: Record<string, string> } = {}) {
  const io = testIO({
    env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', NO_COLOR: '1', ...opts.env },
    stdoutIsTTY: opts.tty ?? true,
    columns: 80,
  });
  const started: string[][] = [];
  let paged = '';
  io.startPager = async (command) => {
    started.push(command);
    const input = new PassThrough();
    input.on('data', (d: Buffer) => (paged += d.toString()));
    return { input, done: new Promise<void>((end) => input.on('end', end)) };
  };
  const code = await main(argv, io);
  return { code, started, paged, stdout: io.out.text, stderr: io.err.text };
}

const search = () =>
  server.json('/api/admin/search/features', {
    features: [{ name: 'x', type: 'release', project: 'default', stale: false, environments: [] }],
    total: 1,
  });

describe('the pager', () => {
  it('defaults to less -FRX; FLAGCTL_PAGER, then PAGER; empty or cat is none', () => {
    expect(pagerCommand({})).toEqual(['less', '-FRX']);
    expect(pagerCommand({ PAGER: 'more' })).toEqual(['more']);
    expect(pagerCommand({ FLAGCTL_PAGER: 'less -S', PAGER: 'more' })).toEqual(['less', '-S']);
    expect(pagerCommand({ FLAGCTL_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' })).toBeUndefined();
  });

  it('a terminal table goes through it, whole; stdout gets nothing', async () => {
    search();
    const r = await runWithPager(['features', 'search', '--columns', 'name']);
    expect(r.code).toBe(0);
    expect(r.started).toEqual([['less', '-FRX']]);
    expect(r.paged).toContain('│ x    │');
    expect(r.stdout).toBe('');
  });

  it('never with --no-pager, nor in a pipe', async () => {
    search();
    const off = await runWithPager(['features', 'search', '--columns', 'name', '--no-pager']);
    expect(off.started).toEqual([]);
    expect(off.stdout).toContain('│ x    │');
    search();
    const piped = await runWithPager(['features', 'search', '--columns', 'name'], { tty: false });
    expect(piped.started).toEqual([]);
    expect(piped.stdout).toBe('NAME\nx\n');
  });
});
