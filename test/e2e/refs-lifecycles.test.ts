import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminGet, deleteFlag, flagctl, runtimeName, target } from './cli.js';

// refs' lifecycles are the flags' own documents (GET …/features/{name}), on both servers, and
// why search pages cannot stand in for them: search reports a flag's latest lifecycle row by
// time, the document its furthest stage (archived, completed, live, pre-live, initial). A flag
// completed before the server wrote its 'initial' row (written when the creation event is
// announced, within a second) has 'initial' as its latest row: search says initial, the
// document completed.

const root = mkdtempSync(join(tmpdir(), 'flagctl-refs-lifecycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Stage {
  stage: string;
  enteredStageAt: string;
}
interface Row {
  name: string;
  project: string;
  archived: boolean;
  lifecycle: string | null;
  lifecycleStatus?: string | null;
}

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: server.adminToken, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  };
  const F = '/api/admin/projects/default/features';
  const document = async (name: string) =>
    ((await adminGet(server, `${F}/${encodeURIComponent(name)}`)) as { lifecycle?: { stage: string; status?: string } })
      .lifecycle ?? null;
  const searched = async (name: string) => {
    const page = (await adminGet(server, `/api/admin/search/features?query=${encodeURIComponent(name)}&limit=5`)) as {
      features: { name: string; lifecycle?: { stage: string } }[];
    };
    return page.features.find((f) => f.name === name)?.lifecycle?.stage ?? null;
  };
  /** The flag's stage rows, once its 'initial' row is written. */
  const rowsOf = async (name: string): Promise<Stage[]> => {
    for (let i = 0; i < 40; i++) {
      const rows = (await adminGet(server, `${F}/${encodeURIComponent(name)}/lifecycle`)) as Stage[];
      if (rows.some((r) => r.stage === 'initial')) return rows;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${name}: no 'initial' lifecycle row after 10 s`);
  };

  describe(`refs lifecycles on Unleash ${server.pkg}`, () => {
    it('a flag completed before its initial row: search says initial, the document and refs say completed', async () => {
      const made: string[] = [];
      try {
        // Completed right after creation, before the creation event is announced. Under load
        // the announcement can come first; then that flag is no evidence, and another is made.
        let raced: string | undefined;
        for (let attempt = 0; attempt < 5 && !raced; attempt++) {
          const name = runtimeName(`refs-lc-race-${attempt}-${Date.now()}`);
          made.push(name);
          await admin('POST', F, { name, type: 'release' });
          await admin('POST', `${F}/${name}/lifecycle/complete`, { status: 'kept' });
          const rows = await rowsOf(name);
          const at = (stage: string) => Date.parse(rows.find((r) => r.stage === stage)!.enteredStageAt);
          if (at('completed') < at('initial')) raced = name;
        }
        expect(raced, 'no flag was completed before its initial row in 5 tries').toBeDefined();
        const name = raced!;
        expect(await document(name)).toMatchObject({ stage: 'completed', status: 'kept' });
        expect(await searched(name)).toBe('initial');

        const tree = join(root, server.version);
        rmSync(tree, { recursive: true, force: true });
        mkdirSync(tree, { recursive: true });
        writeFileSync(join(tree, 'a.ts'), `if (isEnabled("${name}")) {}\n`);

        // -o json: the reference's lifecycle, and the flags after them.
        const json = await flagctl(['refs', tree, '-o', 'json'], env);
        expect(json.code, json.stderr).toBe(0);
        const out = JSON.parse(json.stdout) as { references: Row[]; flags: Row[] };
        expect(out.references.map((r) => [r.name, r.lifecycle])).toEqual([[name, 'completed']]);
        expect(out.flags.find((r) => r.name === name)).toMatchObject({
          lifecycle: 'completed',
          verdict: 'remove-code',
        });

        // Every active flag of the server (more than 200), over a tree naming none of them (so
        // no lifecycle was read for a reference during the scan): each is its document's.
        const none = join(root, `${server.version}-none`);
        mkdirSync(none, { recursive: true });
        writeFileSync(join(none, 'a.ts'), 'export {};\n');
        const all = await flagctl(['refs', none, '--summary', '--all-flags', '-o', 'json'], env);
        expect(all.code, all.stderr).toBe(0);
        const flags = (JSON.parse(all.stdout) as { flags: Row[] }).flags.filter((r) => !r.archived);
        expect(flags.length).toBeGreaterThan(200);
        const docs = new Map<string, string | null>();
        for (const f of flags) docs.set(f.name, (await document(f.name))?.stage ?? null);
        expect(flags.map((f) => [f.name, f.lifecycle])).toEqual(flags.map((f) => [f.name, docs.get(f.name)]));
        expect(docs.get(name)).toBe('completed');

        const gate = await flagctl(['refs', tree, '--fail-on', 'completed', '-o', 'ndjson'], env);
        expect(gate.code).toBe(3);
        expect(gate.stderr).toBe('flagctl: 1 reference to flags that are completed (--fail-on)\n');
      } finally {
        for (const name of made) {
          await deleteFlag(server, name).catch(() => undefined);
        }
      }
    });
  });
}
