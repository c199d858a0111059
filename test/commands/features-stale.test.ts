import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { annotation, escapeData, escapeProperty } from '../../src/output/github.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { ownRequests, serveProjects } from '../support/projects-fixture.js';
import { runCli } from '../support/io.js';
import { makeFeatures, SEARCH_PATH, searchOver, searchV8, serveStaleAges } from '../support/search-fixture.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-stale-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...extra });
const stale = (args: string[], extra: Record<string, string> = {}) =>
  runCli(['features', 'stale', ...args], { env: env(extra) });
const sent = () => ownRequests(server.requests).map((r) => new URL(r.url, 'http://x').searchParams);

/** The captured 8.2.0 stale flag, and one that is only potentially stale (not marked, too old). */
const marked = searchV8.features.find((f) => f.stale === true)!;
const potentially: (typeof searchV8.features)[number] = {
  ...searchV8.features.find((f) => f.name === 'payments.kill-switch')!,
  name: 'old-experiment',
  type: 'experiment',
};
const staleSet = { features: [marked, potentially], total: 2 };

/** When the captured stale flag was marked (its feature-stale-on event). */
const MARKED_AT = '2026-01-10T08:00:00.000Z';

/** The type lifetimes and the change history `features stale` reads for its ages (GETs, once each). */
function serveAges(
  events: { featureName: string; createdAt: string }[] = [{ featureName: marked.name, createdAt: MARKED_AT }],
): void {
  serveStaleAges(server, events);
}

const serveStale = (body: unknown) => {
  server.json(SEARCH_PATH, body);
  serveAges();
};

describe('features stale', () => {
  it('asks for stale and potentially stale flags, with the project and type filters, every page', async () => {
    serveStale(staleSet);
    serveProjects(server);
    const r = await stale(['--project', 'web,mobile', '--type', '!permission']);
    const q = sent()[0]!;
    expect(q.get('state')).toBe('IS_ANY_OF:stale,potentially-stale');
    expect(q.get('project')).toBe('IS_ANY_OF:web,mobile');
    expect(q.get('type')).toBe('IS_NOT:permission');
    expect(q.get('limit')).toBe('100');
    expect(r.stdout).toBe(
      'NAME\tTYPE\tPROJECT\tREASON\tCREATEDAT\n' +
        `legacy-search_v1\trelease\tdefault\tmarked stale\t${marked.createdAt}\n` +
        `old-experiment\texperiment\tdefault\tpotentially stale: older than the expected lifetime of its type (experiment)\t${potentially.createdAt}\n`,
    );
  });

  it('is a list (exit 0) unless a gate is asked for: --max N exits 3 when more than N, after listing them', async () => {
    serveStale(staleSet);
    const list = await stale([]);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    expect(list.stdout.split('\n')).toHaveLength(4);
    serveStale(staleSet);
    const r = await stale(['--max', '0']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: 2 stale flags, more than the 0 allowed (--max)\n');
    serveStale(staleSet);
    const ok = await stale(['--max', '2']);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toBe('');
  });

  it('--fail-on stale counts the marked ones only; --fail-on potentially-stale the others', async () => {
    serveStale(staleSet);
    const r = await stale(['--fail-on', 'stale']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: 1 stale flag (stale), more than the 0 allowed (--fail-on)\n');
    serveStale(staleSet);
    expect((await stale(['--fail-on', 'stale', '--max', '1'])).code).toBe(0);
    serveStale(staleSet);
    expect((await stale(['--fail-on', 'potentially-stale'])).code).toBe(3);
    const bad = await stale(['--fail-on', 'archived']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'flagctl: --fail-on "archived": unknown state "archived"; accepted: stale, potentially-stale, comma-separated\n',
    );
  });

  it('exits 0 with none', async () => {
    server.json(SEARCH_PATH, { features: [], total: 0 });
    const r = await stale(['--type', 'kill-switch', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ features: [], total: 0 });
  });

  it('counts every page, not the first one', async () => {
    const many = makeFeatures(130).map((f) => ({ ...f, stale: true }));
    server.route(SEARCH_PATH, searchOver(many));
    serveAges();
    const r = await stale(['--max', '129', '-o', 'ndjson']);
    expect(r.code).toBe(3);
    expect(r.stdout.trim().split('\n')).toHaveLength(130);
    expect(JSON.parse(r.stdout.split('\n')[0]!).reason).toBe('marked stale');
  });

  it('a failed request is exit 1 or 4, never 3', async () => {
    server.json(SEARCH_PATH, { name: 'UnknownError', message: 'boom' }, 500);
    expect((await stale([])).code).toBe(1);
    server.reset();
    server.json(SEARCH_PATH, { name: 'PermissionError', message: 'no' }, 403);
    expect((await stale([])).code).toBe(4);
  });

  it('bad values exit 2 and send nothing', async () => {
    for (const args of [
      ['--max', '-1'],
      ['--max', 'many'],
      ['--type', 'stale'],
      ['-o', 'xml'],
    ]) {
      const r = await stale(args);
      expect(r.code).toBe(2);
      expect(server.requests).toEqual([]);
    }
    expect((await stale(['--max', 'x'])).stderr).toContain('--max "x": expected a whole number of stale flags allowed');
  });
});

describe('features stale in GitHub Actions', () => {
  it('-o github prints one warning annotation per flag', async () => {
    serveStale(staleSet);
    const r = await stale(['-o', 'github', '--max', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '::warning title=Stale flag%3A legacy-search_v1::legacy-search_v1 (release, project default): marked stale\n' +
        '::warning title=Stale flag%3A old-experiment::old-experiment (experiment, project default): potentially stale: older than the expected lifetime of its type (experiment)\n',
    );
  });

  it('the same command line gives the same stdout in GitHub Actions: names for `cut -f1`, no annotations', async () => {
    serveStale(staleSet);
    const plain = await stale(['--max', '5']);
    serveStale(staleSet);
    const ci = await stale(['--max', '5'], { GITHUB_ACTIONS: 'true' });
    expect(ci.stdout).toBe(plain.stdout);
    expect(
      ci.stdout
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split('\t')[0]),
    ).toEqual(['legacy-search_v1', 'old-experiment']);
    expect(ci.stdout).not.toContain('::');
  });

  it('GITHUB_STEP_SUMMARY is written only with -o github: never beside json or a table', async () => {
    const summary = join(dir, 'untouched.md');
    writeFileSync(summary, '# Earlier step\n');
    for (const args of [['-o', 'json'], ['-o', 'table'], []]) {
      serveStale(staleSet);
      const r = await stale([...args, '--max', '5'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
      expect(r.code).toBe(0);
    }
    expect(readFileSync(summary, 'utf8')).toBe('# Earlier step\n');
  });

  it('escapes data and properties as the workflow-command syntax requires', async () => {
    const hostile = { ...marked, name: 'a%b\r\nc:d,e::warning::x', project: 'p\u001b]0;t\u0007' };
    server.json(SEARCH_PATH, { features: [hostile], total: 1 });
    serveAges();
    const r = await stale(['-o', 'github']);
    expect(r.stdout).toBe(
      '::warning title=Stale flag%3A a%25b%0D%0Ac%3Ad%2Ce%3A%3Awarning%3A%3Ax::' +
        'a%25b%0D%0Ac:d,e::warning::x (release, project p\\x1b]0;t\\x07): marked stale\n',
    );
    expect(r.stdout.split('\n')).toHaveLength(2);
    expect(escapeData('100%\n')).toBe('100%25%0A');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
    expect(annotation('error', 'm', { file: 'x,y', line: undefined })).toBe('::error file=x%2Cy::m\n');
  });

  it('appends a markdown table to GITHUB_STEP_SUMMARY, keeping what is there', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# Earlier step\n');
    serveStale(staleSet);
    const r = await stale(['-o', 'github', '--max', '0'], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(3);
    expect(readFileSync(summary, 'utf8')).toBe(
      '# Earlier step\n### Stale feature flags\n\n2 stale flags, more than the 0 allowed (--max).\n\n' +
        '| name | type | project | reason | createdAt |\n| --- | --- | --- | --- | --- |\n' +
        `| legacy-search\\_v1 | release | default | marked stale | ${marked.createdAt} |\n` +
        `| old-experiment | experiment | default | potentially stale: older than the expected lifetime of its type (experiment) | ${potentially.createdAt} |\n\n`,
    );
  });

  it('no summary is written when the request fails', async () => {
    const summary = join(dir, 'failed.md');
    writeFileSync(summary, '');
    server.json(SEARCH_PATH, { name: 'UnknownError', message: 'boom' }, 500);
    const r = await stale(['-o', 'github'], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(1);
    expect(readFileSync(summary, 'utf8')).toBe('');
  });
});
