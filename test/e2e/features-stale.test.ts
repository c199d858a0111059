import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { flagctl, target } from './cli.js';
import { namesOf, ndjson, serverSearch } from './search-support.js';

// `features stale` against real servers: the gate lists what the server holds as stale or
// potentially stale, exits 3 on the seeded ones (the flags marked stale, and
// SEED.potentiallyStaleFeature, a release created in 2020) and 0 where there are none.
//
// "A project with none": the open-source server has only project `default`, so the stand-ins
// are `--type kill-switch` (no kill-switch flag is stale in the seed) and `--project !default`
// (every other project: none). A project that does not exist exits 5 (project-check.test.ts).

const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-stale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STALE_STATE: [string, string] = ['state', 'IS_ANY_OF:stale,potentially-stale'];
/** The reason `features stale` gives for a flag that is potentially stale (src/commands/features/stale/run.ts). */
const OLD_RELEASE = 'potentially stale: older than the expected lifetime of its type (release)';

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const stale = (args: string[], extra: Record<string, string> = {}) =>
    flagctl(['features', 'stale', ...args], { ...env, ...extra });

  const expectedNames = [...server.seed.stale, ...server.seed.potentiallyStale].sort();
  const count = expectedNames.length;

  describe(`features stale on Unleash ${server.pkg}`, () => {
    it('lists every stale and potentially stale flag the server holds, with a reason; a list (exit 0), and with --max 0 a gate (exit 3)', async () => {
      expect(server.seed.potentiallyStale).toEqual([SEED.potentiallyStaleFeature]);
      const expected = await serverSearch(server, [STALE_STATE]);
      expect(namesOf(expected.features).sort()).toEqual(expectedNames);
      expect((await stale(['-o', 'ndjson'])).code).toBe(0);
      const r = await stale(['-o', 'ndjson', '--max', '0']);
      expect(r.code).toBe(3);
      const got = ndjson(r.stdout) as (ReturnType<typeof ndjson>[number] & { reason: string })[];
      expect(namesOf(got)).toEqual(namesOf(expected.features));
      expect(namesOf(got)).toContain(SEED.staleFeature);
      expect(namesOf(got)).toContain(SEED.potentiallyStaleFeature);
      for (const f of got)
        expect(f.reason, f.name).toBe(server.seed.potentiallyStale.includes(f.name) ? OLD_RELEASE : 'marked stale');
      expect(got.find((f) => f.name === SEED.potentiallyStaleFeature)).toMatchObject({
        stale: false,
        type: 'release',
        createdAt: SEED.potentiallyStaleCreatedAt,
      });
      expect(r.stderr).toBe(`flagctl: ${count} stale flags, more than the 0 allowed (--max)\n`);
    });

    it('the table has a reason column', async () => {
      const r = await stale(['--type', 'release']);
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines[0]).toBe('NAME\tTYPE\tPROJECT\tREASON\tCREATEDAT');
      // The release flags: legacy-banner_2020 (potentially stale) and legacy-search_v1 (marked stale).
      expect(
        lines
          .slice(1)
          .map((l) => l.split('\t').slice(0, 4))
          .sort(),
      ).toEqual([
        [SEED.potentiallyStaleFeature, 'release', 'default', OLD_RELEASE],
        [SEED.staleFeature, 'release', 'default', 'marked stale'],
      ]);
    });

    it('exits 0 where there are none: --type kill-switch, --project !default', async () => {
      for (const args of [
        ['--type', 'kill-switch'],
        ['--project', '!default'],
      ]) {
        const expected = await serverSearch(server, [
          STALE_STATE,
          args[0] === '--type' ? ['type', 'IS:kill-switch'] : ['project', 'IS_NOT:default'],
        ]);
        expect(expected.total).toBe(0);
        const r = await stale([...args, '-o', 'json']);
        expect(r.code, args.join(' ')).toBe(0);
        expect(JSON.parse(r.stdout)).toEqual({ features: [], total: 0 });
      }
    });

    it('--max N allows N', async () => {
      expect((await stale(['--max', String(count)])).code).toBe(0);
      expect((await stale(['--max', String(count - 1)])).code).toBe(3);
    });

    it("-o github: a warning annotation per flag up to GitHub's 10 a step, and every flag in the step summary", async () => {
      const summary = join(dir, `summary-${server.version}.md`);
      writeFileSync(summary, '');
      const r = await stale(['-o', 'github', '--max', '0'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
      expect(r.code).toBe(3);
      const lines = r.stdout.trim().split('\n');
      // GitHub shows a step's first 10 warnings: the rest are named on stderr and listed in the summary.
      const shown = Math.min(count, 10);
      expect(lines).toHaveLength(shown);
      if (count > shown)
        expect(r.stderr).toContain(
          `flagctl: ${count - shown} more finding${count - shown === 1 ? '' : 's'} not annotated (GitHub shows 10 warnings a step); they are listed in the job summary`,
        );
      for (const line of lines)
        expect(line).toMatch(
          new RegExp(
            `^::warning title=Stale flag%3A [^:,]+::\\S+ \\((release|permission), project default\\): (marked stale|${OLD_RELEASE.replace(/[()]/g, '\\$&')})$`,
          ),
        );
      const md = readFileSync(summary, 'utf8');
      expect(md).toContain('### Stale feature flags');
      expect(md).toContain('| name | type | project | reason | createdAt |');
      expect(md).toContain(`${count} stale flags, more than the 0 allowed (--max).`);
      // The summary's table of every flag (the table of what was not annotated comes after it).
      const table = md.split('| name | type | project | reason | createdAt |')[1]!.split('\n\n')[0]!;
      const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
      expect(rows).toHaveLength(count);
      expect(rows.filter((l) => l.includes('marked stale'))).toHaveLength(server.seed.stale.length);
      expect(rows.filter((l) => l.includes(OLD_RELEASE))).toHaveLength(server.seed.potentiallyStale.length);
      if (count > shown)
        expect(md).toContain(`${count - shown} more ${count - shown === 1 ? 'is' : 'are'} listed here`);
    });

    it('a failed request is exit 4 or 1, never 3', async () => {
      expect((await flagctl(['features', 'stale'], target(server, server.narrowToken))).code).toBe(4);
      expect(
        (
          await flagctl(
            ['features', 'stale', '--timeout', '2', '--retries', '0'],
            target({ url: 'http://127.0.0.1:9' }, server.adminToken),
          )
        ).code,
      ).toBe(1);
    });
  });
}
