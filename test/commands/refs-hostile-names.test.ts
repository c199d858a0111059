import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// refs prints file names and source lines of the scanned tree: a pull request chooses both.
// A regression suite (these were already inert when it was written, apart from `##[` and a
// line-opening `::`, see hostile-workflow.test.ts): every format, hostile names and lines.

const server = useFixtureServer();
const env = () => ({
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef',
  FLAGCTL_CONFIG_DIR: '/nonexistent',
});
const NAMES = [
  'nl\n::error::pwn.ts',
  'tab\tx.ts',
  'esc\u001b]0;t\u0007.ts',
  'pct%0Ax.ts',
  '=cmd.ts',
  '+cmd.ts',
  '@cmd.ts',
  'bidi\u202eg.ts',
  'colon::x,y.ts',
  'c1\u009bx.ts',
  'cr\rx.ts',
];
const LINE =
  'if (isEnabled("old-flag")) go(); // \u001b]8;;https://evil.example\u001b\\L \u009b2J \u202e <!-- | `x` \r::error::cr';
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function tree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flagctl-hostile-names-'));
  for (const name of NAMES) writeFileSync(join(dir, name), `${LINE}\n`);
  server.json('/api/admin/projects', { projects: [{ id: 'default', name: 'default' }] });
  server.json('/api/admin/feature-types', { types: [{ id: 'release', lifetimeDays: 40 }] });
  server.json('/api/admin/projects/default/features', {
    features: [
      { name: 'old-flag', type: 'release', stale: true, createdAt: '2020-01-01T00:00:00.000Z', environments: [] },
    ],
  });
  server.json('/api/admin/projects/default/features/old-flag/lifecycle', [
    { stage: 'live', enteredStageAt: '2020-01-01T00:00:00.000Z' },
  ]);
  server.json('/api/admin/search/features', { features: [], total: 0 });
  return dir;
}

describe('refs with hostile file names and source lines', () => {
  it('-o github: one well-formed annotation per reference, properties escaped', async () => {
    // One file left out: GitHub shows 10 warnings a step, and -o github annotates no more.
    const r = await runCli(['refs', tree(), '-o', 'github', '--exclude', '+cmd.ts'], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(NAMES.length - 1);
    for (const line of lines)
      expect(line).toMatch(
        /^::warning file=[^:,\n]*,line=1,col=\d+,title=Stale flag%3A old-flag::old-flag \(project default, lifecycle live\) is marked stale and still referenced here$/,
      );
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain('/nl%0A%3A%3Aerror%3A%3Apwn.ts,');
    expect(r.stdout).toContain('/pct%250Ax.ts,');
  });

  for (const tty of [false, true]) {
    it(`table ${tty ? 'on a terminal' : 'piped'}: one line per reference, nothing raw`, async () => {
      const r = await runCli(['refs', tree(), '--columns', 'file,text', '--no-headers'], {
        env: env(),
        stdoutIsTTY: tty,
        columns: 400,
      });
      expect(r.code).toBe(0);
      expect(r.stdout.replace(/\u001b\[\d{1,2}(;\d{1,2})*m/g, '').replace(/[\n\t]/g, '')).not.toMatch(RAW);
      if (!tty) expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(NAMES.length);
      expect(r.stdout).toContain('nl\\n::error::pwn.ts');
    });
  }

  it('csv: a formula cell and a line-opening :: are guarded', async () => {
    const dir = tree();
    writeFileSync(join(dir, 'formula.ts'), '=HYPERLINK("https://evil.example", isEnabled("old-flag"))\n');
    const r = await runCli(['refs', dir, '-o', 'csv', '--columns', 'file,text'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `${dir}/formula.ts,"'=HYPERLINK(""https://evil.example"", isEnabled(""old-flag""))"\r\n`,
    );
    // The inner line of the quoted name would start a line of a CI log: the default guard escapes its `:`.
    expect(r.stdout).toContain(`"${dir}/nl\n\\x3a:error::pwn.ts"`);
  });

  it('-o sarif: valid JSON holding the names and the line as they are', async () => {
    const r = await runCli(['refs', tree(), '-o', 'sarif'], { env: env() });
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    const snippets = log.runs[0].results.map((x: any) => x.locations[0].physicalLocation.region.snippet.text);
    for (const text of snippets) expect(text).toContain('isEnabled("old-flag")');
    expect(log.runs[0].results).toHaveLength(NAMES.length);
  });
});
