import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// One vocabulary: feature history's columns were `when`, `who` and `env` where its json rows
// (the server's events) say createdAt, createdBy and environment, and `feature get`'s column is
// `environment`. The field names now pick those columns too (under the id asked for); the
// short ids stay the defaults, so nothing a script reads changes.

const events = JSON.parse(readFileSync(new URL('../fixtures/events-v8.json', import.meta.url), 'utf8')) as {
  events: { createdAt: string; createdBy: string; environment?: string | null }[];
};
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();

describe('feature history --columns by the events’ field names', () => {
  it('createdAt, createdBy and environment pick when, who and env', async () => {
    const list = events.events.slice(0, 2);
    server.route('/api/admin/search/events', (_req, res) => sendJson(res, 200, { events: list, total: list.length }));
    const r = await runCli(
      ['feature', 'history', 'x', '-o', 'csv', '--columns', 'createdAt,createdBy,environment,when'],
      { env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN } },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'createdAt,createdBy,environment,when',
        ...list.map((e) => [e.createdAt, e.createdBy, e.environment ?? '', e.createdAt].join(',')),
        '',
      ].join('\r\n'),
    );
  });
});
