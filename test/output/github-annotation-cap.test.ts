import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// GitHub shows a step's first 10 error and 10 warning annotations and drops the rest without a
// word. The github adapter annotates the first ten of each level, for every command; the rest are
// named on stderr and listed in the job summary.

const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-annotation-cap-'));
const env = (summary?: string) => ({
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef',
  ...(summary ? { GITHUB_STEP_SUMMARY: summary } : {}),
});

function stale(n: number): void {
  const features = Array.from({ length: n }, (_, i) => ({
    name: `old-${String(i).padStart(2, '0')}`,
    type: 'release',
    project: 'default',
    stale: true,
    environments: [],
  }));
  server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features, total: n }));
}

describe("-o github keeps to GitHub's 10 annotations a level", () => {
  it('features stale: 12 stale flags give 10 warnings; the other 2 are named on stderr and listed in the job summary', async () => {
    stale(12);
    const summary = join(dir, 'stale.md');
    const r = await runCli(['features', 'stale', '-o', 'github'], { env: env(summary) });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.every((l) => l.startsWith('::warning '))).toBe(true);
    expect(r.stderr).toContain(
      'flagctl: 2 more findings not annotated (GitHub shows 10 warnings a step); they are listed in the job summary',
    );
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('12 stale flags');
    expect(md).toContain('2 more are listed here');
    expect(md).toContain('old-10');
    expect(md).toContain('old-11');
  });

  it('10 or fewer: all annotated, nothing said', async () => {
    stale(10);
    const r = await runCli(['features', 'stale', '-o', 'github'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(10);
    expect(r.stderr).not.toContain('not annotated');
  });

  it('without a job summary, stderr says so without pointing at one', async () => {
    stale(11);
    const r = await runCli(['features', 'stale', '-o', 'github'], { env: env() });
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(10);
    expect(r.stderr).toContain('flagctl: 1 more finding not annotated (GitHub shows 10 warnings a step)\n');
  });
});
