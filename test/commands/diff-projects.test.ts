import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

// A snapshot records its project. Compared with a server side that reads another project
// because no --project was given (the profile's project, else default), every feature read as
// "removed" or "added": a drift report about the wrong project. That is refused (exit 2,
// nothing sent) unless --project names the project to read.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
const dir = mkdtempSync(join(tmpdir(), 'flagctl-diff-projects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PROJECTS = { version: 1, projects: [{ id: 'default' }, { id: 'web' }] };

async function webSnapshot(): Promise<string> {
  serveProject(server, v8Project(), 'web');
  server.json('/api/admin/projects', PROJECTS);
  const r = await runCli(['export', '--project', 'web', '--env', 'production'], { env: env() });
  expect(r.code, r.stderr).toBe(0);
  server.reset();
  const path = join(dir, 'web.json');
  writeFileSync(path, r.stdout);
  return path;
}

describe('diff of a snapshot and a server side that reads another project', () => {
  it('exits 2 naming both projects and the option, before any request', async () => {
    const snap = await webSnapshot();
    const r = await runCli(['diff', `@${snap}`, 'production'], { env: env() });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `flagctl: @${snap} is a snapshot of project "web", but production reads project "default"; give --project web to compare it with web, or --project default to compare the two projects\n`,
    );
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('--project naming the snapshot project compares it; naming another compares the two', async () => {
    const snap = await webSnapshot();
    serveProject(server, v8Project(), 'web');
    server.json('/api/admin/projects', PROJECTS);
    const same = await runCli(['diff', `@${snap}`, 'production', '--project', 'web'], { env: env() });
    expect([same.code, same.stderr]).toEqual([0, '']);
    expect(same.stdout).toContain('No differences');
    server.reset();
    const p = v8Project();
    p.features.features = [];
    serveProject(server, p, 'default');
    server.json('/api/admin/projects', PROJECTS);
    const other = await runCli(['diff', `@${snap}`, 'production', '--project', 'default', '--stat'], { env: env() });
    expect(other.code).toBe(3);
    expect(other.stdout).toContain('7 features differ: 7 removed');
  });
});
