import { describe, expect, inject, it } from 'vitest';
import { adminGet, flagctl, target } from './cli.js';

// `projects list` and `environments list` (issue 35 item 3) against the real servers: the same
// projects and environments the admin API lists, in every format the framework gives; and the
// other number of a noun (`project list`, `features get`) is taken.

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  describe(`lists on Unleash ${server.pkg}`, () => {
    it('projects list: ids as the server lists them, piped, json, ndjson, csv and markdown', async () => {
      const truth = ((await adminGet(server, '/api/admin/projects')) as { projects: { id: string; name: string }[] })
        .projects;
      const ids = await flagctl(['projects', 'list', '--columns', 'id', '--no-headers'], env);
      expect(ids.code, ids.stderr).toBe(0);
      expect(ids.stdout).toBe(truth.map((p) => `${p.id}\n`).join(''));
      const json = await flagctl(['projects', 'list', '-o', 'json'], env);
      expect(
        (JSON.parse(json.stdout) as { projects: { id: string; name: string }[] }).projects.map((p) => [p.id, p.name]),
      ).toEqual(truth.map((p) => [p.id, p.name]));
      const nd = await flagctl(['projects', 'list', '-o', 'ndjson'], env);
      expect(
        nd.stdout
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { id: string }).id),
      ).toEqual(truth.map((p) => p.id));
      const csv = await flagctl(['project', 'list', '-o', 'csv', '--columns', 'id,name'], env);
      expect(csv.stdout).toBe(['id,name', ...truth.map((p) => `${p.id},${p.name}`), ''].join('\r\n'));
      const md = await flagctl(['projects', 'list', '-o', 'markdown', '--columns', 'id'], env);
      expect(md.stdout).toBe(['| id |', '| --- |', ...truth.map((p) => `| ${p.id} |`), ''].join('\n'));
    });

    it('environments list: names, types and enabled as the server lists them', async () => {
      const truth = (
        (await adminGet(server, '/api/admin/environments')) as {
          environments: { name: string; type: string; enabled: boolean }[];
        }
      ).environments;
      const r = await flagctl(['environments', 'list', '--columns', 'name,type,enabled'], env);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(
        ['NAME\tTYPE\tENABLED', ...truth.map((e) => `${e.name}\t${e.type}\t${e.enabled}`), ''].join('\n'),
      );
      expect(truth.map((e) => e.name)).toEqual(expect.arrayContaining(['development', 'production']));
      const json = await flagctl(['environment', 'list', '-o', 'json'], env);
      expect((JSON.parse(json.stdout) as { environments: { name: string }[] }).environments.map((e) => e.name)).toEqual(
        truth.map((e) => e.name),
      );
    });

    it('features get is feature get on a real server', async () => {
      const r = await flagctl(['features', 'get', 'new-checkout-flow', '-o', 'json'], env);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { name: string }).name).toBe('new-checkout-flow');
    });
  });
}
