import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import {
  ownRequests,
  serveEnvironments,
  serveProjects,
  serveSegments,
  serveTags,
} from '../support/projects-fixture.js';
import { runCli } from '../support/io.js';
import { SEARCH_PATH, searchV8 } from '../support/search-fixture.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();

const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const search = (args: string[]) => runCli(['features', 'search', ...args], { env: env() });

/** The query string the CLI sent, minus paging. */
async function wire(args: string[]): Promise<string> {
  server.json(SEARCH_PATH, searchV8);
  serveProjects(server);
  serveEnvironments(server);
  serveSegments(server, ['beta-testers', 'beta testers', 'a', 'b']);
  serveTags(server, ['team:growth', 'team:payments', 'team:x', 'simple:beta', 'simple:checkout']);
  const r = await search([...args, '-o', 'json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const q = new URL(ownRequests(server.requests)[0]!.url, 'http://x').searchParams;
  q.delete('offset');
  q.delete('limit');
  server.reset();
  return [...q].map(([k, v]) => `${k}=${v}`).join('&');
}

// Every case goes through main(), as a user's flags do, and reads the query that reached the server.
const FLAG = {
  project: '--project',
  type: '--type',
  state: '--state',
  createdBy: '--created-by',
  tag: '--tag',
  segment: '--segment',
} as const;
const PARAM = {
  project: 'project',
  type: 'type',
  state: 'state',
  createdBy: 'createdBy',
  tag: 'tag',
  segment: 'segment',
} as const;

describe('friendly forms map onto the operator syntax', () => {
  it.each([
    ['project', 'web', 'IS:web'],
    ['project', 'web,mobile', 'IS_ANY_OF:web,mobile'],
    ['project', 'web, mobile', 'IS_ANY_OF:web,mobile'],
    ['project', '!web', 'IS_NOT:web'],
    ['project', '!web,mobile', 'IS_NONE_OF:web,mobile'],
    ['type', 'release,experiment', 'IS_ANY_OF:release,experiment'],
    ['state', 'potentially-stale', 'IS:potentially-stale'],
    ['state', '!stale', 'IS_NOT:stale'],
    ['createdBy', '-42', 'IS:-42'],
    ['createdBy', '1,7', 'IS_ANY_OF:1,7'],
    ['tag', 'team:growth', 'INCLUDE:team:growth'],
    ['tag', 'team:growth,simple:beta', 'INCLUDE_ANY_OF:team:growth,simple:beta'],
    ['tag', '!team:growth', 'DO_NOT_INCLUDE:team:growth'],
    ['tag', '!team:growth,simple:beta', 'EXCLUDE_IF_ANY_OF:team:growth,simple:beta'],
    ['segment', 'beta testers', 'INCLUDE:beta testers'],
    ['segment', '!a,b', 'EXCLUDE_IF_ANY_OF:a,b'],
  ] as const)('--%s %s -> %s', async (name, given, encoded) => {
    expect(await wire([FLAG[name], given])).toBe(`${PARAM[name]}=${encoded}`);
  });

  it.each([
    ['project', 'IS_ANY_OF:web,mobile'],
    ['project', 'IS_NONE_OF:web'],
    ['createdBy', 'IS_NOT:-42'],
    ['tag', 'INCLUDE_ALL_OF:team:growth,simple:beta'],
    ['tag', 'EXCLUDE_ALL:team:growth,simple:beta'],
    ['segment', 'INCLUDE_ALL_OF:a,b'],
  ] as const)('the operator syntax passes through: --%s %s', async (name, given) => {
    expect(await wire([FLAG[name], given])).toBe(`${PARAM[name]}=${given}`);
  });

  it('repeated --tag: all of single tags, or none of single !tags', async () => {
    expect(await wire(['--tag', 'team:growth', '--tag', 'simple:beta'])).toBe(
      'tag=INCLUDE_ALL_OF:team:growth,simple:beta',
    );
    expect(await wire(['--tag', '!team:growth', '--tag', '!simple:beta'])).toBe(
      'tag=EXCLUDE_IF_ANY_OF:team:growth,simple:beta',
    );
    for (const mixed of [
      ['--tag', 'team:growth', '--tag', '!simple:beta'],
      ['--tag', 'INCLUDE:team:growth', '--tag', 'simple:beta'],
    ]) {
      const r = await search(mixed);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/one tag condition/);
      expect(server.requests).toEqual([]);
    }
  });

  it('dates: --created-before / --created-since / --created-at, and --status entries', async () => {
    expect(await wire(['--created-before', '2024-01-01'])).toBe('createdAt=IS_BEFORE:2024-01-01');
    expect(await wire(['--created-since', '2024-02-29'])).toBe('createdAt=IS_ON_OR_AFTER:2024-02-29');
    expect(await wire(['--created-at', 'IS_BEFORE:2024-01-01'])).toBe('createdAt=IS_BEFORE:2024-01-01');
    expect(await wire(['--status', 'production:enabled', '--status', 'development:disabled'])).toBe(
      'status=production:enabled&status=development:disabled',
    );
  });
});

describe('what goes on the wire', () => {
  it('a single --status is sent twice, so every query parser reads an array', async () => {
    expect(await wire(['--status', 'production:enabled'])).toBe('status=production:enabled&status=production:enabled');
  });

  it('several --status are repeated keys (any of them)', async () => {
    expect(await wire(['--status', 'production:enabled', '--status', 'development:disabled'])).toBe(
      'status=production:enabled&status=development:disabled',
    );
  });

  it('every filter, sort and flag together', async () => {
    const q = await wire([
      '--query',
      'checkout',
      '--project',
      'default',
      '--state',
      '!stale',
      '--type',
      'release,experiment',
      '--created-by',
      '-42',
      '--tag',
      'team:payments',
      '--tag',
      'simple:checkout',
      '--segment',
      'beta-testers',
      '--created-since',
      '2024-01-01',
      '--sort-by',
      'environment:production',
      '--sort-order',
      'desc',
      '--favorites-first',
    ]);
    expect(q).toBe(
      'query=checkout&project=IS:default&state=IS_NOT:stale&type=IS_ANY_OF:release,experiment&createdBy=IS:-42' +
        '&tag=INCLUDE_ALL_OF:team:payments,simple:checkout&segment=INCLUDE:beta-testers' +
        '&createdAt=IS_ON_OR_AFTER:2024-01-01&sortBy=environment:production&sortOrder=desc&favoritesFirst=true',
    );
  });

  it('spaces travel as + and the server splits on commas', async () => {
    server.json(SEARCH_PATH, searchV8);
    serveSegments(server, ['beta testers']);
    await search(['--segment', 'beta testers', '--query', 'new checkout']);
    expect(ownRequests(server.requests)[0]!.url).toContain('segment=INCLUDE%3Abeta+testers');
    expect(ownRequests(server.requests)[0]!.url).toContain('query=new+checkout');
  });
});

describe('bad values exit 2, name the flag, the value and the accepted forms, and send nothing', () => {
  it.each([
    [['--created-before', '2024-02-30'], '--created-before "2024-02-30": not a real calendar date'],
    [['--created-since', '24-1-1'], '--created-since "24-1-1": expected a date as YYYY-MM-DD'],
    [
      ['--created-at', 'IS:2024-01-01'],
      '--created-at "IS:2024-01-01": expected <operator>:<date>; accepted: IS_BEFORE',
    ],
    [['--created-at', 'IS_BEFORE:2023-02-29'], 'not a real calendar date'],
    [['--created-before', '2024-01-01', '--created-since', '2023-01-01'], 'give only one'],
    [['--sort-order', 'up'], '--sort-order "up": accepted: asc, desc'],
    [
      ['--sort-by', 'popularity'],
      '--sort-by "popularity": accepted: name, type, stale, project, lastSeenAt, createdAt, environment:<name>',
    ],
    [['--sort-by', 'environment:'], '--sort-by "environment:"'],
    [['--limit', '-1'], '--limit "-1": expected a number of features: a whole number 0 or more'],
    [['--limit', '1.5'], '--limit "1.5"'],
    [['--offset', 'ten'], '--offset "ten": expected a feature offset'],
    [['--concurrency', '0'], '--concurrency "0": expected a whole number of pages in flight from 1 to 16'],
    [['--all', '--limit', '5'], '--all and --limit "5": give one'],
    [
      ['--state', 'old'],
      '--state "old": a state is one of active, stale, potentially-stale; accepted: stale, stale,<more>',
    ],
    [
      ['--type', 'feature'],
      '--type "feature": a flag type is one of release, experiment, operational, kill-switch, permission, sunset',
    ],
    [['--type', 'IS:'], '--type "IS:": a value is empty'],
    [['--project', 'IS_ANY_OF:web,'], 'a value is empty'],
    [
      ['--project', 'my project'],
      `--project "my project": a project id has only letters, digits and - _ . ! ~ * ' ( )`,
    ],
    [
      ['--project', 'INCLUDE:web'],
      '--project "INCLUDE:web": operator INCLUDE does not apply to --project; accepted: web, web,<more> (any of), !web',
    ],
    [['--created-by', 'alice'], '--created-by "alice": a creator is a numeric user id'],
    [['--tag', 'growth'], '--tag "growth": a tag is <type>:<value>, e.g. team:growth'],
    [['--tag', 'IS:team:growth'], 'operator IS does not apply to --tag'],
    [['--tag', 'team:x'], 'tag types and values are 2 to 50 characters'],
    [
      ['--status', 'production:on'],
      '--status "production:on": accepted: <environment>:enabled or <environment>:disabled',
    ],
    [['--status', 'production'], '--status "production"'],
    [['--query', '  '], '--query'],
    [['--query', ', ,'], '--query ", ,": give some text'],
  ])('%j', async (args, message) => {
    const r = await search(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });
});
