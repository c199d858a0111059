import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNode, NODE_VERSION } from '../../scripts/node-runtime.mjs';
import { featureServer, loadedModules, tracedPackage, UNWANTED } from '../support/startup-modules.js';

// test/faults/startup-modules.test.ts on the pinned Node 24, with and without the code cache:
// Node 24 loads some of its internals lazily where Node 20 did not, and esbuild's interop had
// them loaded at start-up (node:util's names brought worker_threads and the streams).

let server: Awaited<ReturnType<typeof featureServer>>;
let node = '';
let traced = '';
const home = mkdtempSync(join(tmpdir(), 'flagctl-startup-cache-'));
const tracedHome = mkdtempSync(join(tmpdir(), 'flagctl-startup-cache-'));
const dir = mkdtempSync(join(tmpdir(), 'flagctl-traced-'));
beforeAll(async () => {
  node = ensureNode();
  server = await featureServer();
  traced = tracedPackage(dir);
}, 300_000);
afterAll(async () => {
  await server.close();
  for (const d of [home, tracedHome, dir]) rmSync(d, { recursive: true, force: true });
});

describe(`start-up of feature get on Node ${NODE_VERSION}`, () => {
  it.each([
    ['making its code cache', 1],
    ['from its code cache', 2],
  ])('loads no module it does not use, %s', async (_label, runs) => {
    let r = await loadedModules(node, server.url, ['feature', 'get', 'f', '-o', 'json'], home);
    for (let i = 1; i < runs; i++)
      r = await loadedModules(node, server.url, ['feature', 'get', 'f', '-o', 'json'], home);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http');
    expect(r.modules.filter((m) => UNWANTED.test(m))).toEqual([]);
  });

  it.each([
    ['making its code cache', 1],
    ['from its code cache', 2],
  ])('evaluates neither commander nor zod (the fast path), %s', async (_label, runs) => {
    let r = await loadedModules(node, server.url, ['feature', 'get', 'f', '-o', 'json'], tracedHome, traced);
    for (let i = 1; i < runs; i++)
      r = await loadedModules(node, server.url, ['feature', 'get', 'f', '-o', 'json'], tracedHome, traced);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http');
    expect(r.evaluated).toEqual([]);
  });

  it('runs the whole CLI for a form the fast path leaves to commander (the trace works)', async () => {
    const r = await loadedModules(node, server.url, ['feature', 'get', 'f', '-ojson'], tracedHome, traced);
    expect(r.code).toBe(0);
    expect(r.evaluated).toContain('commander');
  });
});
