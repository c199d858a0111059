import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import type { Plan } from '../../src/retire/model.js';
import { runCli } from '../support/io.js';
import { serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// The plan that is reviewed is the plan that is applied (issue 33, item 10): `retire plan
// --out` writes the file and prints the table in one run, `retire show` renders that file
// (reading no server), and markdown names are code spans a reviewer can copy exactly.

const { server, dir, tree, clock, cli } = useRetireCli('retire-show');

const FLAGS: FixtureFlag[] = [
  { name: 'legacy_search', stale: true },
  { name: 'a`b', stale: true },
  { name: '`tick', stale: true },
  { name: 'x|y', stale: true },
  { name: '<b>*bold*</b>', stale: true },
  { name: 'keep-me' },
];

/** No server at all: show must not need one. */
const offline = (args: string[]) => runCli(args, { env: { FLAGCTL_CONFIG_DIR: '/nonexistent' }, clock: clock() });

async function planFile(name = 'plan.json'): Promise<{ path: string; plan: Plan; stdout: string }> {
  serveCleanup(server, FLAGS);
  const path = join(dir, name);
  const r = await cli(['retire', 'plan', tree, '--out', path]);
  expect(r.code, r.stderr).toBe(0);
  server.reset();
  return { path, plan: JSON.parse(readFileSync(path, 'utf8')) as Plan, stdout: r.stdout };
}

describe('retire plan --out', () => {
  it('writes the plan file (the -o json document) and prints the table in the same run', async () => {
    const { path, plan, stdout } = await planFile();
    expect(plan).toMatchObject({ kind: 'flagctl-retire-plan', version: 2, project: 'default' });
    expect(plan.flags.map((f) => f.name).sort()).toEqual(['<b>*bold*</b>', '`tick', 'a`b', 'legacy_search', 'x|y']);
    expect(stdout.split('\n')[0]).toMatch(/^NAME\tVERDICT\tWHY/);
    expect(stdout).toContain('legacy_search\tarchive\tstale');
    // The same document as -o json.
    serveCleanup(server, FLAGS);
    const json = await cli(['retire', 'plan', tree, '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(plan);
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
  });

  it('a file that cannot be written exits 1 naming it, and prints nothing', async () => {
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '--out', join(dir, 'no-such-dir', 'plan.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(join(dir, 'no-such-dir', 'plan.json'));
    expect(r.stdout).toBe('');
  });
});

describe('retire show', () => {
  it('renders the file as the plan did, with no server: table, json (the file), markdown with the file digest', async () => {
    const { path, plan, stdout } = await planFile();
    const table = await offline(['retire', 'show', path]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toBe(stdout);
    const json = await offline(['retire', 'show', path, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(plan);
    const md = await offline(['retire', 'show', path, '-o', 'markdown']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain(
      `Apply with \`flagctl retire apply ${path} --expect-digest ${plan.digest}\` (it refuses a file with any other digest).`,
    );
    const gh = await offline(['retire', 'show', path, '-o', 'github']);
    expect(gh.code, gh.stderr).toBe(0);
    expect(gh.stdout).toContain('::notice title=Flag ready to archive%3A legacy_search::legacy_search: archive: ');
    expect(server.requests).toEqual([]);
  });

  it('the table (plan --out, show) names the file digest on stderr, with the apply line that holds the review to it', async () => {
    const { path, plan } = await planFile();
    const line = `Plan digest ${plan.digest}: apply what was reviewed with: flagctl retire apply ${path} --expect-digest ${plan.digest}\n`;
    const table = await offline(['retire', 'show', path]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toBe(line);
    serveCleanup(server, FLAGS);
    const again = join(dir, 'again.json');
    const made = await cli(['retire', 'plan', tree, '--out', again]);
    expect(made.code, made.stderr).toBe(0);
    const digest = (JSON.parse(readFileSync(again, 'utf8')) as Plan).digest;
    expect(made.stderr).toContain(
      `Plan digest ${digest}: apply what was reviewed with: flagctl retire apply ${again} --expect-digest ${digest}\n`,
    );
    // Without a file there is no digest to hold a later run to: none is shown.
    serveCleanup(server, FLAGS);
    const bare = await cli(['retire', 'plan', tree]);
    expect(bare.stderr).not.toContain('Plan digest');
  });

  it('markdown names are code spans copied as they are: no backslash escapes, a longer fence around a backtick', async () => {
    const { path } = await planFile();
    const md = await offline(['retire', 'show', path, '-o', 'markdown']);
    const cells = md.stdout
      .split('\n')
      .filter((l) => l.includes('**archive**'))
      .map((l) => l.slice(2, l.indexOf(' | **archive**')));
    expect(cells.sort()).toEqual(['`<b>*bold*</b>`', '`legacy_search`', '`x\\|y`', '`` `tick ``', '``a`b``'].sort());
  });

  it('retire plan -o markdown writes the same code spans: a name is copied from the comment as it is', async () => {
    serveCleanup(server, FLAGS);
    const md = await cli(['retire', 'plan', tree, '-o', 'markdown']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('| `legacy_search` | **archive** |');
    expect(md.stdout).toContain('| ``a`b`` | **archive** |');
    expect(md.stdout).toContain('### Feature flags to retire (project `default`)');
  });

  it('a plan edited after it was written is refused (exit 2), as apply refuses it', async () => {
    const { path, plan } = await planFile();
    plan.flags[0]!.verdict = 'blocked';
    writeFileSync(path, JSON.stringify(plan));
    const r = await offline(['retire', 'show', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flagctl: plan file "${path}": its content does not match its digest: it was changed after \`retire plan\` wrote it. Make a new one with \`flagctl retire plan --out plan.json\`.\n`,
    );
    expect(r.stdout).toBe('');
  });
});
