import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { flagctl, target } from './cli.js';

// A mistyped --project on real servers. Search and /projects/{id}/features answer an unknown
// project with 200 and nothing, so without flagctl's own check (GET /api/admin/projects) every
// one of these exited 0: a gate passed on a typo. The open-source server has one project.

const tree = mkdtempSync(join(tmpdir(), 'flagctl-e2e-project-'));
writeFileSync(join(tree, 'app.ts'), `if (unleash.isEnabled('${SEED.staleFeature}')) {}\n`);
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const MESSAGE = 'flagctl: no project "defualt" on this server (--project); it has: default\n';

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);

  describe(`a mistyped --project on Unleash ${server.pkg}`, () => {
    it('the server itself answers it as empty, not as missing', async () => {
      const res = await fetch(`${server.url}/api/admin/search/features?project=IS:defualt&state=IS:stale`, {
        headers: { authorization: server.adminToken },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { features: unknown[] }).features).toEqual([]);
      const list = await fetch(`${server.url}/api/admin/projects`, { headers: { authorization: server.adminToken } });
      expect(((await list.json()) as { projects: { id: string }[] }).projects.map((p) => p.id)).toEqual(['default']);
    });

    it("the project's environments tell it where the project list cannot be read: none visible for an unknown project", async () => {
      // What the kit reads when a token may not list projects (cli/context.ts).
      const visible = async (id: string) => {
        const res = await fetch(`${server.url}/api/admin/environments/project/${id}`, {
          headers: { authorization: server.adminToken },
        });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { environments: { name: string; enabled?: boolean; visible?: boolean }[] };
        return body.environments.filter((e) => e.visible !== false && e.enabled !== false).map((e) => e.name);
      };
      expect(await visible('defualt')).toEqual([]);
      expect((await visible('default')).length).toBeGreaterThan(0);
    });

    it.each([
      ['features stale', ['features', 'stale', '--project', 'defualt']],
      ['features search', ['features', 'search', '--project', 'defualt']],
      ['refs --fail-on stale', ['refs', tree, '--project', 'defualt', '--fail-on', 'stale']],
      ['feature history', ['feature', 'history', SEED.fullFeature, '--project', 'defualt']],
      ['export', ['export', '--project', 'defualt']],
      ['evaluate', ['evaluate', '--all', '--project', 'defualt', '--env', 'production']],
      ['feature get', ['feature', 'get', SEED.fullFeature, '--project', 'defualt']],
    ])('%s exits 5 with the same message', async (_name, argv) => {
      const r = await flagctl(argv, env);
      expect(r.stderr).toBe(MESSAGE);
      expect(r.code).toBe(5);
      expect(r.stdout).toBe('');
    });

    it('insights is instance-wide: --project is refused as an unknown option (2), before any request', async () => {
      const r = await flagctl(['insights', '--project', 'defualt'], env);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("flagctl: unknown option '--project'\nSee `flagctl insights --help` for its options.\n");
    });

    it('the right project still works: refs --project default --fail-on stale exits 3', async () => {
      const r = await flagctl(['refs', tree, '--project', 'default', '--fail-on', 'stale', '-o', 'ndjson'], env);
      expect(r.code).toBe(3);
      expect(r.stdout).toContain(SEED.staleFeature);
    });
  });
}
