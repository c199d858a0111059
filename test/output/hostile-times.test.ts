import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveEnvironments } from '../support/projects-fixture.js';

// A time column shows a date that is no calendar time as the server sent it (docs/output-formats.md).
// On a terminal that text is untrusted like any other: it must not drive the terminal.

const server = useFixtureServer();
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const HOSTILE = '2026-01-01\u001b]8;;https://evil.example\u001b\\x\u001b]52;c;cGF5bG9hZA==\u0007\u009b2J\r\u202e';
const SHOWN = '2026-01-01\\x1b]8;;https://evil.example\\x1b\\x\\x1b]52;c;cGF5bG9hZA==\\x07\\x9b2J\\r\\u202e';
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** flagctl's own colours, the only escapes allowed on stdout. */
const ours = (s: string) => s.replace(/\u001b\[\d{1,2}(;\d{1,2})*m/g, '');

const feature = {
  name: 'f1',
  type: 'release',
  project: 'default',
  stale: false,
  createdAt: HOSTILE,
  lastSeenAt: HOSTILE,
  archivedAt: HOSTILE,
  lifecycle: { stage: 'live', enteredStageAt: HOSTILE },
  environments: [{ name: 'production', enabled: true, lastSeenAt: HOSTILE }],
};

describe('time columns on a terminal', () => {
  it.each([['createdAt'], ['lastSeenAt'], ['archivedAt'], ['lifecycleSince'], ['env:production.lastSeenAt']])(
    'features search --columns name,%s',
    async (column) => {
      server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [feature], total: 1 }));
      serveEnvironments(server);
      const r = await runCli(['features', 'search', '--columns', `name,${column}`], {
        env: env(),
        stdoutIsTTY: true,
        columns: 400,
      });
      expect(r.code).toBe(0);
      expect(ours(r.stdout)).not.toMatch(RAW);
      expect(r.stdout).toContain(SHOWN);
    },
  );

  it('feature history: the when column', async () => {
    const event = {
      id: 1,
      type: 'feature-created',
      createdBy: 'ops',
      createdAt: HOSTILE,
      data: null,
      preData: null,
      featureName: 'f1',
      project: 'default',
      environment: null,
      tags: [],
    };
    server.route('/api/admin/search/events', (_req, res) => sendJson(res, 200, { events: [event], total: 1 }));
    const r = await runCli(['feature', 'history', 'f1'], { env: env(), stdoutIsTTY: true, columns: 400 });
    expect(r.code).toBe(0);
    expect(ours(r.stdout)).not.toMatch(RAW);
    expect(r.stdout).toContain(SHOWN);
  });

  it('a real date is still shown as its age', async () => {
    const now = new Date().toISOString();
    server.route('/api/admin/search/features', (_req, res) =>
      sendJson(res, 200, { features: [{ ...feature, createdAt: now }], total: 1 }),
    );
    const r = await runCli(['features', 'search', '--columns', 'name,createdAt'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('just now');
  });
});
