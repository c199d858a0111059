import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';

// Issue 35 item 5 on a real pseudo-terminal (util-linux `script`): output on a terminal goes
// through $FLAGCTL_PAGER, then $PAGER (the pager here is a script that marks what it pages);
// --no-pager and a pipe print straight; a pager that cannot start leaves the output as it was.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = useFixtureServer();
const home = mkdtempSync(join(tmpdir(), 'flagctl-pager-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const PAGER = join(home, 'pager.sh');
writeFileSync(PAGER, '#!/bin/sh\necho "[paged by $0]"\ncat\n');
chmodSync(PAGER, 0o755);
const OTHER = join(home, 'other-pager.sh');
writeFileSync(OTHER, '#!/bin/sh\necho "[other pager]"\ncat\n');
chmodSync(OTHER, 0o755);

function onTerminal(cmd: string, env: Record<string, string>): Promise<string> {
  const child = spawn('script', ['-qec', `stty cols 100 rows 40; ${cmd}`, '/dev/null'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: '*:*.pager-secret',
      FLAGCTL_CONFIG_DIR: join(home, 'none'),
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve) => child.on('close', () => resolve(out.replace(/\r\n/g, '\n'))));
}

const search = () =>
  server.json('/api/admin/search/features', {
    features: [{ name: 'paged-flag', type: 'release', project: 'default', stale: false, environments: [] }],
    total: 1,
  });
const run = (args = '') => `node ${BIN} features search --columns name ${args} 2>/dev/null`;

describe('the pager on a real pseudo-terminal', () => {
  it('$FLAGCTL_PAGER pages a terminal table, and wins over $PAGER', async () => {
    search();
    const out = await onTerminal(run(), { FLAGCTL_PAGER: PAGER, PAGER: OTHER });
    expect(out).toBe(
      `[paged by ${PAGER}]\n┌────────────┐\n│ name       │\n├────────────┤\n│ paged-flag │\n└────────────┘\n`,
    );
  });

  it('$PAGER when $FLAGCTL_PAGER is unset', async () => {
    search();
    expect(await onTerminal(run(), { PAGER: OTHER })).toMatch(/^\[other pager\]\n┌/);
  });

  it('--no-pager, FLAGCTL_PAGER=cat, and a pipe print straight', async () => {
    search();
    expect(await onTerminal(run('--no-pager'), { FLAGCTL_PAGER: PAGER })).toMatch(/^┌/);
    search();
    expect(await onTerminal(run(), { FLAGCTL_PAGER: 'cat', PAGER: OTHER })).toMatch(/^┌/);
    search();
    expect(await onTerminal(`${run()} | cat`, { FLAGCTL_PAGER: PAGER })).toBe('NAME\npaged-flag\n');
  });

  it('a pager that cannot start leaves the output as it was, exit 0', async () => {
    search();
    expect(await onTerminal(`${run()}; echo "exit $?"`, { FLAGCTL_PAGER: join(home, 'no-such-pager') })).toBe(
      '┌────────────┐\n│ name       │\n├────────────┤\n│ paged-flag │\n└────────────┘\nexit 0\n',
    );
  });
});
