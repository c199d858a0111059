import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminGet, deleteFlag, flagctl, target } from './cli.js';
import { SEED } from './harness/seed.mjs';
import { byPlace, makeTree, oracle, sarifValidator, TREE_FLAGS } from '../support/refs-tree.js';
import type { Reference } from '../../src/refs/model.js';

// `flagctl refs` against real servers, over the fixture tree written to a temporary directory.
// The seed's flags in the tree: new-checkout-flow (active), legacy-search_v1 (marked stale),
// legacy-banner_2020 (potentially stale: created in 2020, and the seed waits until the server
// lists it so) and old-onboarding~2019 (archived). `new-checkout`, also in the tree, is no flag there.

const { dir } = makeTree({ git: true });
afterAll(() => rmSync(dirname(dir), { recursive: true, force: true }));
const SEEDED = [TREE_FLAGS.active, TREE_FLAGS.stale, TREE_FLAGS.potentiallyStale, TREE_FLAGS.archived];
const expected = oracle(
  dir,
  SEEDED,
  (f) => f.startsWith('bin/') || f.startsWith('ignored/') || f.endsWith('.log'),
).sort(byPlace);

type Ref = Reference;
/** The tree's four links (not followed) and bin/huge.txt, over the default cap: said on stderr, and not a failure (both are rules). */
const HUGE =
  `flagctl: not read: 4 symbolic links not followed (${dir}/loop, ${dir}/out, ${dir}/src/link-to-checkout.ts, …); ` +
  `1 over 1024 KiB (${dir}/bin/huge.txt; raise --max-file-kb to read it)\n`;
interface Row {
  name: string;
  state: string;
  archived: boolean;
  references: number;
  files: number;
  lifecycle: string | null;
  verdict: string;
}

const places = (refs: Ref[]) =>
  refs.map((r) => ({ flag: r.name, file: r.file.slice(dir.length + 1), line: r.line, column: r.column })).sort(byPlace);

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const refs = (args: string[], extra: Record<string, string> = {}) => flagctl(['refs', ...args], { ...env, ...extra });

  describe(`refs on Unleash ${server.pkg}`, () => {
    it('the tree and the seed agree on the potentially stale flag', () => {
      expect(TREE_FLAGS.potentiallyStale).toBe(SEED.potentiallyStaleFeature);
      expect(server.seed.potentiallyStale).toEqual([TREE_FLAGS.potentiallyStale]);
    });

    it('finds exactly the references to the seeded flags, with their state, archived mark and lifecycle', async () => {
      const r = await refs([dir, '-o', 'ndjson']);
      expect(r.stderr).toBe(HUGE);
      expect(r.code).toBe(0);
      const got = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Ref);
      expect(expected).toHaveLength(19);
      expect(expected.filter((e) => e.flag === TREE_FLAGS.potentiallyStale)).toHaveLength(3);
      expect(places(got)).toEqual(expected);
      const stage = async (name: string) =>
        (
          (await adminGet(server, `/api/admin/projects/default/features/${encodeURIComponent(name)}`)) as {
            lifecycle?: { stage: string };
          }
        ).lifecycle?.stage ?? null;
      const staleStage = await stage(TREE_FLAGS.stale);
      const oldStage = await stage(TREE_FLAGS.potentiallyStale);
      for (const ref of got) {
        expect(ref.project).toBe('default');
        if (ref.name === TREE_FLAGS.stale)
          expect(ref).toMatchObject({ state: 'stale', archived: false, lifecycle: staleStage });
        if (ref.name === TREE_FLAGS.potentiallyStale)
          expect(ref).toMatchObject({ state: 'potentially-stale', archived: false, lifecycle: oldStage });
        if (ref.name === TREE_FLAGS.archived)
          expect(ref).toMatchObject({ state: 'active', archived: true, lifecycle: 'archived' });
        if (ref.name === TREE_FLAGS.active) expect(ref).toMatchObject({ state: 'active', archived: false });
      }
    });

    it('--summary: the verdicts', async () => {
      const r = await refs([dir, '--summary', '-o', 'json']);
      expect(r.code).toBe(0);
      const rows = (JSON.parse(r.stdout) as { flags: Row[] }).flags;
      const verdict = (flag: string) => rows.find((x) => x.name === flag)?.verdict;
      expect(verdict(TREE_FLAGS.stale)).toBe('remove-code');
      expect(verdict(TREE_FLAGS.potentiallyStale)).toBe('remove-code');
      expect(verdict(TREE_FLAGS.archived)).toBe('restore-or-remove');
      expect(verdict(TREE_FLAGS.active)).toBe('keep');
      for (const name of server.seed.stale.filter((n) => n !== TREE_FLAGS.stale))
        expect(verdict(name), name).toBe('archive');
      for (const name of server.seed.archived.filter((n) => n !== TREE_FLAGS.archived))
        expect(verdict(name), name).toBe('keep');
      // Every stale or potentially stale flag, every archived one, and the one referenced active flag; nothing else.
      expect(rows).toHaveLength(
        server.seed.stale.length + server.seed.potentiallyStale.length + server.seed.archived.length + 1,
      );
      expect(rows.filter((x) => x.state === 'potentially-stale').map((x) => x.name)).toEqual(
        server.seed.potentiallyStale,
      );
      expect(rows.find((x) => x.name === TREE_FLAGS.stale)).toMatchObject({ references: 7, files: 6 });
      expect(rows.find((x) => x.name === TREE_FLAGS.potentiallyStale)).toMatchObject({
        state: 'potentially-stale',
        references: 3,
        files: 2,
        archived: false,
      });
      expect(rows.find((x) => x.name === TREE_FLAGS.archived)).toMatchObject({
        references: 3,
        files: 3,
        archived: true,
      });
      expect(rows.every((x) => typeof x.lifecycle === 'string')).toBe(true);
      const all = (JSON.parse((await refs([dir, '--summary', '--all-flags', '-o', 'json'])).stdout) as { flags: Row[] })
        .flags;
      expect(all).toHaveLength(server.seed.total + server.seed.archived.length);
    });

    it('--fail-on: exit 3 on stale, potentially stale and archived references', async () => {
      const stale = await refs([dir, '--fail-on', 'stale', '-o', 'ndjson']);
      expect(stale.code).toBe(3);
      expect(stale.stderr).toBe(HUGE + 'flagctl: 7 references to flags that are stale (--fail-on)\n');
      expect(stale.stdout.trim().split('\n')).toHaveLength(19);
      const old = await refs([dir, '--fail-on', 'potentially-stale', '-o', 'ndjson']);
      expect(old.code).toBe(3);
      expect(old.stderr).toBe(HUGE + 'flagctl: 3 references to flags that are potentially-stale (--fail-on)\n');
      expect(old.stdout.trim().split('\n')).toHaveLength(19);
      const archived = await refs([dir, '--fail-on', 'archived', '-o', 'ndjson']);
      expect(archived.code).toBe(3);
      expect(archived.stderr).toBe(HUGE + 'flagctl: 3 references to flags that are archived (--fail-on)\n');
      expect((await refs([dir, '-o', 'ndjson'])).code).toBe(0);
      // java/ holds the stale and the potentially stale flag, no archived one.
      expect((await refs([join(dir, 'java'), '--fail-on', 'potentially-stale'])).code).toBe(3);
      expect((await refs([join(dir, 'java'), '--fail-on', 'archived'])).code).toBe(0);
      expect((await refs([join(dir, 'go'), '--fail-on', 'stale,potentially-stale,archived'])).code).toBe(0);
    });

    it('-o github: one warning per reference to a stale, potentially stale or archived flag, at its place; a step summary', async () => {
      const summary = join(dirname(dir), `summary-${server.version}.md`);
      writeFileSync(summary, '');
      const r = await refs([dir, '-o', 'github'], { GITHUB_STEP_SUMMARY: summary });
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split('\n');
      const flagged = expected.filter((e) => e.flag !== TREE_FLAGS.active);
      // GitHub shows a step's first 10 warnings: the rest are listed in the job summary.
      expect(lines).toHaveLength(Math.min(flagged.length, 10));
      const summaryText = readFileSync(summary, 'utf8');
      const esc = (x: string) => x.replace(/[\\`*_~[\]<>|&]/g, (c) => `\\${c}`);
      const words: Record<string, string> = {
        [TREE_FLAGS.stale]: 'is marked stale',
        [TREE_FLAGS.potentiallyStale]: 'is potentially stale',
        [TREE_FLAGS.archived]: 'is archived',
      };
      let listed = 0;
      for (const e of flagged) {
        const title = `${e.flag === TREE_FLAGS.archived ? 'Archived' : 'Stale'} flag%3A ${e.flag}`;
        const prefix = `::warning file=${dir}/${e.file.replace(/:/g, '%3A').replace(/,/g, '%2C')},line=${e.line},col=${e.column},title=${title}::${e.flag} (project default, lifecycle `;
        const found = lines.filter((l) => l.startsWith(prefix));
        if (found.length === 0 && summaryText.includes(`| ${esc(e.flag)} | ${esc(`${dir}/${e.file}`)} | ${e.line} |`)) {
          listed++;
          continue;
        }
        expect(found, `${e.file}:${e.line}:${e.column}`).toHaveLength(1);
        expect(found[0]).toMatch(new RegExp(`\\) ${words[e.flag]} and still referenced here$`));
      }
      expect(listed).toBe(Math.max(0, flagged.length - 10));
      const md = readFileSync(summary, 'utf8');
      expect(md).toContain('### Feature flag references');
      expect(md).toMatch(/\| legacy-search\\_v1 \| stale \| [a-z-]+ \| false \| 7 \| 6 \| - \| remove-code \|/);
      expect(md).toMatch(
        /\| legacy-banner\\_2020 \| potentially-stale \| [a-z-]+ \| false \| 3 \| 2 \| - \| remove-code \|/,
      );
    });

    it('-o sarif: valid SARIF 2.1.0 with a result per stale, potentially stale or archived reference', async () => {
      const r = await refs([dir, '-o', 'sarif']);
      expect(r.code).toBe(0);
      const log = JSON.parse(r.stdout);
      const validate = sarifValidator();
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      expect(log.runs[0].results).toHaveLength(13);
      expect(new Set(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId))).toEqual(
        new Set(['flagctl/stale-flag', 'flagctl/potentially-stale-flag', 'flagctl/archived-flag']),
      );
      const old = log.runs[0].results.filter(
        (x: { properties: { flag: string } }) => x.properties.flag === TREE_FLAGS.potentiallyStale,
      );
      expect(old).toHaveLength(3);
      for (const x of old)
        expect(x).toMatchObject({
          ruleId: 'flagctl/potentially-stale-flag',
          properties: { state: 'potentially-stale', archived: false },
        });
    });

    it('a completed flag: remove-code with the branch to keep, and --fail-on completed exits 3', async () => {
      // Flags of this test alone (the seed's counts stay as they are), removed at the end.
      const names = { kept: `refs-completed-kept-${Date.now()}`, discarded: `refs-completed-discarded-${Date.now()}` };
      const admin = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { authorization: server.adminToken, 'content-type': 'application/json', accept: 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
      };
      const tree = join(dirname(dir), `completed-${server.version}`);
      mkdirSync(tree, { recursive: true });
      writeFileSync(
        join(tree, 'a.ts'),
        `if (on("${names.kept}")) {}
if (on("${names.discarded}")) {}
if (on("${names.kept}")) {}
`,
      );
      try {
        for (const name of Object.values(names))
          await admin('POST', '/api/admin/projects/default/features', { name, type: 'release' });
        // Completed until it holds: the servers record a new flag's 'initial' stage
        // asynchronously, and a late 'initial' overwrites 'completed' under load (as in
        // retire.test.ts and the shared seed).
        for (const [status, name] of Object.entries(names)) {
          for (let i = 0; ; i++) {
            await admin('POST', `/api/admin/projects/default/features/${name}/lifecycle/complete`, { status });
            await new Promise((r) => setTimeout(r, 500));
            const doc = (await adminGet(server, `/api/admin/projects/default/features/${name}`)) as {
              lifecycle?: { stage?: string; status?: string };
            };
            if (doc.lifecycle?.stage === 'completed' && doc.lifecycle.status === status) break;
            if (i >= 20)
              throw new Error(`${name}: lifecycle ${JSON.stringify(doc.lifecycle)} after 20 tries to complete it`);
          }
        }
        const r = await refs([tree, '--summary', '-o', 'json']);
        expect(r.code).toBe(0);
        const rows = (JSON.parse(r.stdout) as { flags: (Row & { keepBranch: string | null })[] }).flags;
        expect(rows.map((x) => [x.name, x.lifecycle, x.verdict, x.keepBranch, x.references])).toEqual(
          expect.arrayContaining([
            [names.discarded, 'completed', 'remove-code', 'disabled', 1],
            [names.kept, 'completed', 'remove-code', 'enabled', 2],
          ]),
        );
        const gate = await refs([tree, '--fail-on', 'completed', '-o', 'ndjson']);
        expect(gate.code).toBe(3);
        expect(gate.stderr).toBe('flagctl: 3 references to flags that are completed (--fail-on)\n');
        expect((await refs([tree, '--fail-on', 'stale,archived'])).code).toBe(0);
      } finally {
        for (const name of Object.values(names)) {
          await deleteFlag(server, name).catch(() => undefined);
        }
      }
    });

    it('bad input exits 2 before any request; a refused token exits 4, never 3', async () => {
      const missing = await refs([join(dir, 'nope'), '--fail-on', 'stale']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(
        `flagctl: path "${join(dir, 'nope')}" does not exist; give files or directories to search\n`,
      );
      expect((await refs([dir, '--fail-on', 'old'])).code).toBe(2);
      expect((await refs([dir, '--delimiters', ''])).code).toBe(2);
      const refused = await flagctl(['refs', dir, '--fail-on', 'stale'], target(server, server.narrowToken));
      expect(refused.code).toBe(4);
    });
  });
}
