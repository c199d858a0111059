import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, sendJson } from '../support/fixture-server.js';
import { makeFeatures, pageOf, SEARCH_PATH } from '../support/search-fixture.js';

// The built CLI with its stdout on /dev/full and on a pipe whose reader goes away. A gate's exit
// code must come from all of its data, whatever became of its output (README "Exit codes").

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const TOKEN = '*:*.outputsuitesecret0123456789abcdef';
const all = makeFeatures(250);
const server = new FixtureServer();
/** Pages after the first are held until the test has closed the pipe, so the next write meets EPIPE. */
let readerGone: Promise<void> = Promise.resolve();

beforeAll(async () => {
  await server.start();
  server.route(SEARCH_PATH, (_req, res, url) => {
    const page = pageOf(all, url);
    if (url.searchParams.get('offset') === '0') return sendJson(res, 200, page);
    void readerGone.then(() => sendJson(res, 200, page));
  });
  // refs: every flag of the search is archived; the tree references f-001 on 3,000 lines (far
  // more than a pipe holds, so the writes after the reader left meet EPIPE).
  server.json('/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'default' }] });
  server.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: 40 }] });
  server.json('/api/admin/projects/default/features', { version: 2, features: [] });
  server.json('/api/admin/segments', {
    segments: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `segment-${i}` })),
  });
});
afterAll(() => server.stop());
const tree = mkdtempSync(join(tmpdir(), 'flagctl-output-refs-'));
writeFileSync(join(tree, 'app.ts'), "if (unleash.isEnabled('f-001')) {}\n".repeat(3000));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const env = () => ({
  ...process.env,
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: TOKEN,
  FLAGCTL_CONFIG_DIR: '/nonexistent',
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ReturnType<typeof spawn>): Promise<Exit> {
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: '', stderr })));
}

/** Runs the CLI, reads its first chunk of stdout, then closes the pipe as `head -1` does. */
async function closingReader(args: string[], holdPages = true): Promise<Exit & { first: string }> {
  let release: () => void = () => undefined;
  readerGone = holdPages ? new Promise((r) => (release = r)) : Promise.resolve();
  const child = spawn(BIN, args, { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  const done = collect(child);
  const first = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString())),
  );
  child.stdout!.destroy();
  release();
  return { ...(await done), first };
}

async function intoDevFull(args: string[]): Promise<Exit> {
  const fd = openSync('/dev/full', 'w');
  try {
    return await collect(spawn(BIN, args, { env: env(), stdio: ['ignore', fd, 'pipe'] }));
  } finally {
    closeSync(fd);
  }
}

describe('a closed pipe', () => {
  it('does not turn a failing gate into exit 0: features stale reads every page and exits 3', async () => {
    const r = await closingReader(['features', 'stale', '--max', '0']);
    expect(r.first).toMatch(/^NAME\tTYPE\tPROJECT\tREASON\tCREATEDAT\n/);
    expect(r.stderr).toBe('flagctl: 250 stale flags, more than the 0 allowed (--max)\n');
    expect(r.code).toBe(3);
  });

  it('does not turn refs --fail-on archived into exit 0', async () => {
    const r = await closingReader(['refs', tree, '--fail-on', 'archived', '-o', 'ndjson'], false);
    expect(JSON.parse(r.first.split('\n')[0]!).name).toBe('f-001');
    expect(r.stderr).toBe('flagctl: 3000 references to flags that are archived (--fail-on)\n');
    expect(r.code).toBe(3);
  });

  it('does not turn features search --fail-if-any into exit 0: it reads every page and exits 3', async () => {
    const r = await closingReader(['features', 'search', '--all', '--fail-if-any', '-o', 'ndjson']);
    expect(JSON.parse(r.first.split('\n')[0]!).name).toBe('f-001');
    expect(r.stderr).toBe('flagctl: 250 features match (--fail-if-any)\n');
    expect(r.code).toBe(3);
  });

  it('ends a listing quietly with exit 0', async () => {
    const r = await closingReader(['features', 'search', '--all', '-o', 'ndjson']);
    expect(JSON.parse(r.first.split('\n')[0]!).name).toBe('f-001');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('stdout on /dev/full (ENOSPC)', () => {
  it('features search exits 1 naming stdout', async () => {
    const r = await intoDevFull(['features', 'search', '-o', 'json']);
    expect(r.stderr).toBe(
      'flagctl: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(r.code).toBe(1);
  });

  it('api exits 1 naming stdout', async () => {
    const r = await intoDevFull(['api', '/api/admin/segments']);
    expect(r.stderr).toBe(
      'flagctl: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(r.code).toBe(1);
  });
});
