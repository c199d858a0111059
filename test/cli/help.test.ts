import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/io.js';

// Help is walked through the CLI itself: every command `--help` lists is visited, so a command
// added anywhere in the tree is held to the same rules without this file changing.

interface HelpPage {
  path: string[];
  text: string;
}

async function helpPages(path: string[] = []): Promise<HelpPage[]> {
  const r = await runCli([...path, '--help']);
  expect(r.code, `flagctl ${path.join(' ')} --help`).toBe(0);
  const commands = r.stdout.split(/\n\s*\n/).find((block) => /^Commands:/m.test(block)) ?? '';
  const children = [...commands.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
  const below = await Promise.all(children.map((c) => helpPages([...path, c])));
  return [{ path, text: r.stdout }, ...below.flat()];
}

/** The lines of the Examples: section that run this command (`$ … flagctl <path> …`). */
function examples(page: HelpPage): string[] {
  const section = page.text.split(/^Examples:\n/m)[1] ?? '';
  const lines = section.split('\n').filter((l) => /^ {2}\$ /.test(l));
  return lines.filter((l) => l.includes(['flagctl', ...page.path].join(' ')));
}

/** The arguments of the flagctl call in an example line, up to a pipe or redirection. */
function exampleArgs(line: string, path: string[]): string[] {
  const words = [...line.replace(/^ {2}\$ /, '').matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3]!,
  );
  const start = words.findIndex((w, i) => w === 'flagctl' && words[i + 1] === (path[0] ?? words[i + 1]));
  const rest = words.slice(start + 1);
  const end = rest.findIndex((w) => /^(\||>|>>|<|2>|&&|;)$/.test(w));
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * Refusals over what an example presumes the reader has (exit 2 all the same): a snapshot file
 * from `flagctl export`, a git revision of the reader's repository.
 */
const READERS_OWN = [
  /^flagctl: @[^:\s]+: no such file; expected a snapshot written by `flagctl export`\n$/,
  /^flagctl: --diff "[^"]+": not a revision in this repository; /,
  /^flagctl: plan file "[^"]+": cannot read it \(ENOENT\)\n$/,
  /^flagctl: --from "[^"]+": cannot read it \(ENOENT\); expected the file of retire apply --result\n$/,
];

let pages: HelpPage[] = [];
// Examples run against a server that answers 404 to everything: a quick, certain outcome.
let server: Server;
let url = '';

beforeAll(async () => {
  pages = await helpPages();
  server = createServer((_req, res) =>
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no"}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('help', () => {
  it('visits the whole tree', () => {
    const names = pages.map((p) => p.path.join(' '));
    expect(names).toEqual(
      expect.arrayContaining([
        '',
        'feature',
        'feature get',
        'features search',
        'features stale',
        'project overview',
        'insights',
        'auth login',
        'completion',
      ]),
    );
  });

  it('every command has a one-line purpose under its usage line', () => {
    for (const page of pages) {
      const [usage, purpose] = page.text.split(/\n\s*\n/);
      const name = `flagctl ${page.path.join(' ')}`;
      expect(usage, name).toMatch(/^Usage: flagctl/);
      // One sentence; help may wrap it on a narrow terminal.
      const sentence = purpose!.replace(/\s*\n\s*/g, ' ');
      expect(sentence, `${name}: purpose`).toMatch(/^[A-Z]/);
      expect(sentence.length, `${name}: purpose "${sentence}" fits one line`).toBeLessThanOrEqual(100);
    }
  });

  it('every command has an Examples: section with two or three runs of itself', () => {
    const missing = pages
      .filter((p) => examples(p).length < 2 || examples(p).length > 3)
      .map((p) => `flagctl ${p.path.join(' ')}`.trim());
    expect(missing, 'commands whose --help lacks 2-3 examples').toEqual([]);
  });

  it('every example parses: no unknown command, flag or argument', async () => {
    const refused: string[] = [];
    for (const page of pages) {
      for (const line of examples(page)) {
        const args = exampleArgs(line, page.path);
        // What the examples take for granted: the profiles they name, stored, and a token piped
        // to `auth login`. A config of its own for each, as `auth logout` changes it.
        const configDir = mkdtempSync(join(tmpdir(), 'flagctl-help-'));
        const profile = (path: string) => ({ url: `${url}${path}`, token: '*:*.example' });
        const profiles = { default: profile(''), prod: profile('/prod'), staging: profile('/staging') };
        writeFileSync(
          join(configDir, 'config.json'),
          JSON.stringify({ version: 1, defaultProfile: 'default', profiles }),
          { mode: 0o600 },
        );
        const r = await runCli(args, {
          env: { FLAGCTL_URL: url, FLAGCTL_TOKEN: '*:*.example', FLAGCTL_CONFIG_DIR: configDir },
          stdin: '*:*.example\n',
        });
        rmSync(configDir, { recursive: true, force: true });
        // Exit 2 is every way flagctl refuses its input (README "Exit codes"), not only commander's.
        // What is the reader's, not the example's: an example that gets as far as looking for it has parsed.
        if (READERS_OWN.some((re) => re.test(r.stderr))) continue;
        if (r.code === 2) refused.push(`${line}\n    ${r.stderr.trim().split('\n')[0]}`);
        expect(r.stderr, line).not.toMatch(
          /unknown (command|option)|missing required argument|too many arguments|is invalid\. Allowed choices|unknown format/,
        );
      }
    }
    expect(refused, 'examples that exit 2 (a usage error)').toEqual([]);
  });

  it('every subcommand groups its flags: its own, then the global ones', () => {
    for (const page of pages.filter((p) => p.path.length > 0)) {
      const headings = page.text.split('\n').filter((l) => /^[A-Z][\w ]*(Options|options):$/.test(l));
      expect(headings, `flagctl ${page.path.join(' ')}`).toContain('Global Options:');
      const global = page.text.split('Global Options:\n')[1] ?? '';
      expect(global).toContain('--profile <name>');
    }
  });

  it('commands with output flags list them as their own group', () => {
    for (const page of pages.filter((p) => /--csv-raw/.test(p.text))) {
      const output = page.text.split(/^Output options:\n/m)[1] ?? '';
      expect(output, `flagctl ${page.path.join(' ')}`).toMatch(/^ {2}-o, --output <format>/);
    }
  });

  it('flagctl --help lists every top-level command', async () => {
    const r = await runCli(['--help']);
    for (const name of ['feature', 'features', 'project', 'insights', 'auth', 'completion']) {
      expect(r.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
    }
  });

  it("flagctl --version and -V print the version (the bundle's is checked against package.json in pack.test.ts)", async () => {
    for (const flag of ['--version', '-V']) {
      const r = await runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?\n$/);
      expect(r.stderr).toBe('');
    }
  });
});

describe('mistakes', () => {
  it.each([
    [['featurs', 'search'], "unknown command 'featurs'", '(Did you mean one of feature, features?)'],
    [['feature', 'gte'], "unknown command 'gte'", '(Did you mean get?)'],
    [['features', 'serch'], "unknown command 'serch'", '(Did you mean search?)'],
    [['features', 'search', '--sort-oder', 'asc'], "unknown option '--sort-oder'", '(Did you mean --sort-order?)'],
    [['insights', '--sektion', 'users'], "unknown option '--sektion'", '(Did you mean --section?)'],
    [['--profil', 'prod', 'insights'], "unknown option '--profil'", '(Did you mean --profile?)'],
  ])('%j suggests the closest match and exits 2, sending nothing', async (argv, message, suggestion) => {
    let requests = 0;
    server.once('request', () => requests++);
    const r = await runCli(argv, { env: { FLAGCTL_URL: url, FLAGCTL_TOKEN: '*:*.example' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`flagctl: ${message}`);
    expect(r.stderr).toContain(suggestion);
    expect(r.stdout).toBe('');
    expect(requests).toBe(0);
  });
});
