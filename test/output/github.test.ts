import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { SEARCH_PATH, searchV8 } from '../support/search-fixture.js';

// CI output only when asked: `features search --fail-if-any` gains -o github like the other
// gates, and no command changes its stdout or writes the step summary because of the
// environment (gh does not either).

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-ci-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...extra });
const two = { features: searchV8.features.slice(0, 2), total: 2 };

describe('features search -o github', () => {
  it('--fail-if-any: one error annotation per match, then exit 3', async () => {
    server.json(SEARCH_PATH, two);
    const r = await runCli(['features', 'search', '--fail-if-any', '-o', 'github'], { env: env() });
    expect(r.code).toBe(3);
    const [a, b] = two.features;
    expect(r.stdout).toBe(
      `::error title=Feature%3A ${a!.name}::${a!.name} (${a!.type}, project ${a!.project}) matches the search\n` +
        `::error title=Feature%3A ${b!.name}::${b!.name} (${b!.type}, project ${b!.project}) matches the search\n`,
    );
    expect(r.stderr).toBe('flagctl: 2 features match (--fail-if-any)\n');
  });

  it('without --fail-if-any, notices; a table in GITHUB_STEP_SUMMARY when it is set', async () => {
    const summary = join(dir, 'search.md');
    writeFileSync(summary, '# Earlier\n');
    server.json(SEARCH_PATH, two);
    const r = await runCli(['features', 'search', '-o', 'github', '--columns', 'name,type'], {
      env: env({ GITHUB_STEP_SUMMARY: summary }),
    });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => l.startsWith('::notice title=Feature%3A ')),
    ).toBe(true);
    const [a, b] = two.features;
    expect(readFileSync(summary, 'utf8')).toBe(
      `# Earlier\n### Feature search\n\n2 features match.\n\n| name | type |\n| --- | --- |\n| ${a!.name.replace(/_/g, '\\_')} | ${a!.type} |\n| ${b!.name.replace(/_/g, '\\_')} | ${b!.type} |\n\n`,
    );
  });

  it('the environment changes nothing: GITHUB_ACTIONS and GITHUB_STEP_SUMMARY set, -o json is the same and the summary untouched', async () => {
    const summary = join(dir, 'untouched.md');
    writeFileSync(summary, '');
    server.json(SEARCH_PATH, two);
    const plain = await runCli(['features', 'search', '--fail-if-any', '-o', 'json'], { env: env() });
    server.json(SEARCH_PATH, two);
    const ci = await runCli(['features', 'search', '--fail-if-any', '-o', 'json'], {
      env: env({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }),
    });
    expect(ci.stdout).toBe(plain.stdout);
    expect(ci.code).toBe(3);
    expect(readFileSync(summary, 'utf8')).toBe('');
  });
});
