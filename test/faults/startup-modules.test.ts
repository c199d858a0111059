import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureServer, loadedModules, tracedPackage, UNWANTED } from '../support/startup-modules.js';

// On the machine's Node; test/artifact/startup-modules.test.ts runs the same on the pinned Node 24.

let server: Awaited<ReturnType<typeof featureServer>>;
const dir = mkdtempSync(join(tmpdir(), 'flagctl-traced-'));
let traced = '';
beforeAll(async () => {
  server = await featureServer();
  traced = tracedPackage(dir);
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('start-up of feature get', () => {
  it('loads neither fs/promises, perf_hooks, zlib, node:module nor worker_threads (nor what they bring)', async () => {
    const r = await loadedModules(process.execPath, server.url, ['feature', 'get', 'f', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http'); // the list is real: the request was made
    expect(r.modules.filter((m) => UNWANTED.test(m))).toEqual([]);
  });

  // Issue 23: the fast path (dist/feature-get.cjs) runs the query without commander's tree and
  // checks the document without zod.
  it('evaluates neither commander nor zod: the fast path runs it', async () => {
    const r = await loadedModules(
      process.execPath,
      server.url,
      ['feature', 'get', 'f', '-o', 'json'],
      undefined,
      traced,
    );
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http');
    expect(r.evaluated).toEqual([]);
  });

  // Issue 38: cleanup's parser (src/cleanup/, the only way to web-tree-sitter) is loaded by
  // cleanup alone; the fast path's test above sees none of it either.
  it('features search evaluates none of cleanup (the whole CLI runs it)', async () => {
    const r = await loadedModules(
      process.execPath,
      server.url,
      ['features', 'search', '--limit', '1', '-o', 'json'],
      undefined,
      traced,
    );
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http');
    expect(r.evaluated).toContain('commander');
    expect(r.evaluated).not.toContain('cleanup');
  });

  it('cleanup evaluates its parser (the trace of cleanup works)', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'flagctl-cleanup-tree-'));
    try {
      writeFileSync(join(tree, 'a.ts'), "if (unleash.isEnabled('f')) {\n  on();\n}\n");
      const r = await loadedModules(
        process.execPath,
        server.url,
        ['cleanup', 'f', tree, '--keep', 'on'],
        undefined,
        traced,
      );
      expect(r.code).toBe(0);
      expect(r.evaluated).toContain('cleanup');
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it.each([
    ['--help', ['feature', 'get', '--help'], 0],
    ['-ojson, a form the fast path leaves to commander', ['feature', 'get', 'f', '-ojson'], 0],
    ['a usage error', ['feature', 'get', 'f', '--bogus'], 2],
  ])('runs the whole CLI for %s (the trace works)', async (_what, args, code) => {
    const r = await loadedModules(process.execPath, server.url, args as string[], undefined, traced);
    expect(r.code).toBe(code);
    expect(r.evaluated).toContain('commander');
  });
});
