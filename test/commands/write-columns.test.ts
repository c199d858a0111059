import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import { serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// `--columns` is offered by retire plan, retire show, retire apply and features revive (their
// tables), but they drew fixed columns: `--columns name,verdict` was silently ignored, and a
// mistyped column went unnoticed, even by the two writes, which then sent their requests. The
// columns are now resolved before anything is sent, as in every other command.

const { server, dir, tree, cli } = useRetireCli('write-columns');
const FLAGS: FixtureFlag[] = [{ name: 'legacy_search', stale: true }, { name: 'keep-me' }];

async function planFile(): Promise<string> {
  serveCleanup(server, FLAGS);
  const path = join(dir, 'plan.json');
  const r = await cli(['retire', 'plan', tree, '--out', path]);
  expect(r.code, r.stderr).toBe(0);
  server.reset();
  return path;
}

const UNKNOWN = /^flagctl: --columns: unknown column "nosuch"; accepted: name, /;

describe('--columns in retire and revive', () => {
  it('retire show draws the columns asked for, in that order', async () => {
    const path = await planFile();
    const r = await cli(['retire', 'show', path, '--columns', 'verdict,name']);
    // Only the digest line the table of a file ends with (retire-show.test.ts).
    expect(r.stderr).toMatch(/^Plan digest sha256:[0-9a-f]{64}: apply what was reviewed with: [^\n]*\n$/);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['VERDICT\tNAME', 'archive\tlegacy_search']);
  });

  it('retire plan draws them too; a mistyped one exits 2 before any request', async () => {
    serveCleanup(server, FLAGS);
    const r = await cli(['retire', 'plan', tree, '--columns', 'name,why']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('NAME\tWHY');
    server.reset();
    const bad = await cli(['retire', 'plan', tree, '--columns', 'nosuch']);
    expect(bad.stderr).toMatch(UNKNOWN);
    expect(bad.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('retire apply with a mistyped column exits 2 and sends nothing', async () => {
    const path = await planFile();
    const r = await cli(['retire', 'apply', path, '--yes', '--columns', 'nosuch']);
    expect(r.stderr).toMatch(UNKNOWN);
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('features revive with a mistyped column exits 2 and sends nothing', async () => {
    const r = await cli(['features', 'revive', 'legacy_search', '--columns', 'nosuch']);
    expect(r.stderr).toMatch(UNKNOWN);
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });
});
