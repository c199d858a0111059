import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

// The contract lets a feature environment leave out `strategies`. A diff or export that read
// such an environment as "no strategies" judged what it had not seen: two environments, or two
// servers, whose strategies were not sent compared as equal. Nor is a missing `enabled`
// (required, but null on a broken server) "off". Either is an incomplete answer: exit 1.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
const DOC = '/api/admin/projects/default/features/admin-panel_access';

function withEnvironments(change: (e: Record<string, unknown>) => void) {
  const p = v8Project();
  for (const e of p.documents['admin-panel_access'].environments) change(e);
  return p;
}

describe('a feature environment the server sent without its strategies', () => {
  it('is not compared as "no strategies": diff exits 1 naming the feature and environment', async () => {
    serveProject(
      server,
      withEnvironments((e) => delete e.strategies),
    );
    const r = await runCli(['diff', 'development', 'production', '--feature', 'admin-panel_access'], { env: env() });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `flagctl: the document of feature "admin-panel_access" (GET ${DOC}) lists environment "development" without its strategies; the answer is incomplete\n`,
    );
    expect(r.code).toBe(1);
  });

  it('nor exported as none', async () => {
    serveProject(
      server,
      withEnvironments((e) => (e.strategies = null)),
    );
    const r = await runCli(['export', '--env', 'production'], { env: env() });
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('lists environment "production" without its strategies');
  });

  it('an environment the server says has none (hasStrategies: false) has none', async () => {
    serveProject(
      server,
      withEnvironments((e) => {
        delete e.strategies;
        e.hasStrategies = false;
      }),
    );
    const r = await runCli(['diff', 'development', 'production', '--feature', 'admin-panel_access'], { env: env() });
    expect(r.stdout).toContain('No differences');
    expect(r.code).toBe(0);
  });

  it('an environment whose enabled is null is not read as off', async () => {
    serveProject(
      server,
      withEnvironments((e) => (e.enabled = null)),
    );
    const r = await runCli(['diff', 'development', 'production', '--feature', 'admin-panel_access'], { env: env() });
    expect(r.stderr).toBe(
      `flagctl: the document of feature "admin-panel_access" (GET ${DOC}) lists environment "development" without whether it is enabled; the answer is incomplete\n`,
    );
    expect(r.code).toBe(1);
  });
});
