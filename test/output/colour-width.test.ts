import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 35 item 7: colour and width follow the conventions: NO_COLOR, FORCE_COLOR,
// CLICOLOR_FORCE and COLUMNS, each checked through main().

const server = useFixtureServer();
const ESC = '\u001b[';
const feature = {
  name: 'checkout-experiment-with-a-long-name',
  type: 'release',
  project: 'default',
  stale: true,
  environments: [],
};

async function search(env: Record<string, string>, tty = true, columns = 120) {
  server.json('/api/admin/search/features', { features: [feature], total: 1 });
  return runCli(['features', 'search', '--columns', 'name,type,project,stale'], {
    env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.x', ...env },
    stdoutIsTTY: tty,
    columns,
  });
}

describe('colour', () => {
  it('on a terminal by default; NO_COLOR turns it off', async () => {
    expect((await search({})).stdout).toContain(ESC);
    expect((await search({ NO_COLOR: '1' })).stdout).not.toContain(ESC);
  });

  it('FORCE_COLOR and CLICOLOR_FORCE turn it on, over NO_COLOR; 0 does not', async () => {
    expect((await search({ FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).toContain(ESC);
    expect((await search({ CLICOLOR_FORCE: '1', NO_COLOR: '1' })).stdout).toContain(ESC);
    expect((await search({ CLICOLOR_FORCE: '0', NO_COLOR: '1' })).stdout).not.toContain(ESC);
  });

  it('--no-color beats them all', async () => {
    server.json('/api/admin/search/features', { features: [feature], total: 1 });
    const r = await runCli(['features', 'search', '--no-color'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.x', CLICOLOR_FORCE: '1', FORCE_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(r.stdout).not.toContain(ESC);
  });
});

describe('width', () => {
  it('COLUMNS, when set to a number, is the width a terminal table fits', async () => {
    const r = await search({ NO_COLOR: '1', COLUMNS: '50' }, true, 200);
    const lines = r.stdout.trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(50);
    expect(r.stderr).toContain("the terminal's 50 columns");
  });

  it('a COLUMNS that is not a number is ignored', async () => {
    const r = await search({ NO_COLOR: '1', COLUMNS: 'wide' }, true, 200);
    expect(r.stdout).toContain(feature.name);
    expect(r.stderr).toBe('');
  });
});
