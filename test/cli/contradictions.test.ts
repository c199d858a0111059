import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProjects } from '../support/projects-fixture.js';
import { SEARCH_PATH } from '../support/search-fixture.js';
import { iso, serveCleanup } from '../support/retire-fixture.js';

// A gate's verdict comes from the server's answer; an answer that contradicts itself, or that
// holds nothing a real server could send, is never judged as "all clear". Feature names are
// unique in an Unleash instance, and every instance has at least its default project.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, FLAGCTL_CONFIG_DIR: '/nonexistent' });
const dir = mkdtempSync(join(tmpdir(), 'flagctl-contradictions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'src'));
writeFileSync(join(dir, 'src', 'app.ts'), "if (unleash.isEnabled('old-flag')) {}\n");

describe('evaluate --expect', () => {
  it('a playground answer that lists the feature twice, on and off, exits 1 whichever it expects', async () => {
    const playground = load('playground-v8.json');
    const on = playground.features.find((f: { isEnabled: boolean }) => f.isEnabled);
    const off = { ...on, isEnabled: false, strategies: { ...on.strategies, result: false } };
    for (const [features, expect_] of [
      [[on, off], 'off'],
      [[off, on], 'on'],
    ] as const) {
      server.json('/api/admin/environments', load('environments-v8.json'));
      server.route('/api/admin/playground', (_req, res) => sendJson(res, 200, { ...playground, features }), 'POST');
      const r = await runCli(['evaluate', on.name, '--env', 'production', '--expect', expect_], { env: env() });
      expect(r.stderr).toBe(
        `flagctl: the playground's answer lists "${on.name}" 2 times; feature names are unique, so the answer contradicts itself and is not judged\n`,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      server.reset();
    }
  });
});

describe('refs --fail-on', () => {
  const serve = (projects: unknown, features: unknown[]) => {
    server.json('/api/admin/projects', projects);
    server.json('/api/admin/projects/default/features', { version: 2, features });
    server.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
    server.json(SEARCH_PATH, { features: [], total: 0 });
  };
  const flag = (stale: boolean) => ({
    name: 'old-flag',
    type: 'release',
    stale,
    createdAt: new Date().toISOString(),
    environments: [],
  });
  // (A name listed twice, stale and not, fails the gate already: refs judges every entry.)

  it('a project list with no project at all exits 1: the token sees no flag to judge, and every server has its default project', async () => {
    serve({ projects: [] }, [flag(true)]);
    const r = await runCli(['refs', join(dir, 'src'), '--fail-on', 'stale'], { env: env() });
    expect(r.stderr).toBe(
      'flagctl: the server lists no projects (GET /api/admin/projects), so there is no flag to judge the references against; every Unleash server has at least its default project, so this token may not see them\n',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });
});

// Potentially stale is the server's rule: older than the expected lifetime of the flag's type,
// from GET /api/admin/feature-types. Every flag's type is in that list on a real server; a type
// the list lacks would read as "never expires", and a gate on potentially stale flags would pass.
describe('a flag whose type the server does not list', () => {
  const MESSAGE =
    'flagctl: flag "old-flag" has type "release", which the server\'s flag types (GET /api/admin/feature-types) do not list: its expected lifetime, and so whether it is potentially stale, cannot be told\n';

  it('refs --fail-on potentially-stale exits 1, not 0', async () => {
    for (const types of [[], [{ id: 'experiment', lifetimeDays: 40 }]]) {
      server.json('/api/admin/projects', { projects: [{ id: 'default' }] });
      server.json('/api/admin/projects/default/features', {
        version: 2,
        features: [
          { name: 'old-flag', type: 'release', stale: false, createdAt: '2020-01-01T00:00:00.000Z', environments: [] },
        ],
      });
      server.json('/api/admin/feature-types', { types });
      server.json(SEARCH_PATH, { features: [], total: 0 });
      const r = await runCli(['refs', join(dir, 'src'), '--fail-on', 'potentially-stale'], { env: env() });
      expect(r.stderr).toBe(MESSAGE);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      server.reset();
    }
  });

  it('retire plan --fail-on archive exits 1, not 0 with "No candidates"', async () => {
    server.json('/api/admin/feature-types', { types: [] }); // before the fixture's own answer
    serveCleanup(server, [{ name: 'old-flag', createdAt: iso(400) }]);
    serveProjects(server);
    const r = await runCli(['retire', 'plan', join(dir, 'src'), '--fail-on', 'archive'], { env: env() });
    expect(r.stderr).toBe(MESSAGE);
    expect(r.code).toBe(1);
  });
});
