import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Issue 21, item 5: CSV on a terminal goes through the same terminal-safety as the table; to a
// file or a pipe it stays byte-exact (a spreadsheet gets what the server sent).

const events = JSON.parse(readFileSync(new URL('../fixtures/events-v8.json', import.meta.url), 'utf8')) as {
  events: Record<string, unknown>[];
};
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const HOSTILE = 'ops\u001b]0;pwned\u0007\u001b[2J\u009b31m\r\nsecond';

function route(): void {
  const list = events.events.slice(0, 2).map((e) => ({ ...e, createdBy: HOSTILE }));
  server.route('/api/admin/search/events', (_req, res) => sendJson(res, 200, { events: list, total: list.length }));
}

describe('feature history -o csv', () => {
  it('on a terminal: no raw control character from the server reaches it', async () => {
    route();
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '-o', 'csv'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(r.stdout).toContain('ops\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\r\\nsecond');
    // One record per line: the escaped line break no longer splits a record.
    expect(r.stdout.split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('to a pipe or file: byte-exact, the server text as it came (quoted, CRLF records)', async () => {
    route();
    const r = await runCli(['feature', 'history', 'search-ranking_v3', '-o', 'csv', '--columns', 'who'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`who\r\n"${HOSTILE}"\r\n"${HOSTILE}"\r\n`);
  });
});
