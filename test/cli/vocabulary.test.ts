import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsOf, longName, optionTable } from '../../src/cli/records.js';
import { defineCommand, type ProgramSpec } from '../../src/cli/spec.js';
import { PROGRAM } from '../../src/commands/registry.js';
import { VOCABULARY } from '../../src/commands/vocabulary.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProjects } from '../support/projects-fixture.js';
import { SEARCH_PATH, searchV8 } from '../support/search-fixture.js';

// One vocabulary: an option name that several commands take means one thing in each
// (src/commands/vocabulary.ts, docs/options.md), derived here from the command records.

/** What is wrong with the program's shared option names: a name or a use of it not declared. */
function vocabularyProblems(program: ProgramSpec): string[] {
  const uses = new Map<string, Set<string>>();
  for (const command of commandsOf(program)) {
    for (const spec of Object.values(optionTable(command))) {
      if (spec.hidden || spec.removed) continue;
      const name = longName(spec);
      uses.set(name, (uses.get(name) ?? new Set()).add(command.path.join(' ')));
    }
  }
  const problems: string[] = [];
  for (const [name, commands] of uses) {
    const declared = VOCABULARY[name];
    if (commands.size < 2 && !declared) continue;
    if (!declared) {
      problems.push(
        `${name} is taken by ${[...commands].join(', ')}: declare its one meaning in src/commands/vocabulary.ts`,
      );
      continue;
    }
    for (const c of commands) {
      if (!(c in declared.in))
        problems.push(
          `${c} takes ${name}, declared as "${declared.id}" (${declared.means}) without ${c}: if it means that, add it; else name the option otherwise`,
        );
    }
    for (const c of Object.keys(declared.in))
      if (!commands.has(c)) problems.push(`${name} is declared for ${c}, which does not take it`);
  }
  return problems;
}

describe('one vocabulary', () => {
  it('every option name that several commands take is declared once, for each of them', () => {
    expect(vocabularyProblems(PROGRAM)).toEqual([]);
  });

  it('a new option that reuses a name fails until its meaning is declared', () => {
    const planted = defineCommand({
      path: ['flags', 'age'],
      summary: 'a planted command',
      options: {
        limit: { spelling: '--limit <ms>', help: 'a time limit' },
        type: { spelling: '--type <kind>', help: 'a kind of thing' },
      },
      examples: [],
      load: async () => ({ run: async () => undefined }),
    });
    const problems = vocabularyProblems({ ...PROGRAM, entries: [...PROGRAM.entries, planted] });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^flags age takes --limit, declared as "limit"/);
    expect(problems[1]).toMatch(/^flags age takes --type, declared as "flag-type"/);
  });

  it('docs/options.md holds the table', () => {
    const doc = readFileSync(new URL('../../docs/options.md', import.meta.url), 'utf8');
    for (const name of Object.keys(VOCABULARY)) expect(doc).toContain(`| \`${name}\` |`);
  });
});

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = (extra: Record<string, string> = {}) => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, ...extra });

describe('the vocabulary through main()', () => {
  it('an option a command does not use is not offered: --csv-raw without csv', async () => {
    for (const argv of [
      ['retire', 'plan', '--csv-raw'],
      ['features', 'revive', 'x', '--csv-raw'],
    ]) {
      const r = await runCli(argv, { env: env() });
      // No close match, so the message points at the command's own --help.
      expect(r.stderr).toBe(
        `flagctl: unknown option '--csv-raw'\nSee \`flagctl ${argv.slice(0, 2).join(' ')} --help\` for its options.\n`,
      );
      expect(r.code).toBe(2);
    }
    expect(server.requests).toEqual([]);
  });

  it('every gate takes --fail-on: features search --fail-on any', async () => {
    server.json(SEARCH_PATH, { features: searchV8.features.slice(0, 1), total: 1 });
    const r = await runCli(['features', 'search', '--fail-on', 'any', '-o', 'csv', '--columns', 'name'], {
      env: env(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: 1 feature match (--fail-on any)\n');
    const bad = await runCli(['features', 'search', '--fail-on', 'stale'], { env: env() });
    expect(bad.code).toBe(2);
  });

  it("project overview without its argument reads the profile's project", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-vocabulary-'));
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ version: 1, profiles: { default: { url: server.url, token: TOKEN, project: 'web' } } }),
      { mode: 0o600 },
    );
    chmodSync(join(dir, 'config.json'), 0o600);
    server.json('/api/admin/projects/web', {
      name: 'web',
      features: [],
      members: 0,
      version: 1,
      health: 100,
      environments: [],
    });
    const r = await runCli(['project', 'overview', '-o', 'json'], { env: { FLAGCTL_CONFIG_DIR: dir } });
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/projects/web']);
    expect(r.code).toBe(0);
  });

  it('renamed options keep their earlier spelling: history --event-type (--type), api -f (-q)', async () => {
    server.json('/api/admin/search/events', { events: [], total: 0 });
    await runCli(['feature', 'history', 'x', '--event-type', 'feature-created'], { env: env() });
    await runCli(['feature', 'history', 'x', '--type', 'feature-created'], { env: env() });
    const types = server.requests
      .map((q) => new URL(q.url, 'http://x').searchParams.get('type'))
      .filter((t) => t !== null);
    expect(types).toHaveLength(2);
    expect(types[0]).toBe(types[1]);
    expect(types[0]).toContain('feature-created');
    server.reset();
    server.json('/api/admin/segments', { segments: [] });
    await runCli(['api', '/api/admin/segments', '-f', 'a=1'], { env: env() });
    await runCli(['api', '/api/admin/segments', '-q', 'a=1'], { env: env() });
    expect(server.requests.map((q) => q.url)).toEqual(['/api/admin/segments?a=1', '/api/admin/segments?a=1']);
  });
});

/**
 * Short letters: one letter stands for one long option everywhere, and a long option that has
 * a letter in one command has it in every command that takes it. `-p web` worked in `feature
 * get` and failed ("unknown option '-p'") in `features search`, `features stale`, `refs` and
 * `auth login`; `-n 5` worked in `feature history`, not in `features search`.
 */
function shortLetterProblems(program: ProgramSpec): string[] {
  const letterOf = new Map<string, Map<string, string[]>>();
  const longOf = new Map<string, Set<string>>();
  for (const command of commandsOf(program)) {
    for (const spec of Object.values(optionTable(command))) {
      if (spec.hidden || spec.removed) continue;
      const long = longName(spec);
      const letter = /^(-[A-Za-z]),/.exec(spec.spelling)?.[1] ?? '(none)';
      const byLetter = letterOf.get(long) ?? new Map<string, string[]>();
      byLetter.set(letter, [...(byLetter.get(letter) ?? []), command.path.join(' ')]);
      letterOf.set(long, byLetter);
      if (letter !== '(none)') longOf.set(letter, (longOf.get(letter) ?? new Set()).add(long));
    }
  }
  const problems: string[] = [];
  for (const [letter, longs] of longOf)
    if (longs.size > 1) problems.push(`${letter} stands for ${[...longs].join(' and ')}`);
  for (const [long, byLetter] of letterOf)
    if (byLetter.size > 1)
      problems.push(
        `${long}: ${[...byLetter].map(([letter, commands]) => `${letter} in ${commands.join(', ')}`).join('; ')}`,
      );
  return problems;
}

describe('short letters', () => {
  it('one letter, one long option; a long option has its letter in every command that takes it', () => {
    expect(shortLetterProblems(PROGRAM)).toEqual([]);
  });

  it('-p and -n work where --project and --limit do', async () => {
    server.json(SEARCH_PATH, searchV8);
    serveProjects(server);
    const r = await runCli(['features', 'search', '-p', 'default', '-n', '1', '-o', 'json'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const search = server.requests.find((q) => q.url.startsWith(SEARCH_PATH))!;
    expect(new URL(search.url, 'http://x').searchParams.get('project')).toBe('IS:default');
    expect(new URL(search.url, 'http://x').searchParams.get('limit')).toBe('1');
  });
});
