import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';

// The built CLI on a real pseudo-terminal (util-linux `script`, as bench/table.mjs uses): the
// width comes from the terminal itself (`stty cols`), not from an io object a test sets, and
// stdout's isatty is the kernel's answer. A table must fit the terminal, a long name cut by
// `…`, and the same rows piped stay whole (issue 27 item 2).

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = useFixtureServer();
const home = mkdtempSync(join(tmpdir(), 'flagctl-pty-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const LONG = `checkout-${'very-long-name-'.repeat(12)}end`;

/** `cmd` in a shell on a pseudo-terminal of `cols` columns; stdout as the terminal got it. */
function onTerminal(cols: number, cmd: string): Promise<{ code: number | null; out: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CACHE_HOME: join(home, 'cache'),
    FLAGCTL_URL: server.url,
    FLAGCTL_TOKEN: '*:*.artifact-secret',
    FLAGCTL_CONFIG_DIR: join(home, 'no-config'),
    NO_COLOR: '1',
    // The table as flagctl draws it, not through a pager (terminal-pager.test.ts has that).
    FLAGCTL_PAGER: '',
  };
  const child = spawn('script', ['-qec', `stty cols ${cols} rows 40; ${cmd}`, '/dev/null'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  // The terminal turns each \n into \r\n (onlcr).
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out: out.replace(/\r\n/g, '\n') })));
}

describe('a terminal table on a real pseudo-terminal', () => {
  it('fits the terminal width, a long name cut with … and a column left out, said on stderr; piped, all stay whole', async () => {
    expect(spawnSync('script', ['--version']).error, 'util-linux script is needed (Debian: bsdutils)').toBeUndefined();
    server.json('/api/admin/search/features', {
      features: [
        { name: LONG, type: 'release', project: 'default', stale: false, environments: [] },
        { name: 'short', type: 'experiment', project: 'default', stale: true, environments: [] },
      ],
      total: 2,
    });
    const args = `features search --columns name,type,project,stale`;
    const err = join(home, 'stderr.txt');
    const tty = await onTerminal(60, `node ${BIN} ${args} 2>${err}`);
    expect(tty.code).toBe(0);
    // The name keeps half the terminal before anything else gives way: stale is left out, and said.
    expect(tty.out).toBe(
      [
        `┌${'─'.repeat(35)}┬${'─'.repeat(12)}┬${'─'.repeat(9)}┐`,
        `│ name${' '.repeat(29)} │ type       │ project │`,
        `├${'─'.repeat(35)}┼${'─'.repeat(12)}┼${'─'.repeat(9)}┤`,
        `│ ${LONG.slice(0, 32)}… │ release    │ default │`,
        `│ short${' '.repeat(28)} │ experiment │ default │`,
        `└${'─'.repeat(35)}┴${'─'.repeat(12)}┴${'─'.repeat(9)}┘`,
        '',
      ].join('\n'),
    );
    for (const line of tty.out.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(60);
    expect(readFileSync(err, 'utf8')).toBe(
      "flagctl: note: column stale left out to fit the terminal's 60 columns; choose the columns with --columns (these were --columns name,type,project), or pipe or -o csv for all of them\n" +
        "flagctl: note: cells cut to fit the terminal's 60 columns (…); piped or -o csv output keeps them whole\n",
    );

    const piped = await onTerminal(60, `node ${BIN} ${args} 2>/dev/null | cat`);
    expect(piped.code).toBe(0);
    expect(piped.out).toBe(
      `NAME\tTYPE\tPROJECT\tSTALE\n${LONG}\trelease\tdefault\tfalse\nshort\texperiment\tdefault\ttrue\n`,
    );
  });
});
