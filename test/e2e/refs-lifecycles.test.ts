import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminGet, deleteFlag, flagctl, runtimeName, target } from './cli.js';

// refs' lifecycles are what the flags' own documents say (refs reads each flag's stage rows,
// GET …/features/{name}/lifecycle, and takes the furthest, as the document does), on both
// servers, and why search pages cannot stand in for them: search reports a flag's latest lifecycle row by
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

  const stages = async (name: string) =>
    ((await adminGet(server, `${F}/${encodeURIComponent(name)}/lifecycle`)) as Stage[]).map((r) => r.stage);
  const until = async (ok: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 240; i++) {
      if (await ok()) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`not reached in 60 s: ${what}`);
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

        // retire plan finds it too, though search's lifecycle=IS:completed does not return it:
        // the project's history names it, its stage rows confirm it.
        const plan = await flagctl(['retire', 'plan', tree, '-o', 'json'], env);
        expect(plan.code, plan.stderr).toBe(0);
        const planned = (JSON.parse(plan.stdout) as { flags: { name: string; lifecycle: unknown; verdict: string }[] })
          .flags;
        expect(planned.find((x) => x.name === name)).toMatchObject({
          lifecycle: { stage: 'completed', status: 'kept' },
          verdict: 'remove-code',
        });
      } finally {
        for (const name of made) {
          await deleteFlag(server, name).catch(() => undefined);
        }
      }
    });

    it(
      "every flag refs shows has its document's lifecycle (uncompleted, revived, seen by an SDK), read once each from its stage rows",
      { timeout: 180_000 },
      async () => {
        const stamp = Date.now();
        const uncompleted = runtimeName(`refs-lc-uncompleted-${stamp}`);
        const revived = runtimeName(`refs-lc-revived-${stamp}`);
        const seen = runtimeName(`refs-lc-seen-${stamp}`);
        const completed = runtimeName(`refs-lc-completed-${stamp}`);
        const made = [uncompleted, revived, seen, completed];
        try {
          for (const name of made) await admin('POST', F, { name, type: 'release' });
          for (const name of made) await rowsOf(name);
          await admin('POST', `${F}/${uncompleted}/lifecycle/complete`, { status: 'kept' });
          await admin('POST', `${F}/${uncompleted}/lifecycle/uncomplete`);
          await admin('POST', `${F}/${completed}/lifecycle/complete`, { status: 'discarded' });
          // Revived: every stage row is deleted and 'initial' written again once the revive is announced.
          await admin('POST', `${F}/${revived}/lifecycle/complete`, { status: 'kept' });
          await admin('POST', '/api/admin/projects/default/archive', { features: [revived] });
          await until(async () => (await stages(revived)).includes('archived'), `${revived}: archived`);
          await admin('POST', '/api/admin/projects/default/revive', { features: [revived] });
          await until(async () => {
            const s = await stages(revived);
            return s.length === 1 && s[0] === 'initial';
          }, `${revived}: only 'initial' after the revive`);
          // Seen: SDK metrics in development write 'pre-live' (a job, within seconds).
          const client = await fetch(`${server.url}/api/admin/api-tokens`, {
            method: 'POST',
            headers: { authorization: server.adminToken, 'content-type': 'application/json' },
            body: JSON.stringify({
              type: 'client',
              environment: 'development',
              projects: ['*'],
              tokenName: `lc-${stamp}`,
            }),
          });
          expect(client.ok).toBe(true);
          const secret = ((await client.json()) as { secret: string }).secret;
          const at = new Date().toISOString();
          const sent = await fetch(`${server.url}/api/client/metrics`, {
            method: 'POST',
            headers: { authorization: secret, 'content-type': 'application/json' },
            body: JSON.stringify({
              appName: 'refs-lifecycles-e2e',
              instanceId: 'e2e',
              bucket: { start: at, stop: at, toggles: { [seen]: { yes: 3, no: 1 } } },
            }),
          });
          expect(sent.ok).toBe(true);
          await until(async () => (await stages(seen)).includes('pre-live'), `${seen}: pre-live`);

          const tree = join(root, `${server.version}-kinds`);
          rmSync(tree, { recursive: true, force: true });
          mkdirSync(tree, { recursive: true });
          writeFileSync(join(tree, 'a.ts'), made.map((n) => `isEnabled("${n}");\n`).join(''));
          const r = await flagctl(['refs', tree, '-o', 'json', '--debug'], env);
          expect(r.code, r.stderr).toBe(0);
          const out = JSON.parse(r.stdout) as { references: Row[]; flags: Row[] };
          const want = new Map<string, string | null>();
          for (const name of made) want.set(name, (await document(name))?.stage ?? null);
          expect([...want]).toEqual([
            [uncompleted, 'initial'],
            [revived, 'initial'],
            [seen, 'pre-live'],
            [completed, 'completed'],
          ]);
          expect(out.references.map((x) => [x.name, x.lifecycle])).toEqual([...want]);
          expect(out.flags.find((x) => x.name === completed)).toMatchObject({
            lifecycle: 'completed',
            keepBranch: 'disabled',
          });

          // The requests: the listing (projects, types, the default project's flags, the
          // archived search's pages) and one read of the stage rows per active flag the output
          // shows, no document, no other search.
          const gets = r.stderr
            .split('\n')
            .map((l) => /^debug: GET (\S+) ->/.exec(l)?.[1])
            .filter((u): u is string => u !== undefined)
            .map((u) => new URL(u));
          const lifecycleReads = gets.filter((u) => u.pathname.endsWith('/lifecycle')).map((u) => u.pathname);
          const active = out.flags.filter((x) => !x.archived);
          expect(lifecycleReads.sort()).toEqual(
            active.map((x) => `${F}/${encodeURIComponent(x.name)}/lifecycle`).sort(),
          );
          const rest = gets.filter((u) => !u.pathname.endsWith('/lifecycle'));
          const searches = rest.filter((u) => u.pathname === '/api/admin/search/features');
          expect(searches.every((u) => u.searchParams.get('archived') === 'IS:true')).toBe(true);
          expect(
            rest
              .filter((u) => u.pathname !== '/api/admin/search/features')
              .map((u) => u.pathname)
              .sort(),
          ).toEqual(['/api/admin/feature-types', '/api/admin/projects', F].sort());
          // Every flag row's lifecycle is its document's.
          for (const x of active)
            expect([x.name, x.lifecycle]).toEqual([x.name, (await document(x.name))?.stage ?? null]);
        } finally {
          for (const name of made) await deleteFlag(server, name).catch(() => undefined);
        }
      },
    );
  });
}
