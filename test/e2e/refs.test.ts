import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminGet, flagctl, target } from './cli.js';
import { byPlace, makeTree, oracle, sarifValidator, TREE_FLAGS } from '../unit/refs-tree.js';

// `flagctl refs` against real servers, over the fixture tree written to a temporary directory.
// The seed's flags in the tree: new-checkout-flow (active), legacy-search_v1 (marked stale)
// and old-onboarding~2019 (archived). `new-checkout`, also in the tree, is no flag there.
//
// Potentially stale: the server marks a flag so when it is older than its type's expected
// lifetime (at least a day), and the seed has none. Both versions accept `createdAt` when a flag
// is created (checked by hand: a release created "2020-01-01" is listed by search's
// state=IS:potentially-stale within the minute, and refs reports it and exits 3 with --fail-on
// potentially-stale), but such a seed flag would change what `features stale` and `features
// search` expect of the shared servers, and this file must not add flags while they run. So that
// state is covered by the unit tests (test/unit/refs-command.test.ts), and here --fail-on
// potentially-stale passes on a tree that references none.

const { dir } = makeTree({ git: true });
afterAll(() => rmSync(dirname(dir), { recursive: true, force: true }));
const SEEDED = [TREE_FLAGS.active, TREE_FLAGS.stale, TREE_FLAGS.archived];
const expected = oracle(dir, SEEDED, (f) => f.startsWith('bin/') || f.startsWith('ignored/') || f.endsWith('.log')).sort(byPlace);

interface Ref {
  flag: string;
  project: string;
  state: string;
  archived: boolean;
  lifecycle: string | null;
  file: string;
  line: number;
  column: number;
  text: string;
}
interface Row {
  flag: string;
  state: string;
  archived: boolean;
  references: number;
  files: number;
  lifecycle: string | null;
  verdict: string;
}

const places = (refs: Ref[]) => refs.map((r) => ({ flag: r.flag, file: r.file.slice(dir.length + 1), line: r.line, column: r.column })).sort(byPlace);

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const refs = (args: string[], extra: Record<string, string> = {}) => flagctl(['refs', ...args], { ...env, ...extra });

  describe(`refs on Unleash ${server.pkg}`, () => {
    it('finds exactly the references to the seeded flags, with their state, archived mark and lifecycle', async () => {
      const r = await refs([dir, '-o', 'ndjson']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const got = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Ref);
      expect(expected).toHaveLength(16);
      expect(places(got)).toEqual(expected);
      const doc = (await adminGet(server, `/api/admin/projects/default/features/${TREE_FLAGS.stale}`)) as { lifecycle?: { stage: string } };
      for (const ref of got) {
        expect(ref.project).toBe('default');
        if (ref.flag === TREE_FLAGS.stale) expect(ref).toMatchObject({ state: 'stale', archived: false, lifecycle: doc.lifecycle?.stage ?? null });
        if (ref.flag === TREE_FLAGS.archived) expect(ref).toMatchObject({ state: 'active', archived: true, lifecycle: 'archived' });
        if (ref.flag === TREE_FLAGS.active) expect(ref).toMatchObject({ state: 'active', archived: false });
      }
    });

    it('--summary: the verdicts', async () => {
      const r = await refs([dir, '--summary', '-o', 'json']);
      expect(r.code).toBe(0);
      const rows = JSON.parse(r.stdout) as Row[];
      const verdict = (flag: string) => rows.find((x) => x.flag === flag)?.verdict;
      expect(verdict(TREE_FLAGS.stale)).toBe('remove-code');
      expect(verdict(TREE_FLAGS.archived)).toBe('restore-or-remove');
      expect(verdict(TREE_FLAGS.active)).toBe('keep');
      for (const name of server.seed.stale.filter((n) => n !== TREE_FLAGS.stale)) expect(verdict(name), name).toBe('archive');
      for (const name of server.seed.archived.filter((n) => n !== TREE_FLAGS.archived)) expect(verdict(name), name).toBe('keep');
      // Every stale flag, every archived one, and the one referenced active flag; nothing else.
      expect(rows).toHaveLength(server.seed.stale.length + server.seed.archived.length + 1);
      expect(rows.find((x) => x.flag === TREE_FLAGS.stale)).toMatchObject({ references: 7, files: 6 });
      expect(rows.find((x) => x.flag === TREE_FLAGS.archived)).toMatchObject({ references: 3, files: 3, archived: true });
      expect(rows.every((x) => typeof x.lifecycle === 'string')).toBe(true);
      const all = JSON.parse((await refs([dir, '--summary', '--all-flags', '-o', 'json'])).stdout) as Row[];
      expect(all).toHaveLength(server.seed.total + server.seed.archived.length);
    });

    it('--fail-on: exit 3 on stale and archived references; potentially stale has none here', async () => {
      const stale = await refs([dir, '--fail-on', 'stale', '-o', 'ndjson']);
      expect(stale.code).toBe(3);
      expect(stale.stderr).toBe('flagctl: 7 references to flags that are stale (--fail-on)\n');
      expect(stale.stdout.trim().split('\n')).toHaveLength(16);
      const archived = await refs([dir, '--fail-on', 'archived', '-o', 'ndjson']);
      expect(archived.code).toBe(3);
      expect(archived.stderr).toBe('flagctl: 3 references to flags that are archived (--fail-on)\n');
      expect((await refs([dir, '--fail-on', 'potentially-stale', '-o', 'ndjson'])).code).toBe(0);
      expect((await refs([dir, '-o', 'ndjson'])).code).toBe(0);
      expect((await refs([join(dir, 'go'), '--fail-on', 'stale,archived'])).code).toBe(0);
    });

    it('-o github: one warning per reference to a stale or archived flag, at its place; a step summary', async () => {
      const summary = join(dirname(dir), `summary-${server.version}.md`);
      writeFileSync(summary, '');
      const r = await refs([dir, '-o', 'github'], { GITHUB_STEP_SUMMARY: summary });
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split('\n');
      const flagged = expected.filter((e) => e.flag !== TREE_FLAGS.active);
      expect(lines).toHaveLength(flagged.length);
      for (const e of flagged) {
        const title = e.flag === TREE_FLAGS.stale ? 'Stale flag%3A legacy-search_v1' : 'Archived flag%3A old-onboarding~2019';
        const prefix = `::warning file=${dir}/${e.file.replace(/:/g, '%3A').replace(/,/g, '%2C')},line=${e.line},col=${e.column},title=${title}::${e.flag} (project default, lifecycle `;
        expect(lines.filter((l) => l.startsWith(prefix)), `${e.file}:${e.line}:${e.column}`).toHaveLength(1);
      }
      const md = readFileSync(summary, 'utf8');
      expect(md).toContain('### Feature flag references');
      expect(md).toMatch(/\| legacy-search\\_v1 \| stale \| [a-z-]+ \| false \| 7 \| 6 \| {2}\| remove-code \|/);
    });

    it('-o sarif: valid SARIF 2.1.0 with a result per stale or archived reference', async () => {
      const r = await refs([dir, '-o', 'sarif']);
      expect(r.code).toBe(0);
      const log = JSON.parse(r.stdout);
      const validate = sarifValidator();
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      expect(log.runs[0].results).toHaveLength(10);
      expect(new Set(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId))).toEqual(new Set(['flagctl/stale-flag', 'flagctl/archived-flag']));
    });

    it('bad input exits 2 before any request; a refused token exits 4, never 3', async () => {
      const missing = await refs([join(dir, 'nope'), '--fail-on', 'stale']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(`flagctl: path "${join(dir, 'nope')}" does not exist; give files or directories to search\n`);
      expect((await refs([dir, '--fail-on', 'old'])).code).toBe(2);
      expect((await refs([dir, '--delimiters', ''])).code).toBe(2);
      const refused = await flagctl(['refs', dir, '--fail-on', 'stale'], target(server, server.narrowToken));
      expect(refused.code).toBe(4);
    });
  });
}
