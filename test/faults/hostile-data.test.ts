import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Server strings are untrusted: they must not drive the terminal or a spreadsheet.

const TOKEN = '*:*.hostilesuitesecret0123456789abcdef';
const PATH = '/api/admin/projects/default/features/f';
const server = useFixtureServer();

const CLEAR = '\u001b[2J\u001b[H';
const TITLE = '\u001b]0;owned\u0007';
const LINK = '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\';
const C1_CSI = '\u009b31m';
const BIDI = '\u202egnp.exe';
const hostile = {
  name: 'f',
  type: `release${CLEAR}`,
  project: 'default',
  description: `=HYPERLINK("http://evil")${TITLE}\r\nfake line${LINK}`,
  tags: [{ type: 'team', value: `+cmd|' /C calc'!A0${C1_CSI}` }],
  environments: [
    {
      name: `@prod${BIDI}`,
      type: '-production',
      enabled: true,
      strategies: [
        {
          name: 'default',
          title: `\tTab${CLEAR}`,
          constraints: [{ contextName: 'x', operator: 'IN', values: [`\u001b[31mred`] }],
          parameters: {},
        },
      ],
      variants: [],
    },
    { name: '=cmd', type: '\rproduction', enabled: false, strategies: [], variants: [] },
  ],
};
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

/** Any byte that can start a terminal control sequence, or a bidi override. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function withoutOurColours(text: string): string {
  // flagctl's own SGR colour codes are allowed; remove exactly those before looking.
  return text.replace(/\u001b\[(\d{1,2}(;\d{1,2})*)?m/g, '');
}

describe('terminal output neutralises control characters from the server', () => {
  it.each([
    ['record view on a terminal', ['feature', 'get', 'f'], true, '\\x1b[2J'],
    ['record view piped', ['feature', 'get', 'f'], false, '\\x1b[2J'],
    [
      'environment table on a terminal',
      ['feature', 'get', 'f', '--columns', 'environment,type'],
      true,
      '\\rproduction',
    ],
    ['environment table piped', ['feature', 'get', 'f', '--columns', 'environment,type'], false, '@prod\\u202egnp.exe'],
    ['markdown', ['feature', 'get', 'f', '-o', 'markdown'], false, '\\rproduction'],
  ])('%s', async (_label, argv, tty, visible) => {
    server.json(PATH, hostile);
    const r = await runCli(argv as string[], {
      env: { ...env(), FORCE_COLOR: tty ? '1' : '0' },
      stdoutIsTTY: tty as boolean,
    });
    expect(r.code).toBe(0);
    const body = withoutOurColours(r.stdout).replace(/\n/g, '').replace(/\t/g, '');
    expect(body).not.toMatch(CONTROL);
    expect(r.stdout).toContain(visible);
  });

  it('the record view shows the escapes as visible text', async () => {
    server.json(PATH, hostile);
    const r = await runCli(['feature', 'get', 'f'], { env: env(), stdoutIsTTY: true });
    expect(r.stdout).toContain(
      '=HYPERLINK("http://evil")\\x1b]0;owned\\x07\\r\\nfake line\\x1b]8;;https://evil.example\\x1b\\click',
    );
    expect(r.stdout).toContain('@prod\\u202egnp.exe');
    expect(r.stdout).toContain('x IN ["\\u001b[31mred"]');
    expect(r.stdout).toContain('\\x9b31m');
  });

  it('server error messages are neutralised on stderr', async () => {
    server.json(PATH, { name: `NotFound${CLEAR}`, message: `no such ${TITLE} feature` }, 404);
    server.json('/api/admin/search/features', { features: [], total: 0 }); // the archive: not there either
    const r = await runCli(['feature', 'get', 'f'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).not.toMatch(CONTROL);
    expect(r.stderr).toContain('no such \\x1b]0;owned\\x07 feature');
  });
});

describe('csv is safe to open in a spreadsheet', () => {
  it('cells starting with = + - @ tab or CR get a leading quote', async () => {
    server.json(PATH, hostile);
    const r = await runCli(['feature', 'get', 'f', '-o', 'csv', '--columns', 'environment,type'], { env: env() });
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\r\n');
    expect(rows[0]).toBe('environment,type');
    expect(rows[1]).toBe(`'@prod${BIDI},'-production`);
    expect(rows[2]).toBe(`'=cmd,"'\rproduction"`);
  });

  it('--csv-raw gives exact values for scripts', async () => {
    server.json(PATH, hostile);
    const r = await runCli(['feature', 'get', 'f', '-o', 'csv', '--columns', 'environment,type', '--csv-raw'], {
      env: env(),
    });
    const rows = r.stdout.split('\r\n');
    expect(rows[1]).toBe(`@prod${BIDI},-production`);
    expect(rows[2]).toBe(`=cmd,"\rproduction"`);
  });
});

describe('json and ndjson stay exact', () => {
  it('json equals the server document byte for byte in meaning', async () => {
    server.json(PATH, hostile);
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(JSON.parse(r.stdout)).toEqual(hostile);
  });

  it('ndjson carries the raw environment names', async () => {
    server.json(PATH, hostile);
    const r = await runCli(['feature', 'get', 'f', '-o', 'ndjson'], { env: env() });
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => x.environment)).toEqual([`@prod${BIDI}`, '=cmd']);
    // JSON escapes control characters, so the raw output itself is terminal-safe too.
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f]/);
  });
});
