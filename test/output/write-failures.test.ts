import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { testIO } from '../support/io.js';
import { makeFeatures, SEARCH_PATH, searchOver } from '../support/search-fixture.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

// Every write to stdout is checked (io.ts): a full disk fails the run, a closed pipe ends a
// plain listing quietly, and a gate reads all of its data when nobody reads its output.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();

/** A stdout that takes `okWrites` writes, then fails every write with `code`, as a pipe or a disk does. */
class FailingOutput extends Writable {
  text = '';
  writes = 0;
  constructor(
    private readonly code: string,
    private readonly okWrites: number,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (err?: Error) => void): void {
    if (this.writes++ >= this.okWrites) {
      done(Object.assign(new Error(`write ${this.code}`), { code: this.code }));
      return;
    }
    this.text += chunk.toString();
    done();
  }
}

async function run(argv: string[], out: FailingOutput) {
  const io = testIO({ env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN } });
  io.stdout = out;
  const code = await main(argv, io);
  return { code, stdout: out.text, stderr: io.err.text };
}

const searches = () => server.requests.filter((r) => r.url.startsWith(SEARCH_PATH)).length;

describe('a failed write', () => {
  it('on a full disk (ENOSPC) exits 1 naming stdout, and stops', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(2500)));
    const r = await run(['features', 'search', '--all', '-o', 'ndjson'], new FailingOutput('ENOSPC', 3));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    expect(searches()).toBeLessThanOrEqual(5);
  });

  it('of the last line (EIO) still exits 1', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(2)));
    const r = await run(['features', 'search', '-o', 'ndjson'], new FailingOutput('EIO', 1));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('flagctl: cannot write to stdout: input/output error (EIO); the output is incomplete\n');
  });
});

describe('a failed write of a snapshot', () => {
  it('export to a full disk exits 1 naming stdout: a partial snapshot never looks complete', async () => {
    serveProject(server, v8Project());
    const r = await run(['export', '--env', 'production'], new FailingOutput('ENOSPC', 0));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'flagctl: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(r.stdout).toBe('');
  });
});

describe('a failed write to a file', () => {
  it('GITHUB_STEP_SUMMARY on a full device exits 1 naming it, even when the gate passes', async () => {
    server.json(SEARCH_PATH, { features: [], total: 0 });
    const io = testIO({ env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, GITHUB_STEP_SUMMARY: '/dev/full' } });
    const code = await main(['features', 'stale', '-o', 'github'], io);
    expect(io.err.text).toBe(
      'flagctl: cannot write to GITHUB_STEP_SUMMARY (/dev/full): no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(code).toBe(1);
  });
});

describe('a closed pipe (EPIPE)', () => {
  it('ends a listing at once with exit 0 and nothing on stderr, without reading further pages', async () => {
    // 25 pages: at most the first and the few asked for ahead (--concurrency 4) are fetched.
    server.route(SEARCH_PATH, searchOver(makeFeatures(2500)));
    const r = await run(['features', 'search', '--all', '-o', 'ndjson'], new FailingOutput('EPIPE', 1));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(searches()).toBeLessThanOrEqual(5);
  });

  it('does not make a failing gate pass: features stale reads every page and exits 3 with the full count', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(250)));
    const out = new FailingOutput('EPIPE', 1);
    const r = await run(['features', 'stale', '--max', '0'], out);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: 250 stale flags, more than the 0 allowed (--max)\n');
    expect(r.stdout).toBe('NAME\tTYPE\tPROJECT\tREASON\tCREATEDAT\n');
  });

  it('lets a passing gate pass: features stale --max 300 exits 0', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(250)));
    const r = await run(['features', 'stale', '--max', '300', '-o', 'csv'], new FailingOutput('EPIPE', 1));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('does not make a failing search gate pass: features search --fail-if-any reads every page and exits 3', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(250)));
    const r = await run(
      ['features', 'search', '--all', '--fail-if-any', '-o', 'ndjson'],
      new FailingOutput('EPIPE', 1),
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: 250 features match (--fail-if-any)\n');
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(searches()).toBe(3);
  });

  it('features search without --fail-if-any still stops quietly with exit 0', async () => {
    server.route(SEARCH_PATH, searchOver(makeFeatures(2500)));
    const r = await run(['features', 'search', '--all', '-o', 'csv'], new FailingOutput('EPIPE', 1));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(searches()).toBeLessThanOrEqual(5);
  });

  it('does not make diff pass: drift exits 3 with no reader', async () => {
    serveProject(server, v8Project());
    const r = await run(['diff', 'development', 'production'], new FailingOutput('EPIPE', 0));
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
  });

  it('does not make evaluate --expect pass: exits 3 naming the feature with no reader', async () => {
    const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
    server.json('/api/admin/environments', load('environments-v8.json'));
    server.route('/api/admin/playground', (_q, res) => sendJson(res, 200, load('playground-v8.json')), 'POST');
    const r = await run(
      ['evaluate', 'retire-old-cart', '--env', 'development', '--expect', 'on', '-o', 'csv'],
      new FailingOutput('EPIPE', 0),
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('flagctl: retire-old-cart is off in development for this context; expected on\n');
  });
});
