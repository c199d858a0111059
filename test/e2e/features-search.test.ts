import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEED } from './harness/seed.mjs';
import { flagctl, target } from './cli.js';
import {
  flagctlWatching,
  namesOf,
  ndjson,
  personalToken,
  RecordingProxy,
  serverSearch,
  type SearchResultFlag,
} from './search-support.js';

// `features search` against real servers. Each filter runs through the CLI (--all, ndjson) and
// is compared with the server's own answer to the raw parameters (plain fetch), and with the
// predicate it stands for over the unfiltered set: the filter must narrow, and exactly.

type Raw = [string, string][];
/**
 * `DAY` in args and raw values stands for the UTC day the newest feature was created, `NEXT`
 * for the day after. The seed is created within minutes, except SEED.potentiallyStaleFeature
 * (created in 2020): before DAY matches that one, since NEXT matches none (both narrow),
 * and since the oldest feature's day keeps all (checked below).
 */
type Case = [label: string, args: string[], raw: Raw, predicate: (f: SearchResultFlag, day: string) => boolean];

const UNUSED_SEGMENT = 'search-unused-segment';
const hasTag = (f: SearchResultFlag, t: string) => (f.tags ?? []).some((x) => `${x.type}:${x.value}` === t);
const enabledIn = (f: SearchResultFlag, env: string) => f.environments.some((e) => e.name === env && e.enabled);
const text = (f: SearchResultFlag) => `${f.name} ${f.description ?? ''}`.toLowerCase();
const creator = (f: SearchResultFlag) => (f as SearchResultFlag & { createdBy?: { id: number } }).createdBy?.id;

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const search = (args: string[], e = env) => flagctl(['features', 'search', ...args], e);

  describe(`features search on Unleash ${server.pkg}`, () => {
    let all: SearchResultFlag[] = [];
    let newestDay = '';
    let oldestDay = '';
    // Potentially stale: the seed's list, which seed() waited for the server to agree with.
    const potentiallyStale = new Set(server.seed.potentiallyStale);
    const old = (f: SearchResultFlag) => potentiallyStale.has(f.name);
    beforeAll(async () => {
      const every = await serverSearch(server);
      all = every.features;
      expect(every.total).toBe(server.seed.total);
      const days = all.map((f) => f.createdAt).sort();
      newestDay = days.at(-1)!.slice(0, 10);
      oldestDay = days[0]!.slice(0, 10);
      expect(oldestDay).toBe(SEED.potentiallyStaleCreatedAt.slice(0, 10));
      expect(potentiallyStale.size).toBeGreaterThan(0);
      // A segment no feature uses, for the any-of cases: a name the server does not know exits 5.
      const segments = (await (
        await fetch(`${server.url}/api/admin/segments`, { headers: { authorization: server.adminToken } })
      ).json()) as { segments: { name: string }[] };
      if (!segments.segments.some((s) => s.name === UNUSED_SEGMENT)) {
        const res = await fetch(`${server.url}/api/admin/segments`, {
          method: 'POST',
          headers: { authorization: server.adminToken, 'content-type': 'application/json' },
          body: JSON.stringify({ name: UNUSED_SEGMENT, constraints: [] }),
        });
        expect(res.status).toBeLessThan(300);
      }
    });

    // The open-source server has one project: a --project naming another exits 5 (e2e/project-check).
    const cases: Case[] = [
      ['--query', ['--query', 'checkout'], [['query', 'checkout']], (f) => text(f).includes('checkout')],
      [
        '--query a,b (any)',
        ['--query', 'checkout,dashboard'],
        [['query', 'checkout,dashboard']],
        (f) => /checkout|dashboard/.test(text(f)),
      ],
      ['--project !default', ['--project', '!default'], [['project', 'IS_NOT:default']], () => false],
      ['--state stale', ['--state', 'stale'], [['state', 'IS:stale']], (f) => f.stale],
      ['--state !stale', ['--state', '!stale'], [['state', 'IS_NOT:stale']], (f) => !f.stale],
      ['--state active', ['--state', 'active'], [['state', 'IS:active']], (f) => !f.stale],
      [
        '--state potentially-stale (the old release, not marked stale)',
        ['--state', 'potentially-stale'],
        [['state', 'IS:potentially-stale']],
        (f) => !f.stale && old(f),
      ],
      [
        '--state !potentially-stale',
        ['--state', '!potentially-stale'],
        [['state', 'IS_NOT:potentially-stale']],
        (f) => f.stale || !old(f),
      ],
      [
        '--state stale,potentially-stale',
        ['--state', 'stale,potentially-stale'],
        [['state', 'IS_ANY_OF:stale,potentially-stale']],
        (f) => f.stale || old(f),
      ],
      [
        '--state !stale,potentially-stale',
        ['--state', '!stale,potentially-stale'],
        [['state', 'IS_NONE_OF:stale,potentially-stale']],
        (f) => !f.stale && !old(f),
      ],
      [
        '--state active,potentially-stale (active includes it)',
        ['--state', 'active,potentially-stale'],
        [['state', 'IS_ANY_OF:active,potentially-stale']],
        (f) => !f.stale,
      ],
      ['--state IS_NOT:', ['--state', 'IS_NOT:active'], [['state', 'IS_NOT:active']], (f) => f.stale],
      ['--type', ['--type', 'kill-switch'], [['type', 'IS:kill-switch']], (f) => f.type === 'kill-switch'],
      [
        '--type a,b',
        ['--type', 'release,experiment'],
        [['type', 'IS_ANY_OF:release,experiment']],
        (f) => ['release', 'experiment'].includes(f.type),
      ],
      ['--type !a', ['--type', '!release'], [['type', 'IS_NOT:release']], (f) => f.type !== 'release'],
      [
        '--type !a,b',
        ['--type', '!release,experiment'],
        [['type', 'IS_NONE_OF:release,experiment']],
        (f) => !['release', 'experiment'].includes(f.type),
      ],
      [
        '--type IS_ANY_OF:',
        ['--type', 'IS_ANY_OF:operational,permission'],
        [['type', 'IS_ANY_OF:operational,permission']],
        (f) => ['operational', 'permission'].includes(f.type),
      ],
      [
        '--created-by 1 (a user who created none)',
        ['--created-by', '1'],
        [['createdBy', 'IS:1']],
        (f) => creator(f) === 1,
      ],
      [
        '--created-by a,b',
        ['--created-by', '1,7'],
        [['createdBy', 'IS_ANY_OF:1,7']],
        (f) => [1, 7].includes(creator(f)!),
      ],
      [
        '--created-by !a,b',
        ['--created-by', '!-42,1'],
        [['createdBy', 'IS_NONE_OF:-42,1']],
        (f) => ![-42, 1].includes(creator(f)!),
      ],
      [
        '--created-by !-42 (not the API token user)',
        ['--created-by', '!-42'],
        [['createdBy', 'IS_NOT:-42']],
        (f) => creator(f) !== -42,
      ],
      [
        '--created-by IS_NONE_OF:',
        ['--created-by', 'IS_NONE_OF:-42,1'],
        [['createdBy', 'IS_NONE_OF:-42,1']],
        (f) => ![-42, 1].includes(creator(f)!),
      ],
      ['--tag', ['--tag', 'team:sre'], [['tag', 'INCLUDE:team:sre']], (f) => hasTag(f, 'team:sre')],
      [
        '--tag a,b (any)',
        ['--tag', 'team:sre,simple:checkout'],
        [['tag', 'INCLUDE_ANY_OF:team:sre,simple:checkout']],
        (f) => hasTag(f, 'team:sre') || hasTag(f, 'simple:checkout'),
      ],
      [
        '--tag a --tag b (all)',
        ['--tag', 'team:payments', '--tag', 'simple:checkout'],
        [['tag', 'INCLUDE_ALL_OF:team:payments,simple:checkout']],
        (f) => hasTag(f, 'team:payments') && hasTag(f, 'simple:checkout'),
      ],
      [
        '--tag !a',
        ['--tag', '!team:platform'],
        [['tag', 'DO_NOT_INCLUDE:team:platform']],
        (f) => !hasTag(f, 'team:platform'),
      ],
      [
        '--tag !a,b',
        ['--tag', '!team:platform,team:sre'],
        [['tag', 'EXCLUDE_IF_ANY_OF:team:platform,team:sre']],
        (f) => !hasTag(f, 'team:platform') && !hasTag(f, 'team:sre'),
      ],
      [
        '--tag !a --tag !b (none)',
        ['--tag', '!team:platform', '--tag', '!team:sre'],
        [['tag', 'EXCLUDE_IF_ANY_OF:team:platform,team:sre']],
        (f) => !hasTag(f, 'team:platform') && !hasTag(f, 'team:sre'),
      ],
      [
        '--tag EXCLUDE_ALL:',
        ['--tag', 'EXCLUDE_ALL:team:platform,simple:bulk'],
        [['tag', 'EXCLUDE_ALL:team:platform,simple:bulk']],
        (f) => !(hasTag(f, 'team:platform') && hasTag(f, 'simple:bulk')),
      ],
      [
        '--segment',
        ['--segment', SEED.segment],
        [['segment', `INCLUDE:${SEED.segment}`]],
        (f) => (f.segments ?? []).includes(SEED.segment),
      ],
      [
        '--segment !a',
        ['--segment', `!${SEED.segment}`],
        [['segment', `DO_NOT_INCLUDE:${SEED.segment}`]],
        (f) => !(f.segments ?? []).includes(SEED.segment),
      ],
      [
        '--segment a,b (any)',
        ['--segment', `${SEED.segment},${UNUSED_SEGMENT}`],
        [['segment', `INCLUDE_ANY_OF:${SEED.segment},${UNUSED_SEGMENT}`]],
        (f) => (f.segments ?? []).includes(SEED.segment),
      ],
      [
        '--segment !a,b',
        ['--segment', `!${SEED.segment},${UNUSED_SEGMENT}`],
        [['segment', `EXCLUDE_IF_ANY_OF:${SEED.segment},${UNUSED_SEGMENT}`]],
        (f) => !(f.segments ?? []).includes(SEED.segment),
      ],
      [
        '--segment INCLUDE_ANY_OF:',
        ['--segment', `INCLUDE_ANY_OF:${SEED.segment},${UNUSED_SEGMENT}`],
        [['segment', `INCLUDE_ANY_OF:${SEED.segment},${UNUSED_SEGMENT}`]],
        (f) => (f.segments ?? []).includes(SEED.segment),
      ],
      [
        '--status (one: must still reach the server as an array)',
        ['--status', 'production:enabled'],
        [['status', 'production:enabled']],
        (f) => enabledIn(f, 'production'),
      ],
      [
        '--status twice (any of)',
        ['--status', 'production:enabled', '--status', 'development:disabled'],
        [
          ['status', 'production:enabled'],
          ['status', 'development:disabled'],
        ],
        (f) => enabledIn(f, 'production') || !enabledIn(f, 'development'),
      ],
      [
        '--created-before',
        ['--created-before', 'DAY'],
        [['createdAt', 'IS_BEFORE:DAY']],
        (f, day) => f.createdAt.slice(0, 10) < day,
      ],
      [
        '--created-since',
        ['--created-since', 'NEXT'],
        [['createdAt', 'IS_ON_OR_AFTER:NEXT']],
        (f, day) => f.createdAt.slice(0, 10) > day,
      ],
      [
        '--created-at IS_BEFORE:',
        ['--created-at', 'IS_BEFORE:DAY'],
        [['createdAt', 'IS_BEFORE:DAY']],
        (f, day) => f.createdAt.slice(0, 10) < day,
      ],
    ];

    it.each(cases)('%s narrows exactly as the server and the predicate say', async (label, args, raw, predicate) => {
      const next = new Date(Date.parse(`${newestDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const day = (s: string) => s.replace('DAY', newestDay).replace('NEXT', next);
      const r = await search([...args.map(day), '--all', '-o', 'ndjson']);
      expect(r.code, `${label}: ${r.stderr}`).toBe(0);
      const got = ndjson(r.stdout);
      const expected = await serverSearch(
        server,
        raw.map(([k, v]) => [k, day(v)]),
      );
      expect(namesOf(got)).toEqual(namesOf(expected.features));
      expect(got.length).toBeLessThan(all.length);
      expect(namesOf(got).sort()).toEqual(namesOf(all.filter((f) => predicate(f, newestDay))).sort());
    });

    it('filters that keep everything here: --project default (one project), --created-by -42, the oldest day on', async () => {
      const next = new Date(Date.parse(`${newestDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      for (const args of [
        ['--project', 'default'],
        ['--created-by', '-42'],
        ['--created-since', oldestDay],
        ['--created-before', next],
      ]) {
        const r = await search([...args, '--limit', '0', '-o', 'json']);
        expect(JSON.parse(r.stdout).total, args.join(' ')).toBe(all.length);
      }
    });

    it.each(['name', 'type', 'stale', 'project', 'lastSeenAt', 'createdAt', 'environment:production'])(
      '--sort-by %s --sort-order desc gives the server order',
      async (field) => {
        const r = await search(['--sort-by', field, '--sort-order', 'desc', '--all', '-o', 'ndjson']);
        expect(r.code, r.stderr).toBe(0);
        const expected = await serverSearch(server, [
          ['sortBy', field],
          ['sortOrder', 'desc'],
        ]);
        expect(namesOf(ndjson(r.stdout))).toEqual(namesOf(expected.features));
        if (['name', 'type', 'stale', 'createdAt', 'environment:production'].includes(field)) {
          expect(namesOf(ndjson(r.stdout))).not.toEqual(namesOf(all));
        }
        if (field === 'environment:production') {
          const prod = all.filter((f) => enabledIn(f, 'production')).length;
          expect(
            ndjson(r.stdout)
              .slice(0, prod)
              .every((f) => enabledIn(f, 'production')),
          ).toBe(true);
        }
      },
    );

    it('--sort-order asc with --sort-by name sorts by name', async () => {
      const r = await search(['--sort-by', 'name', '--sort-order', 'asc', '--limit', '100', '-o', 'ndjson']);
      const got = namesOf(ndjson(r.stdout));
      const expected = await serverSearch(server, [
        ['sortBy', 'name'],
        ['sortOrder', 'asc'],
      ]);
      expect(got).toEqual(namesOf(expected.features).slice(0, 100));
    });

    describe('--favorites-first', () => {
      let pat: { token: string; id: number; cookie: string };
      const favourite = () => all.at(-1)!.name;
      const favourites = (method: string) =>
        fetch(`${server.url}/api/admin/projects/default/features/${encodeURIComponent(favourite())}/favorites`, {
          method,
          headers: { authorization: pat.token, 'content-type': 'application/json' },
          body: '{}',
        });
      beforeAll(async () => {
        pat = await personalToken(server);
        expect((await favourites('POST')).ok).toBe(true);
      });
      afterAll(async () => {
        await favourites('DELETE');
        await fetch(`${server.url}/api/admin/user/tokens/${pat.id}`, {
          method: 'DELETE',
          headers: { cookie: pat.cookie },
        });
      });

      it("puts the user's favourite first (personal access token)", async () => {
        const patEnv = target(server, pat.token);
        const first = await search(['--favorites-first', '--limit', '3', '-o', 'ndjson'], patEnv);
        expect(first.code, first.stderr).toBe(0);
        expect(namesOf(ndjson(first.stdout))[0]).toBe(favourite());
        const plain = await search(['--limit', '3', '-o', 'ndjson'], patEnv);
        expect(namesOf(ndjson(plain.stdout))[0]).toBe(all[0]!.name);
      });

      it(
        server.version === '6'
          ? 'with an API token, 6.10.1 fails (HTTP 500): exit 1 and a way out'
          : 'with an API token, 8.x keeps the plain order',
        async () => {
          const r = await search(['--favorites-first', '--limit', '3', '-o', 'ndjson']);
          if (server.version === '6') {
            expect(r.code).toBe(1);
            expect(r.stderr).toContain('personal access token');
          } else {
            expect(r.code).toBe(0);
            expect(namesOf(ndjson(r.stdout))).toEqual(namesOf(all.slice(0, 3)));
          }
        },
      );
    });
  });
}

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  const search = (args: string[], e = env) => flagctl(['features', 'search', ...args], e);

  describe(`features search paging and output on Unleash ${server.pkg}`, () => {
    let all: SearchResultFlag[] = [];
    beforeAll(async () => {
      all = (await serverSearch(server)).features;
    });

    it('--limit 250 returns exactly 250, the first 250, in pages of at most 100', async () => {
      const proxy = await new RecordingProxy(server.url).start();
      try {
        const r = await search(['--limit', '250', '-o', 'ndjson'], target(proxy, server.adminToken));
        expect(r.code, r.stderr).toBe(0);
        expect(namesOf(ndjson(r.stdout))).toEqual(namesOf(all.slice(0, 250)));
        expect(proxy.seen.length).toBeGreaterThanOrEqual(3);
        expect(proxy.seen.every((u) => Number(u.searchParams.get('limit')) <= 100)).toBe(true);
      } finally {
        await proxy.stop();
      }
    });

    it('--offset and --limit: all there are when fewer remain; --limit 0 counts', async () => {
      const tail = await search(['--offset', String(all.length - 5), '--limit', '10', '-o', 'ndjson']);
      expect(namesOf(ndjson(tail.stdout))).toEqual(namesOf(all.slice(-5)));
      const count = await search(['--limit', '0', '-o', 'json']);
      expect(JSON.parse(count.stdout)).toEqual({ features: [], total: all.length });
      const past = await search(['--offset', '5000', '-o', 'json']);
      expect(JSON.parse(past.stdout)).toEqual({ features: [], total: all.length });
    });

    it('without --limit: the first 50, and stderr says how many there are', async () => {
      const r = await search(['-o', 'ndjson']);
      expect(namesOf(ndjson(r.stdout))).toEqual(namesOf(all.slice(0, 50)));
      expect(r.stderr).toBe(`50 of ${all.length} matches shown; --all or --limit <n> for more\n`);
    });

    it('--all returns exactly `total` distinct features, in order; -o json is one {features, total}', async () => {
      const r = await search(['--all', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const doc = JSON.parse(r.stdout) as { features: SearchResultFlag[]; total: number };
      expect(doc.total).toBe(server.seed.total);
      expect(new Set(namesOf(doc.features)).size).toBe(doc.total);
      expect(namesOf(doc.features)).toEqual(namesOf(all));
      const csv = await search(['--all', '-o', 'csv', '--columns', 'name']);
      expect(csv.stdout.split('\r\n').filter(Boolean)).toEqual(['name', ...namesOf(all)]);
    });

    it('--all streams: the first rows are out before the last page is answered', async () => {
      let rowsOut = () => undefined as void;
      const seenRows = new Promise<void>((resolve) => (rowsOut = resolve));
      let heldUntilRows = false;
      const proxy = await new RecordingProxy(server.url, async (url) => {
        if (Number(url.searchParams.get('offset')) < 200) return;
        // Hold the last page until rows reach stdout (or give up after 20 s, failing below).
        heldUntilRows = await Promise.race([
          seenRows.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 20_000)),
        ]);
      }).start();
      try {
        const r = await flagctlWatching(
          ['features', 'search', '--all', '--concurrency', '2', '-o', 'ndjson'],
          target(proxy, server.adminToken),
          (out) => {
            if (out.includes('\n')) rowsOut();
          },
        );
        expect(r.code, r.stderr).toBe(0);
        expect(heldUntilRows).toBe(true);
        expect(namesOf(ndjson(r.stdout))).toEqual(namesOf(all));
      } finally {
        await proxy.stop();
      }
    });

    it('--all prints a feature that shows up twice (the set shifted while paging) once', async () => {
      // As if one feature had been inserted before position 100 after the first page: every
      // later page comes from one position earlier, so its first row repeats the last one, and
      // counts one more (the server counts and pages in one query, so the two always agree).
      const later = (url: URL) => Number(url.searchParams.get('offset')) >= 100;
      const proxy = await new RecordingProxy(
        server.url,
        (url) => {
          if (!later(url)) return;
          const shifted = new URL(url);
          shifted.searchParams.set('offset', String(Number(url.searchParams.get('offset')) - 1));
          return shifted;
        },
        (url, body: { features: unknown[]; total: number }) =>
          later(url) && body.features.length > 0 ? { ...body, total: body.total + 1 } : body,
      ).start();
      try {
        const r = await search(['--all', '-o', 'ndjson'], target(proxy, server.adminToken));
        expect(r.code, r.stderr).toBe(0);
        expect(namesOf(ndjson(r.stdout))).toEqual(namesOf(all));
      } finally {
        await proxy.stop();
      }
    });

    it('bad values exit 2 naming flag, value and accepted forms, and nothing is sent', async () => {
      const proxy = await new RecordingProxy(server.url).start();
      try {
        for (const [args, message] of [
          [['--created-before', '2024-02-30'], '--created-before "2024-02-30": not a real calendar date'],
          [
            ['--created-at', 'IS_AFTER:2024-01-01'],
            '--created-at "IS_AFTER:2024-01-01": expected <operator>:<date>; accepted:',
          ],
          [['--sort-order', 'up'], '--sort-order "up": accepted: asc, desc'],
          [
            ['--sort-by', 'popularity'],
            '--sort-by "popularity": accepted: name, type, stale, project, lastSeenAt, createdAt, environment:<name>',
          ],
          [['--limit', '1.5'], '--limit "1.5": expected'],
          [['--offset', '-1'], '--offset "-1": expected'],
          [['--created-by', 'admin'], '--created-by "admin": a creator is a numeric user id'],
          [['--state', 'old'], '--state "old": a state is one of active, stale, potentially-stale; accepted:'],
          [['--type', 'IS:'], '--type "IS:": a value is empty'],
          [
            ['--status', 'production'],
            '--status "production": accepted: <environment>:enabled or <environment>:disabled',
          ],
          [['--tag', 'growth'], '--tag "growth": a tag is <type>:<value>'],
        ] as const) {
          const r = await search([...args], target(proxy, server.adminToken));
          expect(r.code, args.join(' ')).toBe(2);
          expect(r.stderr).toContain(message);
          expect(r.stdout).toBe('');
        }
        expect(proxy.seen).toEqual([]);
      } finally {
        await proxy.stop();
      }
    });

    it('--fail-if-any exits 3 after printing when a feature matches, 0 when none does', async () => {
      const hit = await search(['--state', 'stale', '--fail-if-any', '-o', 'ndjson']);
      expect(hit.code).toBe(3);
      expect(namesOf(ndjson(hit.stdout)).sort()).toEqual([...server.seed.stale].sort());
      expect(hit.stderr).toContain(`${server.seed.stale.length} features match (--fail-if-any)`);
      const none = await search(['--state', 'stale', '--type', 'kill-switch', '--fail-if-any']);
      expect(none.code).toBe(0);
      const refused = await search(['--fail-if-any'], target(server, server.narrowToken));
      expect(refused.code).toBe(4);
    });

    it('--columns: per-environment counters and lastSeenAt, as the server has them', async () => {
      const cols = 'name,env:production.enabled,env:production.yes,env:production.no,env:production.lastSeenAt,tags';
      const r = await search(['--query', SEED.killSwitch, '-o', 'csv', '--columns', cols]);
      const f = all.find((x) => x.name === SEED.killSwitch)!;
      const prod = f.environments.find((e) => e.name === 'production')!;
      const tags = (f.tags ?? []).map((t) => `${t.type}:${t.value}`).join(', ');
      expect(r.stdout).toBe(`${cols}\r\n${f.name},${prod.enabled},${prod.yes ?? ''},${prod.no ?? ''},,${tags}\r\n`);
    });

    it('piped table: the default columns, tab-separated, environments in words', async () => {
      // The query also finds features whose description names it.
      const r = await search(['--query', SEED.mixedEnvFeature]);
      const [head, ...rows] = r.stdout.split('\n');
      const row = rows.find((l) => l.startsWith(`${SEED.mixedEnvFeature}\t`));
      expect(head).toBe('NAME\tTYPE\tPROJECT\tSTALE\tLIFECYCLE\tENVIRONMENTS\tCREATEDAT');
      const f = all.find((x) => x.name === SEED.mixedEnvFeature)!;
      const envs = f.environments.map((e) => `${e.name} ${e.enabled ? 'on' : 'off'}`).join(', ');
      expect(row).toMatch(
        new RegExp(`^${SEED.mixedEnvFeature}\trelease\tdefault\tfalse\t\\S+\t${envs}\t${f.createdAt}$`),
      );
      expect(envs).toContain('development on');
      expect(envs).toContain('production off');
    });

    it('markdown: a header, a separator and one row per feature', async () => {
      const r = await search(['--tag', 'team:sre', '-o', 'markdown']);
      const lines = r.stdout.trim().split('\n');
      expect(lines[0]).toBe('| name | type | project | stale | lifecycle | environments | createdAt |');
      expect(lines).toHaveLength(2 + all.filter((f) => hasTag(f, 'team:sre')).length);
      expect(lines[2]).toMatch(/^\| [^|]+ \| (kill-switch|operational|permission) \| default \| false \| /);
    });
  });
}
